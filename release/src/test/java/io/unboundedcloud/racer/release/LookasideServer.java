package io.unboundedcloud.racer.release;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Test support: the release's lookaside folder published as users publish it, by a plain static web
 * server: GET of a file under the folder, 404 for anything else. On 127.0.0.1, a free port.
 */
final class LookasideServer implements AutoCloseable {
  private final HttpServer server;
  private final List<String> served;

  private LookasideServer(HttpServer server, List<String> served) {
    this.server = server;
    this.served = served;
  }

  /** Serves {@code folder} at {@link #url()}. */
  static LookasideServer serve(Path folder) throws IOException {
    Path root = folder.toRealPath();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    List<String> served = new CopyOnWriteArrayList<>();
    server.createContext(
        "/",
        exchange -> {
          Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          boolean found =
              "GET".equals(exchange.getRequestMethod())
                  && file.startsWith(root)
                  && Files.isRegularFile(file);
          byte[] body = found ? Files.readAllBytes(file) : new byte[0];
          if (found) {
            served.add(exchange.getRequestURI().getPath());
          }
          exchange.sendResponseHeaders(found ? 200 : 404, found ? body.length : -1);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return new LookasideServer(server, served);
  }

  /** The paths of the files served so far. */
  List<String> served() {
    return List.copyOf(served);
  }

  /** {@code http://127.0.0.1:PORT}, the URL a registries.d {@code lookaside} names. */
  URI url() {
    return URI.create(
        "http://"
            + server.getAddress().getAddress().getHostAddress()
            + ":"
            + server.getAddress().getPort());
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
