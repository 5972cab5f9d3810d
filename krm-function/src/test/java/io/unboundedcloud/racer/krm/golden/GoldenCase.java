package io.unboundedcloud.racer.krm.golden;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * One golden folder: {@code input.yaml} (the ResourceList a tool sends), {@code expected.yaml} (the
 * exact stdout, results included), {@code expected-exit-code} and {@code expected-stderr.txt} (one
 * line each).
 */
public record GoldenCase(Path folder) {
  static final String INPUT = "input.yaml";
  static final String EXPECTED = "expected.yaml";
  static final String EXPECTED_EXIT_CODE = "expected-exit-code";
  static final String EXPECTED_STDERR = "expected-stderr.txt";

  public String name() {
    return folder.getFileName().toString();
  }

  String input() {
    return read(INPUT);
  }

  public String expectedStdout() {
    return read(EXPECTED);
  }

  public int expectedExitCode() {
    return Integer.parseInt(read(EXPECTED_EXIT_CODE).strip());
  }

  public List<String> expectedStderr() {
    return read(EXPECTED_STDERR).lines().toList();
  }

  /**
   * The {@code golden.update} switch: rewrites the expected files from a run, then stops the test,
   * since a run with the switch verifies nothing. It fails naming the files it rewrote, or, when
   * every file already held what the run gave, is aborted; either way it says to run again without
   * the switch.
   */
  void rewriteFrom(KrmRun run) {
    List<String> rewritten = new ArrayList<>();
    rewrite(EXPECTED, run.stdout(), rewritten);
    rewrite(EXPECTED_EXIT_CODE, run.exitCode() + "\n", rewritten);
    rewrite(EXPECTED_STDERR, run.stderr(), rewritten);
    String again = "run the tests again without -Dgolden.update=true to verify";
    if (rewritten.isEmpty()) {
      Assumptions.abort(
          name()
              + ": -Dgolden.update=true rewrote nothing, the expected files already hold this"
              + " run; "
              + again);
    }
    Assertions.fail(
        name()
            + ": -Dgolden.update=true rewrote "
            + String.join(", ", rewritten)
            + " in "
            + folder
            + " from this run; review the diff against docs/dataplane.md, then "
            + again);
  }

  private void rewrite(String file, String text, List<String> rewritten) {
    Path path = folder.resolve(file);
    if (!Files.exists(path) || !read(file).equals(text)) {
      write(file, text);
      rewritten.add(file);
    }
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
