package io.unboundedcloud.racer.krm.warm;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code racer-krm-renderer}'s JVM: serves racer-krm runs on a Unix socket until it is stopped
 * (package-info says what it is for). One thread per connection, at most {@link #MAX_CONNECTIONS}
 * (a connection past them is closed at once, and its client runs cold), each with the stack a cold
 * run's main thread has.
 */
public final class WarmRenderer {
  /** Connections served at once; each waits for a render slot ({@link Admission}) or falls back. */
  static final int MAX_CONNECTIONS = 64;

  /** A cold run's main thread stack (the launcher's -Xss4m). */
  static final long STACK_BYTES = 4L << 20;

  /** The most stdin one request may send: larger inputs run cold, in a JVM of their own. */
  static final int MAX_STDIN = 16 << 20;

  private WarmRenderer() {}

  /** {@code Renderer SOCKET}: serves on SOCKET, whose folder it makes private. */
  public static void main(String[] args) throws IOException {
    PrintStream log =
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    if (args.length != 1) {
      log.println("racer-krm-renderer: usage: racer-krm-renderer SOCKET");
      System.exit(2);
    }
    UserPrincipal self = Peer.self();
    Path socket;
    try {
      socket = SocketFolder.prepare(Path.of(args[0]), self);
    } catch (SocketFolder.Unsafe unsafe) {
      log.println("racer-krm-renderer: error: " + unsafe.getMessage());
      System.exit(1);
      return;
    }
    Runtime runtime = Runtime.getRuntime();
    int slots = Math.max(2, runtime.availableProcessors());
    // what the requests' inputs may take: the heap less what the renderer itself and the runs'
    // fixed needs keep (about a third, measured with 16 requests at once: docs/performance.md)
    Admission admission = new Admission(slots, runtime.maxMemory() * 2 / 3);
    ScheduledExecutorService deadlines =
        Executors.newSingleThreadScheduledExecutor(
            work -> daemon(work, "racer-krm-renderer deadlines", 0));
    AtomicInteger open = new AtomicInteger();
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket), MAX_CONNECTIONS);
      log.println(
          "racer-krm-renderer: serving on "
              + socket
              + " ("
              + slots
              + " render slots, "
              + runtime.maxMemory() / (1 << 20)
              + " MiB of heap)");
      while (true) {
        SocketChannel channel = server.accept();
        if (!Peer.isSelf(channel, self)) {
          channel.close();
          continue;
        }
        if (open.incrementAndGet() > MAX_CONNECTIONS) {
          open.decrementAndGet();
          channel.close();
          continue;
        }
        Connection connection = new Connection(channel, admission, deadlines, MAX_STDIN);
        daemon(
                () -> {
                  try {
                    connection.run();
                  } finally {
                    open.decrementAndGet();
                  }
                },
                "racer-krm-renderer request",
                STACK_BYTES)
            .start();
      }
    }
  }

  private static Thread daemon(Runnable work, String name, long stack) {
    Thread thread = new Thread(null, work, name, stack);
    thread.setDaemon(true);
    return thread;
  }
}
