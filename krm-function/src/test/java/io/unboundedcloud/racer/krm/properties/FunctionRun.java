package io.unboundedcloud.racer.krm.properties;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One in-process run of the function as kustomize and kpt start it (no arguments, ResourceList on stdin).
 *
 * @param exitCode the exit code
 * @param stdout everything written to stdout
 * @param stderr everything written to stderr
 */
record FunctionRun(int exitCode, String stdout, String stderr) {
  static FunctionRun of(String stdin) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code =
          Command.run(
              new String[0], new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), stdout, stderr);
    }
    return new FunctionRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The output without its top-level {@code results}, as the next function of a pipeline gets it. */
  String stdoutWithoutResults() {
    int start = stdout.indexOf("\nresults:");
    return start < 0 ? stdout : stdout.substring(0, start + 1);
  }
}
