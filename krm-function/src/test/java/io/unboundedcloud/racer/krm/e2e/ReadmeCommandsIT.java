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
 * folder that looks like the checkout's root (a copy of {@code examples/}, the real {@code
 * krm-function/} with the packaged function and runtime), and must exit 0 and produce the racer
 * DaemonSet and ServiceAccount, on stdout or in the files it writes. A block that runs kubectl or
 * kpt where the tool is missing, or the runtime folder where it was not assembled, prints one
 * SKIPPED line and is reported skipped.
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
    Path module =
        Files.createSymbolicLink(
            root.resolve("krm-function"), Repository.root().resolve("krm-function"));
    Map<String, String> before = PackageFiles.snapshot(root);

    Tool.Run run;
    try {
      run = Tool.run(root, null, "bash", "-eu", "-o", "pipefail", "-c", block.script());
    } finally {
      Files.delete(module); // the link only: the checkout's module stays
    }
    run.succeeded();

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

  /** Why this machine cannot run the block, or {@code null}. */
  private static String skipReason(ReadmeCommands.Block block) {
    for (String tool : List.of("kubectl", "kpt")) {
      if (block.runs(tool) && Tool.onPath(tool).isEmpty()) {
        return tool + " not found on PATH";
      }
    }
    if (block.script().contains("krm-function/target/runtime")) {
      return RuntimeFolder.unavailableReason();
    }
    return null;
  }
}
