package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/ci/racer-diff.sh} on a temporary Git repository with two commits of the
 * quickstart (a flat folder): the second changes a settings key and annotates the ServiceAccount;
 * the script renders both commits and prints diff's Markdown, as the workflow posts it.
 */
@DisplayName("examples/ci/racer-diff.sh: two commits of a flat folder, diff's Markdown")
class CiExampleIT {
  private static final String SKIP = Tool.missing("git", "the CI example diffs two commits");

  @TempDir Path repo;
  @TempDir Path bin;

  @BeforeAll
  static void announce() {
    Tool.announceSkip(SKIP == null ? null : "CiExampleIT: " + SKIP);
  }

  @BeforeEach
  void twoCommits() throws IOException {
    Tool.skipIf(SKIP);
    Path launcher = Repository.function();
    Path wrapper = bin.resolve("racer-krm");
    Files.writeString(wrapper, "#!/bin/sh\nexec '" + launcher + "' \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));

    Path folder = repo.resolve("deploy/racer");
    Files.createDirectories(folder);
    for (String file :
        new String[] {"function-config.yaml", "racer-settings.yaml", "cache-origin.yaml"}) {
      Files.copy(Repository.examples("quickstart").resolve(file), folder.resolve(file));
    }
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "racer");
    Path settings = folder.resolve("racer-settings.yaml");
    Files.writeString(
        settings, Files.readString(settings).replace("\"2147483648\"", "\"4294967296\""));
    git("commit", "-q", "-am", "a bigger slab");
  }

  private void git(String... args) {
    String[] command = new String[args.length + 5];
    command[0] = "git";
    command[1] = "-c";
    command[2] = "user.name=racer";
    command[3] = "-c";
    command[4] = "user.email=racer@example.com";
    System.arraycopy(args, 0, command, 5, args.length);
    Tool.run(repo, null, command).succeeded();
  }

  private Tool.Run script(String... flags) {
    String[] command = new String[flags.length + 4];
    command[0] = Repository.examples("ci").resolve("racer-diff.sh").toString();
    command[1] = "HEAD~1";
    command[2] = "HEAD";
    command[3] = "deploy/racer";
    System.arraycopy(flags, 0, command, 4, flags.length);
    return Tool.run(repo, bin, command);
  }

  @Test
  @DisplayName(
      "prints the summary, the workload table and the field changes; exit 0; leaves no worktree")
  void markdown() {
    Tool.Run run = script().succeeded();
    assertThat(run.stdout())
        .startsWith(
            "**racer-krm diff**: **rollout** of 1 workload (DaemonSet racer/racer); 2 changed,"
                + " 0 added, 0 removed, 2 unchanged\n")
        .contains(
            "| `DaemonSet racer/racer` | **yes** | racer-settings changed: RACER\\_SLAB\\_BYTES"
                + " \"2147483648\" -> \"4294967296\" |")
        .contains("  data.RACER_SLAB_BYTES: \"2147483648\" -> \"4294967296\"\n")
        .endsWith("</details>\n");
    assertThat(Tool.run(repo, null, "git", "worktree", "list").succeeded().stdout().lines())
        .hasSize(1);
  }

  @Test
  @DisplayName("--fail-on-rollout is handed to diff: exit 1, the report still printed")
  void gate() {
    Tool.Run run = script("--fail-on-rollout");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.stdout()).startsWith("**racer-krm diff**: **rollout**");
    assertThat(run.stderr()).contains("error: --fail-on-rollout");
  }

  @Test
  @DisplayName(
      "a bad value in the head commit only: the error names NEW and the head's file, never the base's")
  void errorOfTheHead() throws IOException {
    Path settings = repo.resolve("deploy/racer/racer-settings.yaml");
    String text = Files.readString(settings);
    assertThat(text).contains("RACER_NVIDIA: \"off\"");
    Files.writeString(settings, text.replace("RACER_NVIDIA: \"off\"", "RACER_NVIDIA: \"yes\""));
    git("commit", "-q", "-am", "a bad NVIDIA mode");

    Tool.Run run = script();

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.stderr())
        .containsPattern("error: NEW \\([^)]*/head/deploy/racer\\): ")
        .contains("/head/deploy/racer/racer-settings.yaml, field data.RACER_NVIDIA]")
        .doesNotContain("/base/");
  }
}
