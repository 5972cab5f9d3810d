package io.unboundedcloud.racer.krm.golden;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
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
  void update(KrmRun run) {
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
}
