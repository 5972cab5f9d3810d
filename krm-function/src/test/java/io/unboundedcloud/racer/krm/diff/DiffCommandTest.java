package io.unboundedcloud.racer.krm.diff;

import static io.unboundedcloud.racer.krm.diff.DiffSides.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.diff.DiffSides.SETTINGS;
import static io.unboundedcloud.racer.krm.diff.DiffSides.folder;
import static io.unboundedcloud.racer.krm.diff.DiffSides.inputs;
import static io.unboundedcloud.racer.krm.diff.DiffSides.rendered;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line of {@code racer-krm diff}: its sides, its exit codes, its bad input. */
@DisplayName("racer-krm diff: sides, exit codes and bad command lines")
class DiffCommandTest {
  @TempDir Path root;
  private Path old;
  private Path tuned;

  @BeforeEach
  void sides() {
    old = inputs(root, "old", SETTINGS, FUNCTION_CONFIG);
    tuned = inputs(root, "new", SETTINGS.replace("2147483648", "1073741824"), FUNCTION_CONFIG);
  }

  @Nested
  @DisplayName("exit codes")
  class ExitCodes {
    @Test
    @DisplayName("0 with a rollout, the text report by default, nothing on stderr")
    void rolloutIsNoError() {
      KrmRun run = KrmRun.command("diff", old.toString(), tuned.toString());
      assertThat(run.exitCode()).isZero();
      assertThat(run.stdout())
          .startsWith("ConfigMap racer/racer-settings: changed\n")
          .endsWith("rollout: DaemonSet racer/racer\n");
      assertThat(run.stderr()).isEmpty();
    }

    @Test
    @DisplayName(
        "--fail-on-rollout: 1 when a workload rolls, the report still printed, the workload named")
    void failOnRollout() {
      KrmRun run = KrmRun.command("diff", old.toString(), tuned.toString(), "--fail-on-rollout");
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).endsWith("rollout: DaemonSet racer/racer\n");
      assertThat(run.stderrLines())
          .containsExactly(
              "error: --fail-on-rollout: applying "
                  + tuned
                  + " restarts the pods of DaemonSet racer/racer");
    }

    @Test
    @DisplayName("--fail-on-rollout: 0 when nothing rolls")
    void failOnRolloutWithoutRollout() {
      KrmRun run = KrmRun.command("diff", old.toString(), old.toString(), "--fail-on-rollout");
      assertThat(run.exitCode()).isZero();
      assertThat(run.stdout()).isEqualTo("4 objects unchanged\nrollout: none\n");
    }

    @Test
    @DisplayName(
        "an empty NEW side (a failed build's output): an error, exit 1, nothing on stdout, even without --fail-on-rollout")
    void emptyNewSide() {
      Path empty = folder(root, "empty", "build.yaml", "");
      KrmRun run = KrmRun.command("diff", old.toString(), empty.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderrLines())
          .containsExactly(
              "error: NEW ("
                  + empty
                  + ") holds no objects to apply (a build that failed or printed nothing?): against"
                  + " it every object would read as removed, the dataplane with it; pass"
                  + " --allow-empty to compare with nothing");
    }

    @Test
    @DisplayName(
        "NEW without the dataplane: a deletion that stops the cache on every node, --fail-on-rollout fails")
    void dataplaneRemoved() {
      String withoutDataplane =
          java.util.Arrays.stream(rendered(old).split("(?m)^---\n"))
              .filter(
                  document ->
                      !(document.contains("kind: DaemonSet")
                          && document.contains("app.kubernetes.io/component: dataplane")))
              .collect(java.util.stream.Collectors.joining("---\n"));
      assertThat(withoutDataplane)
          .contains("racer-settings")
          .contains("models-origin")
          .doesNotContain("racer.unbounded-cloud.io/dataplane-image");
      Path current = folder(root, "gone", "build.yaml", withoutDataplane);

      KrmRun run = KrmRun.command("diff", old.toString(), current.toString(), "--fail-on-rollout");

      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout())
          .contains("DaemonSet racer/racer: removed, stops the cache on every node\n")
          .contains("  why: deleted: the Racer cache stops on every node it ran on\n")
          .endsWith("rollout: DaemonSet racer/racer (deleted)\n");
      assertThat(run.stderrLines())
          .containsExactly(
              "error: --fail-on-rollout: applying "
                  + current
                  + " deletes DaemonSet racer/racer: the Racer cache stops on every node");
    }

    @Test
    @DisplayName("NEW without a cache origin: its deletion named the same way")
    void originRemoved() {
      String withoutOrigin =
          java.util.Arrays.stream(rendered(old).split("(?m)^---\n"))
              .filter(document -> !document.contains("name: models-origin"))
              .collect(java.util.stream.Collectors.joining("---\n"));
      Path current = folder(root, "gone", "build.yaml", withoutOrigin);

      KrmRun run = KrmRun.command("diff", old.toString(), current.toString());

      assertThat(run.exitCode()).isZero();
      assertThat(run.stdout())
          .contains("DaemonSet racer/models-origin: removed, stops the cache on every node\n")
          .endsWith("rollout: DaemonSet racer/models-origin (deleted)\n");
    }

    @Test
    @DisplayName("--allow-empty: an empty side compared with nothing, every object removed")
    void allowEmpty() {
      Path empty = folder(root, "empty", "build.yaml", "");
      KrmRun run = KrmRun.command("diff", old.toString(), empty.toString(), "--allow-empty");
      assertThat(run.exitCode()).as(run.stderr()).isZero();
      assertThat(run.stdout())
          .contains("ConfigMap racer/racer-settings: removed\n")
          .endsWith(
              "0 objects unchanged\nrollout: DaemonSet racer/models-origin (deleted),"
                  + " DaemonSet racer/racer (deleted)\n");
    }

    @Test
    @DisplayName("an empty OLD side: an error naming OLD, unless --allow-empty")
    void emptyOldSide() {
      Path empty = folder(root, "empty", "build.yaml", "");
      KrmRun run = KrmRun.command("diff", empty.toString(), old.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stderr()).startsWith("error: OLD (" + empty + ") holds no objects");
    }

    @Test
    @DisplayName("1 and nothing on stdout when a side cannot be rendered (no racer-settings)")
    void sideFailsToRender() {
      Path broken = folder(root, "broken", "function-config.yaml", FUNCTION_CONFIG);
      KrmRun run = KrmRun.command("diff", old.toString(), broken.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr()).contains("error:").contains("racer-settings");
    }

    @Test
    @DisplayName(
        "1 and nothing on stdout when a side holds two function configs: the error names the side and both files")
    void twoFunctionConfigs() {
      Path two =
          inputs(root, "two", SETTINGS, FUNCTION_CONFIG).resolve("second-function-config.yaml");
      folder(
          root,
          "two",
          "second-function-config.yaml",
          FUNCTION_CONFIG.replace("name: racer-function", "name: racer-function-2"));
      KrmRun run = KrmRun.command("diff", old.toString(), two.getParent().toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderrLines())
          .singleElement()
          .asString()
          .startsWith(
              "error: NEW ("
                  + two.getParent()
                  + "): 2 objects carry the config.kubernetes.io/function annotation (")
          .contains("ConfigMap racer-function in " + two.resolveSibling("function-config.yaml"))
          .contains("ConfigMap racer-function-2 in " + two)
          .endsWith("); name the function config with --function-config FILE");
    }

    @Test
    @DisplayName(
        "1 and nothing on stdout for a side that is not YAML, naming the file; no stack trace")
    void notYaml() throws Exception {
      Path broken = folder(root, "broken", "settings.yaml", "data: [unclosed\n");
      KrmRun run = KrmRun.command("diff", old.toString(), broken.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .startsWith("error: ")
          .contains("settings.yaml")
          .doesNotContain("\tat ");
    }

    @Test
    @DisplayName("1 and nothing on stdout when an object is twice on one side")
    void twice() {
      String rendered = rendered(old);
      Path doubled = folder(root, "doubled", "a.yaml", rendered, "b.yaml", rendered);
      KrmRun run = KrmRun.command("diff", old.toString(), doubled.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .contains(
              "error: NEW ("
                  + doubled
                  + "): ConfigMap racer/racer-settings (v1) is twice on the new side");
    }

    @Test
    @DisplayName("1 and nothing on stdout when a side does not exist")
    void missingSide() {
      KrmRun run = KrmRun.command("diff", old.toString(), root.resolve("nowhere").toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr()).contains("nowhere: no such file or directory");
    }
  }

  @Nested
  @DisplayName("a bad command line exits 2 with nothing on stdout")
  class BadCommandLine {
    private void refused(String message, String... args) {
      KrmRun run = KrmRun.command(args);
      assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr()).contains(message).contains("run racer-krm diff --help");
    }

    @Test
    @DisplayName("one side only")
    void oneSide() {
      refused("diff needs two sides, OLD and NEW", "diff", old.toString());
    }

    @Test
    @DisplayName("three sides")
    void threeSides() {
      refused("diff takes at most 2 arguments", "diff", "a", "b", "c");
    }

    @Test
    @DisplayName("an unknown output format")
    void unknownOutput() {
      refused(
          "--output takes one of text, markdown, json, not \"yaml\"",
          "diff",
          old.toString(),
          tuned.toString(),
          "--output",
          "yaml");
    }

    @Test
    @DisplayName("stdin for both sides")
    void stdinTwice() {
      refused("diff reads stdin for one side only", "diff", "-", "-");
    }

    @Test
    @DisplayName("an unknown flag")
    void unknownFlag() {
      refused("unknown flag \"--strict\"", "diff", old.toString(), tuned.toString(), "--strict");
    }
  }

  @Nested
  @DisplayName("sides of different kinds")
  class Sides {
    @Test
    @DisplayName(
        "stdin for one side: rendered output (no function config) against inputs rendered by diff: no change")
    void stdinRendered() {
      byte[] output = rendered(old).getBytes(StandardCharsets.UTF_8);
      KrmRun run = KrmRun.run(output, Duration.ofSeconds(60), "diff", "-", old.toString());
      assertThat(run.exitCode()).as(run.stderr()).isZero();
      assertThat(run.stdout()).isEqualTo("4 objects unchanged\nrollout: none\n");
    }

    @Test
    @DisplayName(
        "--function-config renders both sides with it: the image tag it names rolls nothing when both get it")
    void namedFunctionConfig() throws Exception {
      Path config = root.resolve("tag.yaml");
      Files.writeString(config, FUNCTION_CONFIG + "  imageTag: 0.19.2\n");
      KrmRun run =
          KrmRun.command(
              "diff", old.toString(), tuned.toString(), "--function-config", config.toString());
      assertThat(run.exitCode()).as(run.stderr()).isZero();
      assertThat(run.stdout())
          .doesNotContain("the image of container")
          .contains("RACER_SLAB_BYTES");
    }
  }
}
