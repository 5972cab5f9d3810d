package io.unboundedcloud.racer.krm.image;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test support: buildah and podman without a container engine or a registry, the way they were
 * found to work on a machine without Docker: vfs storage of the test's own (under {@link #CACHE}),
 * chroot isolation for builds, runc with rlimits it may set, never pulling. The base image is made
 * locally with debootstrap (Debian bookworm, minbase, trimmed like a slim image) once, then kept in
 * {@link #CACHE}.
 */
public final class ContainerTools {
  /**
   * Kept between runs: the base's tar and the container storage. RACER_KRM_IMAGE_CACHE overrides
   * it.
   */
  public static final Path CACHE =
      Path.of(
          Optional.ofNullable(System.getenv("RACER_KRM_IMAGE_CACHE"))
              .orElse("/var/tmp/racer-krm-image"));

  public static final String BASE_IMAGE = "localhost/racer-krm-test-base:bookworm";

  /** debootstrap from Debian's mirror takes 30 s on a quiet machine, minutes on a busy one. */
  private static final long DEBOOTSTRAP_SECONDS = 900;

  private ContainerTools() {}

  /** Why the image cannot be built and run here (tools missing, not root), or {@code null}. */
  public static String unavailableReason() {
    String runtime = RuntimeFolder.unavailableReason();
    if (runtime != null) {
      return runtime;
    }
    List<String> missing =
        Arrays.stream(new String[] {"buildah", "podman", "runc"})
            .filter(t -> onPath(t).isEmpty())
            .toList();
    if (!missing.isEmpty()) {
      return String.join(", ", missing)
          + " not found on PATH (krm-function/src/test/sh/install-image-tools.sh installs them)";
    }
    String uid = CommandRun.of(Path.of("/"), Map.of(), List.of("id", "-u")).stdoutText().strip();
    if (!"0".equals(uid)) {
      return "not running as root (uid "
          + uid
          + "): buildah and podman with vfs storage and chroot isolation need root here";
    }
    return null;
  }

  /**
   * Makes sure the base image is in the storage: from the cached tar, else from debootstrap.
   * Returns why it could not (no debootstrap, no network to Debian's mirror), or {@code null}.
   */
  public static String ensureBase() {
    if (buildah("inspect", "--type", "image", BASE_IMAGE).exit() == 0) {
      return null;
    }
    Path tar = CACHE.resolve("bookworm-minbase.tar");
    try {
      Files.createDirectories(CACHE);
      try (FileChannel lockFile =
              FileChannel.open(
                  CACHE.resolve("base.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = lockFile.lock()) {
        // as tools/base-image.sh does: a kept tar is used only with the SHA-256 written when made
        if (Files.exists(tar) && !KeptFile.intact(tar)) {
          Files.delete(tar);
        }
        if (!Files.exists(tar)) {
          String failure = debootstrap(tar);
          if (failure != null) {
            return failure;
          }
        }
        CommandRun container = buildah("from", "scratch");
        if (container.exit() != 0) {
          return "buildah cannot use its storage here: " + lastLine(container);
        }
        String name = container.stdoutText().strip();
        buildah("add", name, tar.toString(), "/").succeeded();
        buildah("commit", "--quiet", name, BASE_IMAGE).succeeded();
        buildah("rm", name).succeeded();
        return null;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the base image in " + CACHE, e);
    }
  }

  /**
   * Why buildah cannot run a build step (chroot isolation) or podman cannot run a container here
   * (no namespaces in an unprivileged CI container, say), or {@code null}. Run after {@link
   * #ensureBase}.
   */
  public static String cannotRunReason() {
    CommandRun container = buildah("from", "--pull=never", BASE_IMAGE);
    if (container.exit() != 0) {
      return "buildah cannot start a build container here: " + lastLine(container);
    }
    String name = container.stdoutText().strip();
    try {
      CommandRun step = buildah("run", "--isolation", "chroot", name, "--", "/bin/true");
      if (step.exit() != 0) {
        return "buildah cannot run a build step (chroot isolation) here: " + lastLine(step);
      }
    } finally {
      buildah("rm", name);
    }
    CommandRun run =
        run(new byte[0], List.of("--rm", "--network", "none", BASE_IMAGE, "/bin/true"));
    if (run.exit() != 0) {
      return "podman cannot run a container here: " + lastLine(run);
    }
    return null;
  }

  private static String lastLine(CommandRun run) {
    List<String> lines = (run.stdoutText() + run.stderr()).strip().lines().toList();
    return lines.isEmpty() ? "exit " + run.exit() : lines.get(lines.size() - 1);
  }

  /**
   * debootstrap --variant=minbase bookworm, without apt's caches, documentation and locales, as a
   * tar.
   */
  private static String debootstrap(Path tar) throws IOException {
    if (onPath("debootstrap").isEmpty()) {
      return "no base image: debootstrap not found (install-image-tools.sh installs it) and no cached "
          + tar;
    }
    Path rootfs = CACHE.resolve("rootfs");
    CommandRun.of(CACHE, Map.of(), List.of("rm", "-rf", rootfs.toString())).succeeded();
    System.out.println(
        "ImageIT: making the base image with debootstrap (bookworm, minbase) into " + rootfs);
    CommandRun bootstrap =
        CommandRun.of(
            CACHE,
            Map.of(),
            new byte[0],
            List.of(
                "debootstrap",
                "--variant=minbase",
                "bookworm",
                rootfs.toString(),
                "http://deb.debian.org/debian"),
            DEBOOTSTRAP_SECONDS);
    if (bootstrap.exit() != 0) {
      return "no base image: debootstrap failed (no network to deb.debian.org?): "
          + lastLine(bootstrap);
    }
    CommandRun.of(
            rootfs,
            Map.of(),
            List.of(
                "sh",
                "-c",
                "rm -rf var/cache/apt/* var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/locale/*"))
        .succeeded();
    Path partial = CACHE.resolve("bookworm-minbase.tar.partial");
    CommandRun.of(
            CACHE,
            Map.of(),
            List.of(
                "tar", "--numeric-owner", "-C", rootfs.toString(), "-cf", partial.toString(), "."))
        .succeeded();
    KeptFile.recordSha256(partial, tar);
    Files.move(partial, tar);
    CommandRun.of(CACHE, Map.of(), List.of("rm", "-rf", rootfs.toString())).succeeded();
    return null;
  }

  public static CommandRun buildah(String... args) {
    List<String> command = new ArrayList<>(storage("buildah"));
    command.addAll(List.of(args));
    return CommandRun.of(Path.of("/"), Map.of(), command);
  }

  public static CommandRun podman(String... args) {
    List<String> command = new ArrayList<>(storage("podman"));
    command.addAll(List.of("--cgroup-manager", "cgroupfs"));
    command.addAll(List.of(args));
    return CommandRun.of(Path.of("/"), Map.of(), command);
  }

  /**
   * Removes {@code image} from the test's storage, by its id (removing a digest reference alone
   * would leave the image under its tag), and checks that it is gone.
   */
  public static void removeImage(String image) {
    CommandRun id = podman("image", "inspect", "--format", "{{.Id}}", image);
    if (id.exit() == 0) {
      podman("rmi", "--force", id.stdoutText().strip()).succeeded();
    }
    if (podman("image", "exists", image).exit() == 0) {
      throw new AssertionError(image + " is still in local storage after podman rmi");
    }
  }

  /**
   * {@code podman run} with {@code args} (the options as kustomize gives them, the image, its
   * arguments) and stdin; only the machine's needs are added: runc, rlimits runc may set, never
   * pulling.
   */
  public static CommandRun run(byte[] stdin, List<String> args) {
    List<String> command = new ArrayList<>(storage("podman"));
    command.addAll(
        List.of(
            "--cgroup-manager",
            "cgroupfs",
            "run",
            "--runtime",
            "runc",
            "--ulimit",
            "nofile=4096:4096",
            "--ulimit",
            "nproc=4096:4096",
            "--pull",
            "never"));
    command.addAll(args);
    return CommandRun.of(Path.of("/"), Map.of(), stdin, command);
  }

  public static Path storageRoot() {
    return CACHE.resolve("storage");
  }

  public static Path runRoot() {
    return CACHE.resolve("runroot");
  }

  private static List<String> storage(String tool) {
    return List.of(
        tool,
        "--root",
        storageRoot().toString(),
        "--runroot",
        runRoot().toString(),
        "--storage-driver",
        "vfs");
  }

  /**
   * The executable {@code name} on the PATH, or in /usr/sbin or /sbin (runc and debootstrap live
   * there).
   */
  public static Optional<Path> onPath(String name) {
    String path =
        System.getenv("PATH") + File.pathSeparator + "/usr/sbin" + File.pathSeparator + "/sbin";
    for (String entry : path.split(File.pathSeparator)) {
      Path candidate = Path.of(entry.isEmpty() ? "." : entry, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
