package io.unboundedcloud.racer.krm.golden;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One golden folder: {@code input.yaml} (the ResourceList a tool sends), {@code expected.yaml} (the exact
 * stdout, results included), {@code expected-exit-code} and {@code expected-stderr.txt} (one line each).
 */
record GoldenCase(Path folder) {
  static final String INPUT = "input.yaml";
  static final String EXPECTED = "expected.yaml";
  static final String EXPECTED_EXIT_CODE = "expected-exit-code";
  static final String EXPECTED_STDERR = "expected-stderr.txt";

  String name() {
    return folder.getFileName().toString();
  }

  String input() {
    return read(INPUT);
  }

  String expectedStdout() {
    return read(EXPECTED);
  }

  int expectedExitCode() {
    return Integer.parseInt(read(EXPECTED_EXIT_CODE).strip());
  }

  List<String> expectedStderr() {
    return read(EXPECTED_STDERR).lines().toList();
  }

  /** Rewrites the expected files from a run (the {@code golden.update} switch). */
  void update(Run run) {
    write(EXPECTED, run.stdout());
    write(EXPECTED_EXIT_CODE, run.exitCode() + "\n");
    write(EXPECTED_STDERR, run.stderr());
  }

  private String read(String file) {
    try {
      return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(name() + ": cannot read " + file, e);
    }
  }

  private void write(String file, String text) {
    try {
      Files.writeString(folder.resolve(file), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(name() + ": cannot write " + file, e);
    }
  }

  /** What one in-process run of the function (no arguments: KRM function mode) gave. */
  record Run(int exitCode, String stdout, String stderr) {
    static Run of(String stdin) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code;
      try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
          PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
        code =
            Command.run(
                new String[0],
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                stdout,
                stderr);
      }
      return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    List<String> stderrLines() {
      return stderr.lines().toList();
    }
  }

  /**
   * A ResourceList's text without its top-level {@code results} (always the last key the function writes),
   * as a tool sends the output of one function to the next.
   */
  static String withoutResults(String resourceList) {
    if (resourceList.startsWith("results:")) {
      throw new IllegalArgumentException("a ResourceList that starts with results");
    }
    int start = resourceList.indexOf("\nresults:");
    return start < 0 ? resourceList : resourceList.substring(0, start + 1);
  }
}
