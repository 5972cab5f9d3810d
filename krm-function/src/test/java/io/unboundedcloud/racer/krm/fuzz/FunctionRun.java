package io.unboundedcloud.racer.krm.fuzz;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of racer-krm on bytes, as kustomize or kpt would start it: stdin to stdout. */
record FunctionRun(int exit, byte[] stdout, String stderr) {
  static FunctionRun of(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Command.run(args, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new FunctionRun(exit, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
  }

  String describe() {
    String out = new String(stdout, StandardCharsets.UTF_8);
    return "exit " + exit + "\n--- stderr:\n" + stderr + "--- stdout (first 2000 chars):\n"
        + out.substring(0, Math.min(2000, out.length()));
  }
}
