package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Test support: where the checkout's examples, the packaged function and the docker stand-in are.
 */
final class Repository {
  /** The image every example names for the function. */
  static final String FUNCTION_IMAGE = "ghcr.io/unbounded-cloud/racer-krm:0.1.0";

  private Repository() {}

  /**
   * The checkout's root: the first directory at or above the working directory with examples/ and
   * krm-function/.
   */
  static Path root() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("examples"))
          && Files.isDirectory(dir.resolve("krm-function"))) {
        return dir;
      }
    }
    throw new AssertionError(
        "no checkout root (with examples/ and krm-function/) at or above "
            + Paths.get("").toAbsolutePath());
  }

  static Path examples(String name) {
    return root().resolve("examples").resolve(name);
  }

  /**
   * The packaged launcher, which these tests run as kustomize and kpt would; failsafe runs after
   * package.
   */
  static Path function() {
    Path launcher = root().resolve("krm-function/target/racer-krm");
    assertThat(launcher)
        .as("the packaged function (run `mvn -pl krm-function -am package` first)")
        .isExecutable();
    assertThat(launcher.resolveSibling("racer-krm.jar")).as("the function's jar").isRegularFile();
    return launcher;
  }

  static Path dockerStandin() {
    return root().resolve("krm-function/src/test/sh/docker-standin");
  }
}
