package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Renders every golden case in one JVM, inside a released image: an emulated JVM starts in seconds,
 * so one process for all cases keeps the arm64 check short. Needs nothing but the image's jars and
 * this class. For each folder CASES/NAME/input.yaml, in name order, prints a header line {@code
 * case NAME EXIT STDOUT_BYTES STDERR_BYTES}, then the run's stdout and stderr bytes.
 *
 * <p>Usage: {@code java -cp APP_JARS:THIS GoldenBatch CASES}
 */
public final class GoldenBatch {
  private GoldenBatch() {}

  public static void main(String[] args) throws IOException {
    Path cases = Path.of(args[0]);
    List<Path> folders;
    try (Stream<Path> list = Files.list(cases)) {
      folders = list.filter(f -> Files.isRegularFile(f.resolve("input.yaml"))).sorted().toList();
    }
    PrintStream real = System.out;
    for (Path folder : folders) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit;
      try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
          PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
        exit =
            Command.run(
                new String[0],
                new ByteArrayInputStream(Files.readAllBytes(folder.resolve("input.yaml"))),
                o,
                e);
      }
      real.print(
          "case " + folder.getFileName() + " " + exit + " " + out.size() + " " + err.size() + "\n");
      real.write(out.toByteArray());
      real.write(err.toByteArray());
    }
    real.flush();
  }
}
