package io.unboundedcloud.racer.release;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads what {@link GoldenBatch} printed: case name to {exit code, stdout, stderr}, in order. */
final class GoldenBatchOutput {
  private GoldenBatchOutput() {}

  static Map<String, String[]> parse(byte[] printed) {
    Map<String, String[]> cases = new LinkedHashMap<>();
    int at = 0;
    while (at < printed.length) {
      int end = at;
      while (printed[end] != '\n') {
        end++;
      }
      String[] header = new String(printed, at, end - at, StandardCharsets.UTF_8).split(" ");
      if (header.length != 5 || !"case".equals(header[0])) {
        throw new IllegalStateException("not a GoldenBatch header: " + String.join(" ", header));
      }
      int out = Integer.parseInt(header[3]);
      int err = Integer.parseInt(header[4]);
      at = end + 1;
      String stdout = new String(printed, at, out, StandardCharsets.UTF_8);
      String stderr = new String(printed, at + out, err, StandardCharsets.UTF_8);
      at += out + err;
      cases.put(header[1], new String[] {header[2], stdout, stderr});
    }
    return cases;
  }
}
