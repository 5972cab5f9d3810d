package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A folder given to racer-krm that another tool builds (kustomize, kpt, Helm): every build file's
 * name, in every mode that reads folders, gets the advice of its own tool and of no other.
 */
@DisplayName("A build file in a folder points at the tool that builds it")
class BuildFileTest {
  /** What each tool's advice says, and only it. */
  private static final Map<BuildFile, String> TOOL =
      Map.of(
          BuildFile.KUSTOMIZATION, "kubectl kustomize",
          BuildFile.KPTFILE, "kpt fn render",
          BuildFile.HELM_CHART, "helm template");

  static Stream<Arguments> buildFiles() {
    return Stream.of(BuildFile.values())
        .flatMap(
            kind ->
                BuildFile.allNames().stream()
                    .filter(name -> BuildFile.of(Path.of(name)).orElseThrow() == kind)
                    .flatMap(
                        name ->
                            Stream.of("render", "verify", "adopt", "announce")
                                .map(mode -> Arguments.of(name, kind, mode))));
  }

  @ParameterizedTest(name = "{2} of a folder with {0}")
  @MethodSource("buildFiles")
  @DisplayName("names the file and its own tool; a chart is refused (its templates are not YAML)")
  void advice(String name, BuildFile kind, String mode, @TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(name), "apiVersion: v2\nname: racer\n");
    Files.copy(Path.of("../examples/quickstart/racer-settings.yaml"), dir.resolve("settings.yaml"));
    KrmRun run = KrmRun.command(mode, dir.toString());
    Path file = dir.resolve(name);
    assertThat(run.stderr()).contains(file.toString()).contains(TOOL.get(kind));
    TOOL.forEach(
        (other, tool) -> {
          if (other != kind) {
            assertThat(run.stderr()).doesNotContain(tool);
          }
        });
    if (kind.refusesFolder() && mode.equals("announce")) {
      // announce always exits 0 and announces the defaults (Argo CD shows them rather than an
      // error)
      assertThat(run.exitCode()).isZero();
      assertThat(run.stderr()).contains(file + ": " + dir + " is " + kind.advice());
    } else if (kind.refusesFolder()) {
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .isEqualTo("error: " + file + ": " + dir + " is " + kind.advice() + "\n");
    } else {
      assertThat(run.stderr())
          .startsWith(
              "warning: "
                  + file
                  + " is not read: "
                  + mode
                  + " reads manifests only, and it is "
                  + kind.advice()
                  + "\n");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  @DisplayName("a folder of nothing but a build file names its tool in the error")
  void onlyBuildFile(String name, @TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(name), "apiVersion: v2\n");
    KrmRun run = KrmRun.command("render", dir.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).contains(TOOL.get(BuildFile.of(Path.of(name)).orElseThrow()));
  }

  static List<String> names() {
    return BuildFile.allNames();
  }
}
