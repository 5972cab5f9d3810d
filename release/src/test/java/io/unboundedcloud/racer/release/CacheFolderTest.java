package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/cache-folder.sh}: the release's scripts keep downloads in a shared place (/var/tmp)
 * and run them, often as root; a cache that another user could have made or written is refused
 * before anything in it is used, and so is one that holds a file another user could have written.
 */
@DisplayName("A cache folder the release reuses")
class CacheFolderTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
  private static final int OTHER_UID = 65534;

  @TempDir Path temp;

  @Nested
  @DisplayName("is used")
  class Used {
    @Test
    @DisplayName("when it is missing: made with mode 755")
    void made() throws IOException {
      Path cache = temp.resolve("new/cache");

      CommandRun run = check(cache);

      assertThat(run.exit()).as("%s", run.stderr()).isZero();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)))
          .isEqualTo("rwxr-xr-x");
    }

    @Test
    @DisplayName("inside a folder all may write that has the sticky bit, as /tmp and /var/tmp")
    void underStickyFolder() throws IOException {
      Path shared = Files.createDirectories(temp.resolve("shared"));
      chmod("1777", shared);

      CommandRun run = check(shared.resolve("cache"));

      assertThat(run.exit()).as("%s", run.stderr()).isZero();
    }

    @Test
    @DisplayName(
        "when a folder in it that only its owner may enter holds what all may write: container"
            + " storage keeps root file systems (with /tmp mode 1777) so")
    void closedFolderHoldingRootFileSystem() throws IOException {
      Path cache = Files.createDirectories(temp.resolve("cache"));
      Path storage = Files.createDirectories(cache.resolve("storage"));
      Path tmp = Files.createDirectories(storage.resolve("vfs/dir/layer/tmp"));
      chmod("1777", tmp);
      Path log = Files.writeString(storage.resolve("vfs/dir/layer/lastlog"), "");
      chmod("664", log);
      chmod("700", storage);

      CommandRun run = check(cache);

      assertThat(run.exit()).as("%s", run.stderr()).isZero();
    }
  }

  @Nested
  @DisplayName("is refused with one line naming it and the fix, exit 1")
  class Refused {
    @Test
    @DisplayName("when its group or others may write it")
    void writableByOthers() throws IOException {
      for (String mode : List.of("775", "757", "777", "1777")) {
        Path cache = Files.createDirectories(temp.resolve("cache-" + mode));
        chmod(mode, cache);

        CommandRun run = check(cache);

        assertThat(run.exit()).as("mode %s: %s", mode, run.stderr()).isEqualTo(1);
        assertThat(run.stderr())
            .contains("refusing " + cache.toRealPath(), "can be written by other users")
            .contains("chmod go-w", "RACER_KRM_IMAGE_CACHE=DIR")
            .hasLineCount(1);
      }
    }

    @Test
    @DisplayName("when a folder above it may be written by all without the sticky bit")
    void aboveWritableWithoutSticky() throws IOException {
      Path shared = Files.createDirectories(temp.resolve("shared"));
      chmod("777", shared);

      CommandRun run = check(shared.resolve("cache"));

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr()).contains(shared.toRealPath() + " can be written by other users");
    }

    @Test
    @DisplayName("when it holds a file others may write: a planted java, say")
    void plantedFile() throws IOException {
      Path cache = Files.createDirectories(temp.resolve("cache"));
      Path java = Files.createDirectories(cache.resolve("jdk/bin")).resolve("java");
      Files.writeString(java, "#!/bin/sh\n");
      chmod("777", java);

      CommandRun run = check(cache);

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr()).contains(java.toRealPath() + " belongs to another user or");
    }

    @Test
    @DisplayName(
        "when the same root file system lies in a folder others may enter: its /tmp could hold a"
            + " planted file")
    void openFolderHoldingRootFileSystem() throws IOException {
      Path cache = Files.createDirectories(temp.resolve("cache"));
      Path tmp = Files.createDirectories(cache.resolve("rootfs-amd64/tmp"));
      chmod("1777", tmp);
      chmod("711", cache.resolve("rootfs-amd64"));

      CommandRun run = check(cache);

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr()).contains(tmp.toRealPath() + " belongs to another user or");
    }

    @Test
    @DisplayName("when it, or a file in it, belongs to another user")
    void otherOwner() throws IOException {
      assumeRoot();
      Path cache = Files.createDirectories(temp.resolve("cache"));
      Path made = Files.createDirectories(temp.resolve("made/by/other"));
      chown(made.getParent().getParent());
      chown(made.getParent());
      chown(made);
      Path file = cache.resolve("file");
      Files.writeString(file, "x");
      chown(file);

      CommandRun owned = check(made);
      CommandRun holding = check(cache);

      assertThat(owned.exit()).isEqualTo(1);
      assertThat(owned.stderr()).contains("belongs to uid " + OTHER_UID);
      assertThat(holding.exit()).isEqualTo(1);
      assertThat(holding.stderr()).contains(file.toRealPath() + " belongs to another user");
    }
  }

  @Nested
  @DisplayName("is checked before any use by")
  class Scripts {
    @Test
    @DisplayName("tools/toolchain.sh, for the path and the fetch of a tool")
    void toolchain() throws IOException {
      Path cache = Files.createDirectories(temp.resolve("toolchain"));
      chmod("777", cache);

      for (String action : List.of("path", "fetch")) {
        CommandRun run =
            CommandRun.of(
                temp,
                Map.of("RACER_KRM_TOOLCHAIN_CACHE", cache.toString()),
                List.of(REPOSITORY.resolve("tools/toolchain.sh").toString(), action, "helm4"));

        assertThat(run.exit()).as("%s: %s", action, run.stderr()).isEqualTo(1);
        assertThat(run.stderr()).contains("refusing", "RACER_KRM_TOOLCHAIN_CACHE=DIR");
      }
    }

    @Test
    @DisplayName("assemble-debian.sh, before apt or the build is touched")
    void assembleDebian() throws IOException {
      assumeTrue(
          Files.isExecutable(Path.of("/usr/bin/dpkg")),
          "assemble-debian.sh asks dpkg for the architecture");
      Path cache = Files.createDirectories(temp.resolve("image"));
      chmod("777", cache);

      CommandRun run =
          CommandRun.of(
              temp,
              Map.of("RACER_KRM_IMAGE_CACHE", cache.toString()),
              List.of(
                  "sh",
                  REPOSITORY.resolve("krm-function/src/main/runtime/assemble-debian.sh").toString(),
                  "arm64"));

      assertThat(run.exit()).as("%s", run.stderr()).isEqualTo(1);
      assertThat(run.stderr()).contains("refusing " + cache.toRealPath() + "/debian-jdk");
      assertThat(run.stderr()).doesNotContain("apt-get");
    }

    @Test
    @DisplayName("tools/base-image.sh, before a kept root file system is used")
    void baseImage() throws IOException {
      Path cache = Files.createDirectories(temp.resolve("image"));
      chmod("777", cache);

      CommandRun run =
          CommandRun.of(
              temp,
              Map.of("RACER_KRM_IMAGE_CACHE", cache.toString()),
              List.of(
                  REPOSITORY.resolve("tools/base-image.sh").toString(),
                  "localhost/racer-krm-cache-folder-test:none"));

      assertThat(run.exit()).as("%s", run.stderr()).isEqualTo(1);
      assertThat(run.stderr()).contains("refusing " + cache.toRealPath());
    }
  }

  private CommandRun check(Path cache) {
    return CommandRun.of(
        temp,
        Map.of(),
        List.of(
            "sh",
            "-c",
            ". \"$0\" && cache_folder \"$1\" RACER_KRM_IMAGE_CACHE",
            REPOSITORY.resolve("tools/cache-folder.sh").toString(),
            cache.toString()));
  }

  private void chmod(String mode, Path path) {
    CommandRun.of(temp, Map.of(), List.of("chmod", mode, path.toString())).succeeded();
  }

  private void chown(Path path) {
    CommandRun.of(temp, Map.of(), List.of("chown", String.valueOf(OTHER_UID), path.toString()))
        .succeeded();
  }

  private static void assumeRoot() {
    boolean root = "root".equals(System.getProperty("user.name"));
    if (!root) {
      System.out.println(
          "SKIPPED: CacheFolderTest.otherOwner: making a file of another user needs root");
    }
    assumeTrue(root, "needs root");
  }
}
