package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The command line")
class CommandTest {
  @Test
  @DisplayName("--help prints the usage section of docs/cli.md, with the function config reference")
  void help() throws IOException {
    KrmRun help = KrmRun.command("--help");
    assertThat(help.exitCode()).isZero();
    String cli = Files.readString(Path.of("..", "docs", "cli.md"));
    String section =
        cli.substring(cli.indexOf(Usage.START) + Usage.START.length(), cli.indexOf(Usage.END));
    String firstLine = section.strip().lines().skip(1).findFirst().orElseThrow();
    assertThat(help.stdout())
        .startsWith(firstLine)
        .contains("imageRegistry")
        .contains("render PATH...");
    assertThat(help.stdout()).doesNotContain("```").doesNotContain("<!--");
    assertThat(help.stderr()).isEmpty();
  }

  @Test
  @DisplayName(
      "--help also prints the steps of docs/adopt.md, \"Moving from the operator\", after the usage")
  void helpMovingFromTheOperator() throws IOException {
    String help = KrmRun.command("--help").stdout();
    String adopt = Files.readString(Path.of("..", "docs", "adopt.md"));
    int start = adopt.indexOf(Usage.START);
    assertThat(start).as("a usage section in docs/adopt.md").isNotNegative();
    String steps =
        adopt
            .substring(start + Usage.START.length(), adopt.indexOf(Usage.END, start))
            .replace("```text", "")
            .replace("```", "")
            .strip();
    assertThat(help)
        .contains("racer-krm adopt PATH...", "--fail-on-rollout", "--chart-values FILE")
        .contains(steps)
        .contains("Moving from the operator, step by step", "--cascade=orphan");
    assertThat(help.indexOf("Exit codes:")).isLessThan(help.indexOf("Moving from the operator"));
  }

  @Test
  @DisplayName("--version names the project version and the Racer release it renders")
  void version() {
    KrmRun version = KrmRun.command("--version");
    assertThat(version.exitCode()).isZero();
    assertThat(version.stdout())
        .matches("racer-krm \\d+\\.\\d+\\.\\d+\\S* \\(renders Racer 0\\.19\\.0\\)\\n");
  }

  @Test
  @DisplayName("an unknown flag exits 2 with a pointer to --help, on stderr only")
  void unknownFlag() {
    KrmRun run = KrmRun.command("--frobnicate");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stdout()).isEmpty();
    assertThat(run.stderr()).contains("--frobnicate").contains("--help");
  }

  @Test
  @DisplayName("render without a path exits 2")
  void renderNeedsPath() {
    KrmRun run = KrmRun.command("render");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stdout()).isEmpty();
    assertThat(run.stderr()).contains("at least one file or directory");
  }

  @Test
  @DisplayName(
      "render of the quickstart prints manifests only: settings, origin, ServiceAccount, DaemonSet")
  void renderQuickstart() {
    KrmRun run = KrmRun.command("render", "../examples/quickstart");
    assertThat(run.exitCode()).isZero();
    assertThat(run.stdout())
        .contains("kind: ServiceAccount")
        .contains("name: racer-settings")
        .contains("name: models-origin")
        .doesNotContain("racer-function")
        .doesNotContain("kind: ResourceList");
  }

  @Test
  @DisplayName(
      "render leaves out every object annotated local-config, not only the function config")
  void renderLeavesOutLocalConfig(@TempDir Path dir) throws IOException {
    for (String name :
        new String[] {"racer-settings.yaml", "function-config.yaml", "cache-origin.yaml"}) {
      Files.copy(Path.of("../examples/quickstart", name), dir.resolve(name));
    }
    Files.writeString(
        dir.resolve("setters.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: setters
          annotations:
            config.kubernetes.io/local-config: "true"
        data:
          team: storage
        """);
    KrmRun run = KrmRun.command("render", dir.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("kind: DaemonSet", "name: racer-settings", "name: models-origin")
        .doesNotContain("name: setters");
  }

  @Test
  @DisplayName(
      "render of a kubectl-style List file: its items are the manifests, racer-settings among them")
  void renderListFile(@TempDir Path dir) throws IOException {
    StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nmetadata: {}\nitems:\n");
    for (String name : new String[] {"racer-settings.yaml", "cache-origin.yaml"}) {
      String object = Files.readString(Path.of("../examples/quickstart", name));
      list.append(
          object
              .replaceAll("(?m)^#.*\n", "")
              .replaceAll("(?m)^---\n", "")
              .indent(2)
              .replaceFirst("^  ", "- "));
    }
    Files.writeString(dir.resolve("installed.yaml"), list.toString());
    KrmRun run =
        KrmRun.command(
            "render",
            dir.toString(),
            "--function-config",
            "../examples/quickstart/function-config.yaml");
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains(
            "kind: ServiceAccount",
            "kind: DaemonSet",
            "name: racer-settings",
            "name: models-origin")
        .doesNotContain("kind: List");
  }
}
