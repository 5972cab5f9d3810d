package io.unboundedcloud.racer.krm.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Golden folders under {@code src/test/resources/golden/<case>/}: each input ResourceList is run
 * through the function in-process (as kustomize and kpt start it: no arguments), and stdout must
 * equal {@code expected.yaml} byte for byte, the exit code {@code expected-exit-code}, stderr
 * {@code expected-stderr.txt}. A case that exits 0 is run again on its own output without results,
 * as a tool chaining functions would send it, and must give the same bytes (idempotence).
 *
 * <p>To rewrite the expected files after an intended change, run with {@code -Dgolden.update=true}:
 *
 * <pre>
 * mvn -B -pl krm-function -am test -Dtest='io.unboundedcloud.racer.krm.golden.**' \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true
 * </pre>
 *
 * and review every changed file against docs/dataplane.md before committing it (see the folder's
 * README.md). A run with the switch never passes: each case whose files it rewrote fails, naming
 * them, and each case it left as it was is aborted; run again without the switch to verify. The
 * idempotence check is never rewritten: it compares two runs, not a file.
 */
@DisplayName("Golden ResourceLists")
class GoldenResourceListTest {
  /**
   * Rewrites expected.yaml, expected-exit-code and expected-stderr.txt, then stops each case
   * unverified.
   */
  static final boolean UPDATE = Boolean.getBoolean("golden.update");

  /**
   * The source folder (surefire runs in the module's directory), so that updates land in the
   * sources.
   */
  static final Path FOLDER = Path.of(System.getProperty("golden.dir", "src/test/resources/golden"));

  static List<GoldenCase> cases() {
    try (Stream<Path> folders = Files.list(FOLDER)) {
      return folders.filter(Files::isDirectory).sorted().map(GoldenCase::new).toList();
    } catch (IOException e) {
      throw new IllegalStateException("no golden folder at " + FOLDER.toAbsolutePath(), e);
    }
  }

  @TestFactory
  Stream<DynamicNode> goldenCases() {
    return cases().stream().map(GoldenResourceListTest::caseTests);
  }

  private static DynamicNode caseTests(GoldenCase golden) {
    List<DynamicNode> tests = new ArrayList<>();
    tests.add(
        dynamicTest(
            "stdout, exit code and stderr as expected",
            () -> {
              KrmRun run = KrmRun.function(golden.input());
              if (UPDATE) {
                golden.rewriteFrom(
                    run); // fails or aborts: the files were just written from this run
              }
              assertThat(run.stdout())
                  .as("%s: stdout (rewrite with -Dgolden.update=true, then review)", golden.name())
                  .isEqualTo(golden.expectedStdout());
              assertThat(run.exitCode())
                  .as("%s: exit code", golden.name())
                  .isEqualTo(golden.expectedExitCode());
              assertThat(run.stderrLines())
                  .as("%s: stderr", golden.name())
                  .isEqualTo(golden.expectedStderr());
            }));
    tests.add(
        dynamicTest(
            "running on its own output (results stripped) gives the same bytes, and no new result",
            () -> {
              KrmRun first = KrmRun.function(golden.input());
              if (first.exitCode() != 0) {
                return; // a failed run's output is its input: nothing was rendered to re-render
              }
              KrmRun second = KrmRun.function(first.stdoutWithoutResults());
              assertThat(second.exitCode())
                  .as("%s: exit code of the second run", golden.name())
                  .isZero();
              assertThat(second.stdoutWithoutResults())
                  .as("%s: output of the second run", golden.name())
                  .isEqualTo(first.stdoutWithoutResults());
              // a warning about what the first run replaced (an image) has nothing left to name
              assertThat(second.stderr().lines())
                  .as("%s: stderr of the second run, only lines of the first", golden.name())
                  .isSubsetOf(first.stderr().lines().toList());
            }));
    return dynamicContainer(golden.name(), tests);
  }

  @Test
  @DisplayName("every case folder is complete and has a line in the golden README")
  void everyCaseIsDocumented() throws IOException {
    String readme = Files.readString(FOLDER.resolve("README.md"), StandardCharsets.UTF_8);
    List<GoldenCase> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(30);
    for (GoldenCase golden : cases) {
      assertThat(readme)
          .as("README line for %s", golden.name())
          .contains("| `" + golden.name() + "` |");
      for (String file :
          List.of(
              GoldenCase.INPUT,
              GoldenCase.EXPECTED,
              GoldenCase.EXPECTED_EXIT_CODE,
              GoldenCase.EXPECTED_STDERR)) {
        assertThat(golden.folder().resolve(file)).as("%s/%s", golden.name(), file).exists();
      }
    }
  }

  @Test
  @DisplayName("an error case's output holds every input item unchanged, and its results")
  void errorCasesKeepTheirItems() {
    for (GoldenCase golden : cases()) {
      if (golden.expectedExitCode() == 0) {
        continue;
      }
      String expected = golden.expectedStdout();
      assertThat(expected).as("%s: results", golden.name()).contains("\nresults:\n");
      assertThat(expected).as("%s: an error result", golden.name()).contains("  severity: error\n");
      assertThat(KrmRun.withoutResults(expected))
          .as(
              "%s: items as they came (the input written back by the function's writer)",
              golden.name())
          .isEqualTo(WrittenResourceList.itemsOf(golden.input()));
    }
  }

  @Nested
  @DisplayName("the update switch, on a copy of a case")
  class UpdateSwitch {
    @TempDir Path temp;

    /** A copy of the first case, with {@code file} replaced by {@code text} when it is not null. */
    private GoldenCase copy(String file, String text) throws IOException {
      GoldenCase original = cases().get(0);
      Path folder = Files.createDirectory(temp.resolve(original.name()));
      for (String name :
          List.of(
              GoldenCase.INPUT,
              GoldenCase.EXPECTED,
              GoldenCase.EXPECTED_EXIT_CODE,
              GoldenCase.EXPECTED_STDERR)) {
        Files.copy(original.folder().resolve(name), folder.resolve(name));
      }
      if (file != null) {
        Files.writeString(folder.resolve(file), text, StandardCharsets.UTF_8);
      }
      return new GoldenCase(folder);
    }

    @Test
    @DisplayName(
        "rewrites a stale file from the run, then fails naming it and asking for a run without the switch")
    void staleFile() throws IOException {
      GoldenCase stale =
          copy(GoldenCase.EXPECTED_STDERR, "warning: not what the function prints\n");
      KrmRun run = KrmRun.function(stale.input());

      assertThatThrownBy(() -> stale.rewriteFrom(run))
          .isInstanceOf(AssertionFailedError.class)
          .hasMessageContaining("rewrote " + GoldenCase.EXPECTED_STDERR + " in ")
          .hasMessageNotContaining(GoldenCase.EXPECTED + ",")
          .hasMessageContaining("run the tests again without -Dgolden.update=true");
      assertThat(stale.expectedStderr()).isEqualTo(run.stderrLines());
      assertThat(stale.expectedStdout()).isEqualTo(run.stdout());
    }

    @Test
    @DisplayName(
        "a case already up to date is aborted, not passed: the run with the switch verified nothing")
    void upToDate() throws IOException {
      GoldenCase current = copy(null, null);

      assertThatThrownBy(() -> current.rewriteFrom(KrmRun.function(current.input())))
          .isInstanceOf(TestAbortedException.class)
          .hasMessageContaining("rewrote nothing")
          .hasMessageContaining("run the tests again without -Dgolden.update=true");
    }
  }
}
