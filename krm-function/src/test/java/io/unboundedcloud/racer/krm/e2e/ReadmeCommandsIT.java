package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The README's commands, run as written (its {@code readme-test} blocks, see {@link
 * ReadmeCommands}), so that the README cannot drift from what works: each block runs in bash from a
 * folder that looks like the checkout's root (a copy of {@code examples/}, {@code charts/} and
 * {@code .gitignore}, the real {@code krm-function/} with the packaged function and runtime), and
 * must exit 0 and produce the racer DaemonSet and ServiceAccount, on stdout or in the files it
 * writes, and whatever it writes there must be ignored by git: that folder is a git repository
 * whose {@code git status} must stay clean. A block that runs kubectl, kpt or helm where the tool
 * is missing (for helm: neither on the PATH nor fetched by {@code tools/toolchain.sh}), or the
 * runtime folder where it was not assembled, prints one SKIPPED line and is reported skipped.
 */
@DisplayName("The README's commands, run as written")
class ReadmeCommandsIT {
  private static final Path README = Repository.root().resolve("README.md");

  static List<ReadmeCommands.Block> blocks() {
    return ReadmeCommands.of(README);
  }

  @Test
  @DisplayName(
      "the README marks a command for each way to try it here: render, kustomize, kpt, adopt")
  void everyWayIsMarked() {
    List<String> scripts = blocks().stream().map(ReadmeCommands.Block::script).toList();
    assertThat(String.join("", scripts))
        .contains("racer-krm render examples/quickstart")
        .contains("kubectl kustomize --enable-alpha-plugins")
        .contains("kpt fn eval")
        .contains("kpt fn render")
        .contains("helm template racer charts/racer")
        .contains("racer-krm verify")
        .contains("racer-krm adopt examples/adopt/");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("blocks")
  @DisplayName("each marked block exits 0 and renders the racer DaemonSet and ServiceAccount")
  void runs(ReadmeCommands.Block block, @TempDir Path work) throws IOException {
    String skip = skipReason(block);
    Tool.announceSkip(skip == null ? null : "ReadmeCommandsIT, " + block + ": " + skip);
    Tool.skipIf(skip);
    Repository.function();
    Path root = Files.createDirectories(work.resolve("checkout"));
    PackageFiles.copy(Repository.root().resolve("examples"), root.resolve("examples"));
    PackageFiles.copy(Repository.root().resolve("charts"), root.resolve("charts"));
    Files.copy(Repository.root().resolve(".gitignore"), root.resolve(".gitignore"));
    Path module =
        Files.createSymbolicLink(
            root.resolve("krm-function"), Repository.root().resolve("krm-function"));
    git(root, "init", "-q");
    git(root, "add", "-A");
    git(
        root,
        "-c",
        "user.name=readme",
        "-c",
        "user.email=readme@example.com",
        "-c",
        "commit.gpgsign=false",
        "commit",
        "-q",
        "-m",
        "the checkout");
    Map<String, String> before = PackageFiles.snapshot(root);

    Tool.Run run;
    String status;
    try {
      run =
          Tool.run(root, helmFolder(block), "bash", "-eu", "-o", "pipefail", "-c", block.script());
      status =
          git(
                  root,
                  "-c",
                  "core.excludesFile=/dev/null",
                  "status",
                  "--porcelain",
                  "--untracked-files=all")
              .stdout();
    } finally {
      Files.delete(module); // the link only: the checkout's module stays
    }
    run.succeeded();
    assertThat(status.lines())
        .as("what %s writes into the checkout, which .gitignore must ignore (git status)", block)
        .isEmpty();

    List<Map<String, Object>> produced = new ArrayList<>(PackageFiles.objects(run.stdout()));
    PackageFiles.snapshot(root)
        .forEach(
            (file, text) -> {
              if (!text.equals(before.get(file)) && file.matches(".*\\.ya?ml")) {
                produced.addAll(PackageFiles.objectsInFile(text));
              }
            });
    assertThat(OutputObjects.identities(produced))
        .as("objects on stdout and in the files written by %s", block)
        .anyMatch(identity -> identity.matches("DaemonSet [a-z0-9-]+/racer"))
        .anyMatch(identity -> identity.matches("ServiceAccount [a-z0-9-]+/racer"));
  }

  private static Tool.Run git(Path root, String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    return Tool.run(root, null, command.toArray(String[]::new)).succeeded();
  }

  /**
   * The folder to put first on the PATH for a block that runs helm: none when helm is on the PATH,
   * else that of the Helm 4 {@code tools/toolchain.sh} fetched, if it did.
   */
  private static Path helmFolder(ReadmeCommands.Block block) {
    if (!block.runs("helm") || Tool.onPath("helm").isPresent()) {
      return null;
    }
    Tool.Run fetched =
        Tool.run(Repository.root(), null, "sh", "tools/toolchain.sh", "path", "helm4");
    return fetched.exit() == 0 ? Path.of(fetched.stdout().strip()).getParent() : null;
  }

  /** Why this machine cannot run the block, or {@code null}. */
  private static String skipReason(ReadmeCommands.Block block) {
    if (Tool.onPath("git").isEmpty()) {
      return "git not found on PATH (the test checks what the block writes with git status)";
    }
    for (String tool : List.of("kubectl", "kpt")) {
      if (block.runs(tool) && Tool.onPath(tool).isEmpty()) {
        return tool + " not found on PATH";
      }
    }
    if (block.runs("helm") && Tool.onPath("helm").isEmpty() && helmFolder(block) == null) {
      return "helm not found on PATH, and no Helm 4 fetched (tools/toolchain.sh fetch helm4)";
    }
    if (block.script().contains("krm-function/target/runtime")) {
      return RuntimeFolder.unavailableReason();
    }
    return null;
  }
}
