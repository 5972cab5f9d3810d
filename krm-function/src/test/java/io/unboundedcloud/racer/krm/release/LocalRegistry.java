package io.unboundedcloud.racer.krm.release;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Test support: the CNCF distribution registry (Debian's {@code docker-registry}) on 127.0.0.1, on
 * a free port, plain HTTP, no auth, its storage and config in a folder of the test's own. The
 * Debian service and its config are never used. {@link #close} stops it.
 */
final class LocalRegistry implements AutoCloseable {
  private static final String BINARY = "docker-registry";
  private static final long START_MILLIS = 30_000;

  private final Process process;
  private final int port;
  private final Path log;

  private LocalRegistry(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Why no registry can be started here, or {@code null}. */
  static String unavailableReason() {
    return binary().isEmpty()
        ? BINARY + " not found on PATH (Debian's docker-registry package; .ci/run installs it)"
        : null;
  }

  /**
   * Starts a registry with its storage and config under {@code folder}; waits until it answers
   * /v2/.
   */
  static LocalRegistry start(Path folder) {
    try {
      Path storage = Files.createDirectories(folder.resolve("storage"));
      int port;
      try (ServerSocket socket =
          new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
        port = socket.getLocalPort();
      }
      Path config = folder.resolve("config.yml");
      Files.writeString(
          config,
          String.join(
              "\n",
              "version: 0.1",
              "log: {level: warn}",
              "storage:",
              "  filesystem: {rootdirectory: '" + storage + "'}",
              "  delete: {enabled: true}",
              "http: {addr: '127.0.0.1:" + port + "'}",
              ""));
      Path log = folder.resolve("registry.log");
      Process process =
          new ProcessBuilder(List.of(binary().orElseThrow().toString(), "serve", config.toString()))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      LocalRegistry registry = new LocalRegistry(process, port, log);
      registry.awaitReady();
      return registry;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + BINARY + " in " + folder, e);
    }
  }

  /** {@code 127.0.0.1:PORT}, as image references and oci:// URLs name it. */
  String host() {
    return "127.0.0.1:" + port;
  }

  private void awaitReady() throws IOException {
    long deadline = System.currentTimeMillis() + START_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            BINARY + " exited " + process.exitValue() + ": " + Files.readString(log));
      }
      try {
        HttpURLConnection connection =
            (HttpURLConnection) URI.create("http://" + host() + "/v2/").toURL().openConnection();
        connection.setConnectTimeout(500);
        if (connection.getResponseCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    close();
    throw new IllegalStateException(
        BINARY
            + " did not answer on "
            + host()
            + " within "
            + START_MILLIS
            + " ms: "
            + Files.readString(log));
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static Optional<Path> binary() {
    return ContainerTools.onPath(BINARY);
  }
}
