package io.unboundedcloud.racer.krm.hostile;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Payloads that run code when an environment variable reaches the JVM or the dynamic loader, each
 * leaving a trace in its own marker file when it runs:
 *
 * <ul>
 *   <li>{@link #jvmOptions}: JVM options that run a shell script on the JVM's first
 *       OutOfMemoryError, which a metaspace of 8 MiB gives while the function's classes load; the
 *       script appends {@code ran as uid N};
 *   <li>{@link #preloadLibrary}: a shared library built here with gcc, whose constructor appends
 *       the path of the program that loaded it ({@code /proc/self/exe}), so that a test tells the
 *       launcher's shell from {@code java}.
 * </ul>
 *
 * Everything lies in a folder that every user can read and search, the markers in a folder every
 * user can write: the payload runs as whichever uid the test runs the product as (999 for the Argo
 * CD sidecar).
 */
public final class HostilePayload {
  private final Path folder;
  private final Path markers;

  private HostilePayload(Path folder, Path markers) {
    this.folder = folder;
    this.markers = markers;
  }

  /** A payload folder under {@code root}, a fresh folder that other users can reach. */
  public static HostilePayload in(Path root) {
    try {
      Path folder = Files.createDirectories(root.resolve("payload"));
      Path markers = Files.createDirectories(root.resolve("markers"));
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(markers, PosixFilePermissions.fromString("rwxrwxrwx"));
      return new HostilePayload(folder, markers);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The option that keeps a runtime folder's class-data archive from holding the function's
   * classes, so that they load into the small metaspace: {@code -XX:AOTMode=off} for a Java 25 AOT
   * cache, {@code -Xshare:off} for a Java 17 CDS archive or none.
   */
  public static String archiveOff(Path runtime) {
    return Files.exists(runtime.resolve("app/racer-krm.aot")) ? "-XX:AOTMode=off" : "-Xshare:off";
  }

  /**
   * JVM options that run a script writing marker {@code name} on the first OutOfMemoryError, with
   * {@code archiveOff} (see {@link #archiveOff}). One option string, as JAVA_TOOL_OPTIONS takes it.
   */
  public String jvmOptions(String name, String archiveOff) {
    Path script = folder.resolve(name + ".sh");
    write(
        script, "#!/bin/sh\necho \"ran as uid $(id -u)\" >> '" + marker(name) + "'\n", "rwxr-xr-x");
    return "-XX:OnOutOfMemoryError=" + script + " -XX:MaxMetaspaceSize=8m " + archiveOff;
  }

  /**
   * Skips the calling test, with one {@code SKIPPED:} line naming it, where no library can be built
   * (no gcc on the PATH).
   */
  public static void assumeCompiler(String test) {
    boolean gcc =
        Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "gcc")));
    String why =
        "the LD_PRELOAD payload is a shared library built with gcc; gcc is not on the PATH";
    if (!gcc) {
      System.out.println("SKIPPED: " + test + ": " + why);
    }
    Assumptions.assumeTrue(gcc, why);
  }

  /**
   * A shared library whose constructor appends the path of the program that loaded it to marker
   * {@code name}; after {@link #assumeCompiler}.
   */
  public Path preloadLibrary(String name) {
    Path source = folder.resolve(name + ".c");
    Path library = folder.resolve(name + ".so");
    write(
        source,
        """
        #include <fcntl.h>
        #include <unistd.h>

        __attribute__((constructor)) static void hostile_payload(void) {
          char exe[4096];
          ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
          if (n < 0) n = 0;
          exe[n++] = '\\n';
          int fd = open("%s", O_WRONLY | O_CREAT | O_APPEND, 0666);
          if (fd >= 0) {
            (void) write(fd, exe, n);
            close(fd);
          }
        }
        """
            .formatted(marker(name)),
        "rw-r--r--");
    CommandRun.of(
            folder,
            Map.of(),
            List.of("gcc", "-shared", "-fPIC", "-O1", "-o", library.toString(), source.toString()))
        .succeeded();
    try {
      Files.setPosixFilePermissions(library, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return library;
  }

  /** What marker {@code name} holds, a line per run of its payload; empty when it never ran. */
  public List<String> marks(String name) {
    Path marker = marker(name);
    try {
      return Files.exists(marker) ? Files.readAllLines(marker, StandardCharsets.UTF_8) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path marker(String name) {
    return markers.resolve(name + ".marker");
  }

  private static void write(Path file, String text, String mode) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
