package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Test support: finds and runs the command-line tools an end-to-end test drives. */
final class Tool {
  /**
   * kpt kills a function after 5 minutes; a tool run here gets as long, on a loaded 2-core machine.
   */
  private static final long TIMEOUT_SECONDS = 300;

  private Tool() {}

  /** What one run printed. */
  record Run(List<String> command, int exit, String stdout, String stderr) {
    /**
     * This run, after asserting it exited 0 (the message shows the command and everything it
     * printed).
     */
    Run succeeded() {
      assertThat(exit)
          .as("exit code of %s%nstdout:%n%s%nstderr:%n%s", command, stdout, stderr)
          .isZero();
      return this;
    }
  }

  /** The executable {@code name} on the PATH, if any. */
  static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    for (String entry : path == null ? new String[0] : path.split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        Path candidate = Path.of(entry, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Why a test class that needs {@code name} cannot run, {@code "NAME not found on PATH (WHAT)"},
   * or {@code null} when it is on the PATH. CI machines may lack the tool.
   */
  static String missing(String name, String what) {
    return onPath(name).isPresent() ? null : name + " not found on PATH (" + what + ")";
  }

  /**
   * The one line a skipped test class (or test) prints, {@code SKIPPED: REASON}; each of its tests
   * then aborts through {@link #skipIf}, so the runner reports them skipped, never passed.
   */
  static void announceSkip(String reason) {
    if (reason != null) {
      System.out.println("SKIPPED: " + reason);
    }
  }

  /** Aborts the running test (reported skipped) when there is a reason to. */
  static void skipIf(String reason) {
    Assumptions.assumeTrue(reason == null, reason);
  }

  /**
   * Runs a command in {@code dir} with {@code pathFirst} (may be {@code null}) put first on the
   * PATH. Fails when it does not end within the time-out.
   */
  static Run run(Path dir, Path pathFirst, String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    if (pathFirst != null) {
      Map<String, String> env = builder.environment();
      env.put("PATH", pathFirst + File.pathSeparator + env.getOrDefault("PATH", ""));
    }
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    try {
      Process process = builder.start();
      CompletableFuture<String> out = drain(process.getInputStream());
      CompletableFuture<String> err = drain(process.getErrorStream());
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new AssertionError(
            List.of(command) + " did not end within " + TIMEOUT_SECONDS + " s");
      }
      return new Run(List.of(command), process.exitValue(), out.join(), err.join());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + List.of(command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + List.of(command), e);
    }
  }

  /**
   * Reads a stream to its end on a thread of its own (the common pool may have a single thread).
   */
  private static CompletableFuture<String> drain(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream;
              ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
            stream.transferTo(buffer);
            return buffer.toString(StandardCharsets.UTF_8);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        },
        task -> {
          Thread thread = new Thread(task, "drain");
          thread.setDaemon(true);
          thread.start();
        });
  }
}
