package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The launcher as a container runtime starts a KRM function ({@code --user nobody --network none},
 * no writable home): uid 65534, no network, an empty environment, HOME and TMPDIR that do not
 * exist. Its output must be the same bytes as a plain run's. Needs root, {@code unshare} and {@code
 * setpriv}; without them the tests print one {@code SKIPPED:} line and are reported skipped. The
 * sandboxed runs use the product staged into a folder every user can read ({@link StagedProduct}):
 * the checkout may lie where uid 65534 cannot reach it. (That the build leaves the launcher and its
 * jars readable by others and that it opens nothing under ~/.m2 is checked by {@link LauncherIT},
 * which needs no root.)
 */
@DisplayName("The launcher as uid 65534, without network or writable directories")
class SandboxedLauncherIT {
  /**
   * The brief's sandbox: a new network namespace, uid and gid 65534, no groups, an empty
   * environment.
   */
  private static final List<String> SANDBOX =
      List.of(
          "unshare",
          "-n",
          "setpriv",
          "--reuid=65534",
          "--regid=65534",
          "--clear-groups",
          "env",
          "-i",
          "PATH=/usr/bin:/bin",
          "HOME=/nonexistent",
          "TMPDIR=/nonexistent");

  /**
   * Directories anyone may write on a usual Linux host: made read-only for the stricter sandbox.
   */
  private static final List<String> SHARED_WRITABLE =
      List.of("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue");

  /** The staged launcher, run inside {@code sandbox}, with {@code args}. */
  private static List<String> staged(List<String> sandbox, String... args) {
    List<String> command = new ArrayList<>(sandbox);
    command.add(StagedProduct.get().plainLauncher().toString());
    command.addAll(List.of(args));
    return command;
  }

  private static byte[] input() {
    return Launcher.quickstartResourceList().getBytes(StandardCharsets.UTF_8);
  }

  @BeforeAll
  static void requireRootAndTools() throws IOException {
    Launcher.require("unshare", "util-linux, to drop the network");
    Launcher.require("setpriv", "util-linux, to run as uid 65534");
    Object uid;
    try {
      uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    } catch (IOException | UnsupportedOperationException unknown) {
      uid = "unknown (" + unknown + ")";
    }
    if (!Integer.valueOf(0).equals(uid)) {
      Launcher.skip("the sandbox needs root to switch to uid 65534; these tests run as uid " + uid);
    }
    Launcher.Run probe = Launcher.run(List.of("unshare", "-n", "true"), Map.of(), new byte[0]);
    if (probe.exit() != 0) {
      Launcher.skip("unshare -n does not work here (" + probe.stderr().strip() + ")");
    }
  }

  /** Skips unless this host lets root bind a directory read-only in a private mount namespace. */
  private static void requireMountNamespace() {
    Launcher.Run probe =
        Launcher.run(
            List.of(
                "unshare",
                "-n",
                "-m",
                "sh",
                "-c",
                "mount --bind /tmp /tmp && mount -o remount,bind,ro /tmp"),
            Map.of(),
            new byte[0]);
    if (probe.exit() != 0) {
      Launcher.skip(
          "a private mount namespace with a read-only bind mount does not work here ("
              + probe.stderr().strip()
              + ")");
    }
  }

  /**
   * The stricter sandbox: also a private mount namespace in which every directory anyone may write
   * is bound read-only onto itself (its contents stay visible: CI may clone the project under
   * /tmp), so that uid 65534 can write nowhere.
   */
  private static List<String> readOnlySandbox() {
    List<String> writable =
        SHARED_WRITABLE.stream().filter(SandboxedLauncherIT::writableByOthers).toList();
    StringBuilder script = new StringBuilder("set -e\n");
    for (String dir : writable) {
      script.append("mount --bind ").append(dir).append(' ').append(dir).append('\n');
      script.append("mount -o remount,bind,ro ").append(dir).append(' ').append(dir).append('\n');
    }
    script
        .append("exec ")
        .append(String.join(" ", SANDBOX.subList(2, SANDBOX.size())))
        .append(" \"$@\"\n");
    return List.of("unshare", "-n", "-m", "sh", "-c", script.toString(), "sandbox");
  }

  private static boolean writableByOthers(String dir) {
    try {
      Path path = Path.of(dir);
      return Files.isDirectory(path)
          && Files.getPosixFilePermissions(path).contains(PosixFilePermission.OTHERS_WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Nested
  @DisplayName("gives the plain run's output, byte for byte")
  class SameOutput {
    @Test
    @DisplayName("render examples/quickstart")
    void render() {
      String[] args = {"render", StagedProduct.get().example("quickstart").toString()};
      Launcher.Run plain = Launcher.launcher(new byte[0], args);
      Launcher.Run sandboxed = Launcher.run(staged(SANDBOX, args), Map.of(), new byte[0]);
      assertThat(plain.exit()).as(plain.describe()).isZero();
      assertThat(sandboxed.exit()).as(sandboxed.describe()).isZero();
      assertThat(sandboxed.stderr()).as(sandboxed.describe()).isEmpty();
      assertThat(sandboxed.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    @DisplayName("function mode on the quickstart as a ResourceList")
    void function() {
      Launcher.Run plain = Launcher.launcher(input());
      Launcher.Run sandboxed = Launcher.run(staged(SANDBOX), Map.of(), input());
      assertThat(sandboxed.exit()).as(sandboxed.describe()).isZero();
      assertThat(sandboxed.stderr()).as(sandboxed.describe()).isEmpty();
      assertThat(sandboxed.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    @DisplayName("function mode, with every directory anyone may write made read-only")
    void functionReadOnly() {
      requireMountNamespace();
      Launcher.Run plain = Launcher.launcher(input());
      Launcher.Run sandboxed = Launcher.run(staged(readOnlySandbox()), Map.of(), input());
      assertThat(sandboxed.exit()).as(sandboxed.describe()).isZero();
      assertThat(sandboxed.stderr()).as(sandboxed.describe()).isEmpty();
      assertThat(sandboxed.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    @DisplayName("the stricter sandbox really has no network and no writable directory")
    void sandboxIsStrict() {
      requireMountNamespace();
      String probe =
          "for d in / /tmp /var/tmp /dev/shm /run/lock /nonexistent "
              + StagedProduct.get().root()
              + " "
              + StagedProduct.get().plainLauncher().getParent()
              + " "
              + StagedProduct.get().example("quickstart")
              + "; do if ( : > \"$d/.racer-krm-probe\" ) 2>/dev/null; then"
              + " echo \"writable $d\"; rm -f \"$d/.racer-krm-probe\"; fi; done\n"
              + "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '\nid -u\n";
      List<String> command = new ArrayList<>(readOnlySandbox());
      command.addAll(List.of("sh", "-c", probe));
      Launcher.Run run = Launcher.run(command, Map.of(), new byte[0]);
      assertThat(run.exit()).as(run.describe()).isZero();
      assertThat(run.out())
          .as("no writable directory, only the loopback interface, uid 65534")
          .isEqualTo("lo\n65534\n");
    }
  }
}
