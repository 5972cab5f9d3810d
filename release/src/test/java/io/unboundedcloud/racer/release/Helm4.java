package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test support: the Helm 4 binary {@code tools/toolchain.sh fetch helm4} gives (pinned, checked by
 * SHA-256), run with its config, cache and data in a folder of the test's own, so that no Helm
 * config of the machine is read or written.
 */
final class Helm4 {
  private final Path binary;
  private final Path home;

  private Helm4(Path binary, Path home) {
    this.binary = binary;
    this.home = home;
  }

  /** Helm 4 with its homes under {@code folder}, or the one line why it cannot be had. */
  static Helm4 in(Path folder) throws IOException {
    CommandRun fetch = fetch();
    return fetch.exit() == 0
        ? new Helm4(Path.of(fetch.stdoutText().strip()), Files.createDirectories(folder))
        : null;
  }

  /** Why Helm 4 cannot be had here (toolchain.sh's one line), or {@code null}. */
  static String unavailableReason() {
    CommandRun fetch = fetch();
    return fetch.exit() == 0 ? null : fetch.stderr().strip();
  }

  private static CommandRun fetch() {
    Path toolchain = RuntimeFolder.repository().resolve("tools/toolchain.sh");
    return CommandRun.of(
        RuntimeFolder.repository(), Map.of(), List.of(toolchain.toString(), "fetch", "helm4"));
  }

  /** {@code helm ARGS} in {@code dir}. */
  CommandRun run(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of(binary.toString()));
    command.addAll(List.of(args));
    return CommandRun.of(
        dir,
        Map.of(
            "HELM_CONFIG_HOME", home.resolve("config").toString(),
            "HELM_CACHE_HOME", home.resolve("cache").toString(),
            "HELM_DATA_HOME", home.resolve("data").toString()),
        command);
  }
}
