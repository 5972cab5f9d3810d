package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/bundle.sh}, the exec bundle as both the release and {@code tools/reproducible.sh}
 * write it: the same runtime folder gives the same bytes wherever it lies and whenever it was
 * copied, with a SHA-256 file, without the Java 17 CDS archive (it names the folder it was dumped
 * in).
 */
class BundleScriptTest {
  private static final String NAME = "racer-krm-0.1.0-linux-arm64";
  private static final String EPOCH = "1764547200"; // 2025-12-01T00:00:00Z

  @TempDir Path temp;

  @Test
  @DisplayName("the same runtime folder in two places, with other file times, gives the same bytes")
  void sameBytesWhereverTheFolderLies() throws IOException {
    Path first = runtimeFolder(temp.resolve("first/runtime"), FileTime.fromMillis(1_000_000L));
    Path second =
        runtimeFolder(
            temp.resolve("second/elsewhere/runtime-linux-arm64"),
            FileTime.fromMillis(2_000_000_000_000L));

    byte[] one = Files.readAllBytes(bundle(first, temp.resolve("out-1")));
    byte[] two = Files.readAllBytes(bundle(second, temp.resolve("out-2")));

    assertThat(two).as("the second bundle's bytes").isEqualTo(one);
  }

  @Test
  @DisplayName("entries sorted under NAME/, owner 0, time SOURCE_DATE_EPOCH, no CDS archive")
  void entries() throws IOException {
    Path bundle =
        bundle(runtimeFolder(temp.resolve("runtime"), FileTime.fromMillis(0)), temp.resolve("out"));

    String listing =
        CommandRun.of(
                temp,
                Map.of("TZ", "UTC"),
                List.of("tar", "--numeric-owner", "--full-time", "-tvzf", bundle.toString()))
            .succeeded()
            .stdoutText();

    assertThat(listing.lines().map(line -> line.substring(line.lastIndexOf(' ') + 1)))
        .containsExactly(
            NAME + "/app/",
            NAME + "/app/racer-krm.aot",
            NAME + "/app/racer-krm.jar",
            NAME + "/bin/",
            NAME + "/bin/racer-krm");
    assertThat(listing.lines())
        .allSatisfy(line -> assertThat(line).contains(" 0/0 ", " 2025-12-01 00:00:00 "));
    assertThat(listing).contains("-rwxr-xr-x 0/0");
  }

  @Test
  @DisplayName("the SHA-256 file is sha256sum's line for the bundle")
  void sha256File() throws IOException, NoSuchAlgorithmException {
    Path bundle =
        bundle(runtimeFolder(temp.resolve("runtime"), FileTime.fromMillis(0)), temp.resolve("out"));

    String hex =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bundle)));
    assertThat(Files.readString(bundle.resolveSibling(NAME + ".tar.gz.sha256")))
        .isEqualTo(hex + "  " + NAME + ".tar.gz\n");
    assertThat(bundle.getParent()).isDirectoryNotContaining(path -> path.endsWith(".partial"));
  }

  @Test
  @DisplayName("a folder that is no runtime folder: exit 1, naming it, nothing written")
  void notARuntimeFolder() throws IOException {
    Path folder = Files.createDirectories(temp.resolve("empty"));
    Path out = Files.createDirectories(temp.resolve("out"));

    CommandRun run = script(folder, out);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.stderr()).contains(folder.toString(), "no runtime folder", "bin/racer-krm");
    assertThat(out).isEmptyDirectory();
  }

  private Path bundle(Path folder, Path out) throws IOException {
    Files.createDirectories(out);
    script(folder, out).succeeded();
    return out.resolve(NAME + ".tar.gz");
  }

  private static CommandRun script(Path folder, Path out) {
    return CommandRun.of(
        out,
        Map.of("SOURCE_DATE_EPOCH", EPOCH),
        List.of(
            RuntimeFolder.repository().resolve("tools/bundle.sh").toString(),
            folder.toString(),
            NAME,
            out.toString()));
  }

  /**
   * A small runtime folder: launcher, jar, AOT cache and a CDS archive, every file at {@code at}.
   */
  private static Path runtimeFolder(Path folder, FileTime at) throws IOException {
    Files.createDirectories(folder.resolve("bin"));
    Files.createDirectories(folder.resolve("app"));
    Path launcher = folder.resolve("bin/racer-krm");
    Files.writeString(launcher, "#!/bin/sh\necho racer-krm 0.1.0\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.write(folder.resolve("app/racer-krm.jar"), new byte[] {'P', 'K', 3, 4});
    Files.write(folder.resolve("app/racer-krm.aot"), new byte[] {1, 2, 3});
    Files.writeString(folder.resolve("app/racer-krm.jsa"), folder.toString());
    for (String file :
        List.of("bin/racer-krm", "app/racer-krm.jar", "app/racer-krm.aot", "bin", "app", "")) {
      Files.setLastModifiedTime(folder.resolve(file), at);
    }
    return folder;
  }
}
