package io.unboundedcloud.racer.krm.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Test support: one run of a command with bytes on stdin, and what it printed. stdout stays bytes,
 * since the tests compare it byte for byte.
 */
public record CommandRun(List<String> command, int exit, byte[] stdout, String stderr) {
  /**
   * A container run on a loaded 2-core machine can take a while; kpt allows a function 5 minutes.
   */
  private static final long TIMEOUT_SECONDS = 300;

  /**
   * Runs {@code command} in {@code dir} with {@code stdin}; {@code env} is added to this process's
   * environment (use {@code env -i} in the command for a clean one).
   */
  public static CommandRun of(
      Path dir, Map<String, String> env, byte[] stdin, List<String> command) {
    return of(dir, env, stdin, command, TIMEOUT_SECONDS);
  }

  /** As {@link #of(Path, Map, byte[], List)}, failing after {@code timeoutSeconds}. */
  public static CommandRun of(
      Path dir, Map<String, String> env, byte[] stdin, List<String> command, long timeoutSeconds) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().putAll(env);
    try {
      Process process = builder.start();
      CompletableFuture<byte[]> out = drain(process.getInputStream());
      CompletableFuture<byte[]> err = drain(process.getErrorStream());
      try (OutputStream in = process.getOutputStream()) {
        in.write(stdin);
      } catch (IOException closedEarly) {
        // the command did not read all of stdin (a usage error, a crash): its exit code tells
      }
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new AssertionError(command + " did not end within " + timeoutSeconds + " s");
      }
      return new CommandRun(
          List.copyOf(command),
          process.exitValue(),
          out.join(),
          new String(err.join(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + command, e);
    }
  }

  /** As {@link #of(Path, Map, byte[], List)} with nothing on stdin. */
  public static CommandRun of(Path dir, Map<String, String> env, List<String> command) {
    return of(dir, env, new byte[0], command);
  }

  public String stdoutText() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  /** This run, after asserting it exited 0 (the message shows the command and what it printed). */
  public CommandRun succeeded() {
    assertThat(exit)
        .as("exit code of %s%nstdout:%n%s%nstderr:%n%s", command, stdoutText(), stderr)
        .isZero();
    return this;
  }

  /**
   * Asserts that this run printed exactly what {@code reference} printed, stdout byte for byte, and
   * exited the same way. A difference shows as a text diff of stdout, then of stderr.
   */
  public void assertSameAs(CommandRun reference, String what) {
    assertSameStdoutAs(reference, what);
    assertThat(stderr).as("stderr of %s: %s", what, command).isEqualTo(reference.stderr);
  }

  /** As {@link #assertSameAs} without comparing stderr. */
  public void assertSameStdoutAs(CommandRun reference, String what) {
    if (!Arrays.equals(stdout, reference.stdout)) {
      assertThat(stdoutText())
          .as("stdout of %s: %s%nstderr:%n%s", what, command, stderr)
          .isEqualTo(reference.stdoutText());
      assertThat(stdout).as("stdout bytes of %s: %s", what, command).isEqualTo(reference.stdout);
    }
    assertThat(exit)
        .as("exit code of %s: %s (stderr: %s)", what, command, stderr)
        .isEqualTo(reference.exit);
  }

  private static CompletableFuture<byte[]> drain(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream;
              ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
            stream.transferTo(buffer);
            return buffer.toByteArray();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
