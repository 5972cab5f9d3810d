package io.unboundedcloud.racer.krm.staging;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The product staged once per test JVM under a fresh folder in the system's temporary folder:
 *
 * <pre>
 *   racer-krm-staged-NNN/          0755
 *     launcher/racer-krm           the plain launcher, with racer-krm.jar and lib/ beside it
 *     runtime/                     krm-function/target/runtime, its class-data archive made valid here
 *     examples/                    the repository's examples
 * </pre>
 *
 * Folders are 0755 and files 0644 (0755 when executable), whatever the checkout's modes and the
 * umask. The runtime is copied as a whole with its modification times (a class-data archive checks
 * them) and then {@code bin/racer-krm-archive} runs in the copy, as the Dockerfile does after its
 * own copy, so a staged run still proves the archive is used.
 */
public final class StagedProduct {
  private static StagedProduct staged;

  private final Path root;

  private StagedProduct(Path root) {
    this.root = root;
  }

  /**
   * The staged copy of the product built in this module (krm-function: Maven runs the tests there),
   * made on first use. Fails when the build did not produce the launcher; a runtime that was not
   * assembled (built with {@code -Dracer.runtime.skip}) is simply not staged.
   */
  public static synchronized StagedProduct get() {
    if (staged == null) {
      staged = stage(Path.of("").toAbsolutePath());
    }
    return staged;
  }

  /** The staged folder, readable and searchable by every user down from {@code /}. */
  public Path root() {
    return root;
  }

  /** The plain launcher ({@code target/racer-krm}), its jars beside it. */
  public Path plainLauncher() {
    return root.resolve("launcher/racer-krm");
  }

  /** The assembled runtime ({@code target/runtime}). */
  public Path runtime() {
    return root.resolve("runtime");
  }

  /** The runtime's launcher, the image's entrypoint. */
  public Path runtimeLauncher() {
    return runtime().resolve("bin/racer-krm");
  }

  /** The folder {@code examples/NAME} of the repository, staged. */
  public Path example(String name) {
    return root.resolve("examples").resolve(name);
  }

  private static StagedProduct stage(Path module) {
    Path target = module.resolve("target");
    if (!Files.isExecutable(target.resolve("racer-krm"))) {
      throw new AssertionError(
          target.resolve("racer-krm")
              + " is missing: the tests that stage it run after mvn package");
    }
    Path root = createRoot();
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> run(List.of("rm", "-rf", "--", root.toString()))));
    Path launcher = root.resolve("launcher");
    mkdir(launcher);
    run(
        List.of(
            "cp",
            "-a",
            "--",
            target.resolve("racer-krm").toString(),
            target.resolve("racer-krm.jar").toString(),
            target.resolve("lib").toString(),
            launcher.toString()));
    run(
        List.of(
            "cp", "-a", "--", module.getParent().resolve("examples").toString(), root.toString()));
    boolean runtime = Files.isExecutable(target.resolve("runtime/bin/racer-krm"));
    if (runtime) {
      run(List.of("cp", "-a", "--", target.resolve("runtime").toString(), root.toString()));
    }
    // u=rwX,go=rX: others read every file and search every folder; only what was executable stays
    // so
    run(List.of("chmod", "-R", "u=rwX,go=rX", "--", root.toString()));
    if (runtime) {
      run(List.of(root.resolve("runtime/bin/racer-krm-archive").toString()));
    }
    return new StagedProduct(root);
  }

  /** A new 0755 folder under a temporary folder that every user can reach. */
  private static Path createRoot() {
    List<Path> candidates =
        List.of(
            Path.of(System.getProperty("java.io.tmpdir")), Path.of("/tmp"), Path.of("/var/tmp"));
    List<String> refused = new ArrayList<>();
    for (Path candidate : candidates) {
      String why = unreachableReason(candidate.toAbsolutePath());
      if (why == null) {
        try {
          Path root = Files.createTempDirectory(candidate, "racer-krm-staged-");
          Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
          return root;
        } catch (IOException e) {
          refused.add(candidate + ": " + e.getMessage());
        }
      } else {
        refused.add(why);
      }
    }
    throw new AssertionError(
        "no temporary folder that other users can reach, to stage the product in: "
            + String.join("; ", refused));
  }

  private static void mkdir(Path folder) {
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + folder, e);
    }
  }

  /** Runs a staging command; its output goes to this JVM's stderr, a failure fails the test. */
  private static void run(List<String> command) {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectErrorStream(true)
              .start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(
            "staging the product failed: " + String.join(" ", command) + "\n" + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while staging", e);
    }
  }

  /**
   * Why other users cannot reach {@code folder} (a folder on the way that they cannot search), or
   * null.
   */
  private static String unreachableReason(Path folder) {
    try {
      if (!Files.isDirectory(folder)) {
        return folder + " is not a folder";
      }
      for (Path step = folder; step != null; step = step.getParent()) {
        if (!Files.getPosixFilePermissions(step).contains(PosixFilePermission.OTHERS_EXECUTE)) {
          return step + " is not searchable by other users";
        }
      }
      return null;
    } catch (IOException e) {
      return folder + ": " + e.getMessage();
    }
  }
}
