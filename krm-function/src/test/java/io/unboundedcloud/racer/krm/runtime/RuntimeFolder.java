package io.unboundedcloud.racer.krm.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test support: where the build put things. {@code target/runtime} is what the image carries at
 * /opt/racer-krm (assembled at package by src/main/runtime/assemble.sh); {@code target/racer-krm}
 * is the plain launcher, the reference every runtime run is compared with.
 */
public final class RuntimeFolder {
  private RuntimeFolder() {}

  /**
   * The krm-function module: where Maven runs its tests, or beside the module whose tests run (the
   * release module's tests use the runtime krm-function built).
   */
  public static Path module() {
    Path here = Path.of("").toAbsolutePath();
    return here.getFileName().toString().equals("krm-function")
        ? here
        : here.resolveSibling("krm-function");
  }

  public static Path repository() {
    return module().getParent();
  }

  public static Path runtime() {
    return module().resolve("target/runtime");
  }

  /** This machine's platform, as the release names platforms: linux/amd64 or linux/arm64. */
  public static String nativePlatform() {
    return "linux/" + (System.getProperty("os.arch").equals("aarch64") ? "arm64" : "amd64");
  }

  /**
   * The runtime folder of a platform (linux/ARCH), as tools/release.sh picks it: {@link #runtime()}
   * for this machine's, else {@code target/runtime-linux-ARCH}, which
   * src/main/runtime/assemble-debian.sh ARCH assembles (the release runs it; it may be absent).
   */
  public static Path runtimeOf(String platform) {
    return platform.equals(nativePlatform())
        ? runtime()
        : module().resolve("target/runtime-" + platform.replace('/', '-'));
  }

  /** The runtime's launcher, the image's entrypoint. */
  public static Path launcher() {
    return runtime().resolve("bin/racer-krm");
  }

  /** The plain launcher: the system's java, the jars beside it. */
  public static Path plainLauncher() {
    return module().resolve("target/racer-krm");
  }

  /**
   * The class-data archive: {@code app/racer-krm.aot} (Java 25+) or {@code app/racer-krm.jsa} (17).
   */
  public static Path archive() {
    Path aot = runtime().resolve("app/racer-krm.aot");
    return Files.exists(aot) ? aot : runtime().resolve("app/racer-krm.jsa");
  }

  /** The input the archive was trained with (kept by assemble.sh beside the runtime). */
  public static Path trainingInput() {
    return module().resolve("target/runtime-training/rendered.yaml");
  }

  /** Why the runtime's tests cannot run (it was not assembled), or {@code null}. */
  public static String unavailableReason() {
    if (!Files.isExecutable(plainLauncher())) {
      return "target/racer-krm not found: run the tests after package";
    }
    if (!Files.isExecutable(launcher())) {
      return "target/runtime not assembled (built with -Dracer.runtime.skip?): run mvn package";
    }
    return null;
  }

  /**
   * The training's first input: the quickstart as a ResourceList without the DaemonSet, as
   * kustomize sends it (kept by assemble.sh beside the runtime).
   */
  public static Path firstPassInput() {
    return module().resolve("target/runtime-training/quickstart.yaml");
  }

  /** Every golden case's {@code input.yaml}, by case name. */
  public static List<Path> goldenInputs() {
    Path golden = module().resolve("src/test/resources/golden");
    if (!Files.isDirectory(golden)) {
      return List.of();
    }
    try (Stream<Path> cases = Files.list(golden)) {
      return cases.map(c -> c.resolve("input.yaml")).filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
