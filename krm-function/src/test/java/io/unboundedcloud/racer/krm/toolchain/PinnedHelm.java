package io.unboundedcloud.racer.krm.toolchain;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Helm 4 binary {@code tools/toolchain.sh} pins ({@link PinnedTool#HELM4}), run as a user runs
 * it, with its configuration, cache and data in a folder of the test's own and {@code KUBECONFIG}
 * naming a file that is not there, so that no Helm config or cluster of the machine is read or
 * written (a command that needs a cluster is given {@code --kubeconfig}).
 */
public final class PinnedHelm {
  private final PinnedTool helm;
  private final Path home;

  private PinnedHelm(PinnedTool helm, Path home) {
    this.helm = helm;
    this.home = home;
  }

  /** Why Helm 4.1 cannot be had here (toolchain.sh's one line), or null. */
  public static String missing() {
    return PinnedTool.HELM4.missing();
  }

  /** Helm 4.1 with its homes under {@code folder}; call only when {@link #missing()} is null. */
  public static PinnedHelm in(Path folder) throws IOException {
    return in(PinnedTool.HELM4, folder);
  }

  /** {@code helm} (a Helm of {@link PinnedTool}) with its homes under {@code folder}. */
  public static PinnedHelm in(PinnedTool helm, Path folder) throws IOException {
    return new PinnedHelm(helm, Files.createDirectories(folder));
  }

  /** {@code helm ARGS} in {@code dir}. */
  public CommandRun run(Path dir, String... args) {
    return run(dir, List.of(args));
  }

  /** {@code helm ARGS} in {@code dir}. */
  public CommandRun run(Path dir, List<String> args) {
    List<String> command = new ArrayList<>(List.of(helm.path().toString()));
    command.addAll(args);
    return CommandRun.of(
        dir,
        Map.of(
            "HELM_CONFIG_HOME", home.resolve("config").toString(),
            "HELM_CACHE_HOME", home.resolve("cache").toString(),
            "HELM_DATA_HOME", home.resolve("data").toString(),
            "KUBECONFIG", home.resolve("no-cluster").toString()),
        command);
  }
}
