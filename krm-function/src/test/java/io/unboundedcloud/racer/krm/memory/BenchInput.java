package io.unboundedcloud.racer.krm.memory;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Test support: the benchmark's own inputs (bench/resource-list.sh: racer-settings, a cache origin,
 * then ConfigMaps, with the function config), so that the tests run what the memory table of
 * docs/performance.md measured.
 */
final class BenchInput {
  /** The repository's bench folder (Maven runs the tests in the krm-function module). */
  static final Path BENCH = Path.of("..", "bench").toAbsolutePath().normalize();

  private BenchInput() {}

  /** Writes the {@code count}-item ResourceList into {@code dir} and returns its path. */
  static Path generate(int count, Path dir) {
    CommandRun.of(
            dir,
            Map.of(),
            List.of(
                "bash",
                "-c",
                ". \"$1\" && generate \"$2\" \"$3\"",
                "generate",
                BENCH.resolve("resource-list.sh").toString(),
                Integer.toString(count),
                dir.toString()))
        .succeeded();
    return dir.resolve("items-" + count + ".yaml");
  }

  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
