package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** Test support: the packaged launcher (target/racer-krm) run as a separate process. */
final class Launcher {
  /** The packaged launcher; failsafe runs after {@code package}, so it must exist. */
  static final Path SCRIPT = Path.of("target", "racer-krm").toAbsolutePath();

  /** The quickstart example, rendered by {@code racer-krm render}. */
  static final Path QUICKSTART =
      Path.of("..", "examples", "quickstart").toAbsolutePath().normalize();

  /** kpt kills a function after 5 minutes: the same hang guard here. */
  private static final long TIMEOUT_SECONDS = 300;

  private Launcher() {}

  /** What one process printed; stdout as bytes, to compare runs byte for byte. */
  record Run(List<String> command, int exit, byte[] stdout, String stderr) {
    String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }

    String describe() {
      String out = out();
      return String.join(" ", command)
          + "\nexit "
          + exit
          + "\n--- stderr:\n"
          + stderr
          + "--- stdout (first 3000 chars):\n"
          + out.substring(0, Math.min(3000, out.length()));
    }
  }

  /** The launcher with {@code args}, the environment of this JVM. */
  static Run launcher(byte[] stdin, String... args) {
    return run(withLauncher(List.of(), args), Map.of(), stdin);
  }

  /** {@code prefix}, then the launcher and {@code args}. */
  static List<String> withLauncher(List<String> prefix, String... args) {
    assertThat(SCRIPT).as("the packaged launcher (run mvn package first)").isExecutable();
    List<String> command = new ArrayList<>(prefix);
    command.add(SCRIPT.toString());
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Runs {@code command} in the module folder with {@code stdin}; {@code env} changes the
   * environment (a null value removes the variable). Fails when it does not end within the
   * time-out.
   */
  static Run run(List<String> command, Map<String, String> env, byte[] stdin) {
    ProcessBuilder builder = new ProcessBuilder(command);
    env.forEach(
        (name, value) -> {
          if (value == null) {
            builder.environment().remove(name);
          } else {
            builder.environment().put(name, value);
          }
        });
    try {
      Process process = builder.start();
      CompletableFuture<byte[]> out = drain(process.getInputStream());
      CompletableFuture<byte[]> err = drain(process.getErrorStream());
      try (OutputStream in = process.getOutputStream()) {
        in.write(stdin);
      } catch (IOException closedEarly) {
        // the process may exit without reading stdin (usage errors): its exit code tells
      }
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(
            String.join(" ", command) + " did not end within " + TIMEOUT_SECONDS + " s");
      }
      return new Run(
          command, process.exitValue(), out.join(), new String(err.join(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  private static CompletableFuture<byte[]> drain(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            stream.transferTo(bytes);
            return bytes.toByteArray();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /** The executable {@code name} on the PATH, if any. */
  static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    return Stream.of(path == null ? new String[0] : path.split(File.pathSeparator))
        .filter(entry -> !entry.isEmpty())
        .map(entry -> Path.of(entry, name))
        .filter(candidate -> Files.isRegularFile(candidate) && Files.isExecutable(candidate))
        .findFirst();
  }

  /**
   * Prints {@code SKIPPED: REASON} and aborts the test through an assumption, so it is reported
   * skipped.
   */
  static void skip(String reason) {
    System.out.println("SKIPPED: " + reason);
    Assumptions.abort(reason);
  }

  /** Skips unless {@code name} is on the PATH. */
  static Path require(String name, String what) {
    Optional<Path> found = onPath(name);
    if (found.isEmpty()) {
      skip(name + " not found on PATH (" + what + ")");
    }
    return found.orElseThrow();
  }

  /**
   * The quickstart example as kpt would send it: the settings and the cache origin as items, the
   * function config as functionConfig.
   */
  static String quickstartResourceList() {
    return ResourceLists.of()
        .item(withoutComments(QUICKSTART.resolve("racer-settings.yaml")))
        .item(withoutComments(QUICKSTART.resolve("cache-origin.yaml")))
        .functionConfig(withoutComments(QUICKSTART.resolve("function-config.yaml")))
        .text();
  }

  /**
   * The live dump adopt's tests read: an operator-managed installation as kubectl get -o yaml
   * prints it.
   */
  static String liveDump() {
    try {
      return Files.readString(Path.of("..", "examples", "adopt", "operator-dump.yaml"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A YAML file indented into a ResourceList, its comments dropped. */
  /** A file's text without its comment lines. */
  private static String withoutComments(Path file) {
    try {
      StringBuilder text = new StringBuilder();
      for (String line : Files.readAllLines(file)) {
        if (!line.startsWith("#")) {
          text.append(line).append('\n');
        }
      }
      return text.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
