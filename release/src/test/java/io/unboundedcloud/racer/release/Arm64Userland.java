package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Test support: the system an arm64 exec bundle expects around it (glibc, its loader {@code
 * /lib/ld-linux-aarch64.so.1}, zlib), on a machine of another architecture. An arm64 machine has
 * them in {@code /}; here they come from the arm64 half of the release's own base image, copied out
 * of container storage into a folder every user can read. qemu-user, started by binfmt_misc for
 * every arm64 program, looks up absolute paths under {@code QEMU_LD_PREFIX} first, so the bundle's
 * own files run unchanged: only the system's libraries are borrowed.
 */
final class Arm64Userland {
  private Arm64Userland() {}

  /**
   * Copies the root file system of {@code baseImage}'s linux/arm64 image (a multi-platform
   * reference in the tests' container storage) into {@code into}, an empty folder, without its
   * device nodes.
   */
  static Path copy(String baseImage, Path into) {
    String container =
        ContainerTools.buildah("from", "--pull=never", "--platform", "linux/arm64", baseImage)
            .succeeded()
            .stdoutText()
            .strip();
    try {
      String root = ContainerTools.buildah("mount", container).succeeded().stdoutText().strip();
      CommandRun.of(
              into,
              Map.of(),
              List.of(
                  "sh",
                  "-c",
                  "tar -C \"$1\" --exclude=./dev -cf - . | tar -C \"$2\" -xf -",
                  "copy",
                  root,
                  into.toString()))
          .succeeded();
      CommandRun.of(into, Map.of(), List.of("chmod", "755", into.toString())).succeeded();
      return into;
    } finally {
      ContainerTools.buildah("rm", container).succeeded();
    }
  }

  /** The environment that lets an arm64 program find this userland: {@code QEMU_LD_PREFIX}. */
  static Map<String, String> environment(Path userland) {
    return Map.of("QEMU_LD_PREFIX", userland.toString());
  }
}
