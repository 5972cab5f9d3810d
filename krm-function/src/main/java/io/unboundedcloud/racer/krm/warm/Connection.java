package io.unboundedcloud.racer.krm.warm;

import io.unboundedcloud.racer.krm.cli.Caller;
import io.unboundedcloud.racer.krm.cli.Command;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One client's request, from its first byte to its answer: read whole within {@link
 * #READ_DEADLINE_MILLIS} (a client that sends slowly loses its connection and holds nothing), then
 * admitted ({@link Admission}), then run by {@link Command#run} as a cold run of the client would
 * run, with its folder, environment and stdin, its output held and sent at once.
 */
final class Connection implements Runnable {
  /** The longest a client may take to send its request and stdin. */
  static final long READ_DEADLINE_MILLIS = 10_000;

  private final SocketChannel channel;
  private final Admission admission;
  private final ScheduledExecutorService deadlines;
  private final int maxStdin;

  Connection(
      SocketChannel channel,
      Admission admission,
      ScheduledExecutorService deadlines,
      int maxStdin) {
    this.channel = channel;
    this.admission = admission;
    this.deadlines = deadlines;
    this.maxStdin = maxStdin;
  }

  @Override
  public void run() {
    ScheduledFuture<?> deadline =
        deadlines.schedule(this::close, READ_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
    try (channel) {
      DataInputStream in =
          new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
      DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
      Request request = Request.read(in);
      if (!Served.serves(request.arguments())) {
        out.write(Wire.COLD);
        out.flush();
        return;
      }
      if (request.stdin() > maxStdin) {
        fallBack(
            out,
            "stdin holds "
                + request.stdin() / 1024
                + " KiB, more than the renderer takes ("
                + maxStdin / 1024
                + " KiB)");
        return;
      }
      try (Admission.Ticket ticket = admission.new Ticket(request.stdin())) {
        out.write(Wire.GO);
        out.flush();
        byte[] stdin = new byte[request.stdin()];
        in.readFully(stdin);
        deadline.cancel(false);
        answer(out, request, stdin, ticket);
      } catch (Admission.Declined declined) {
        fallBack(out, declined.getMessage());
      }
    } catch (IOException | InterruptedException | RuntimeException gone) {
      // a client that went away, sent a malformed request or ran past its deadline: it runs cold
      // when it is still there (it reads the end of the stream)
    } finally {
      deadline.cancel(false);
    }
  }

  private static void answer(
      DataOutputStream out, Request request, byte[] stdin, Admission.Ticket ticket)
      throws IOException {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    PrintStream stdoutStream = new PrintStream(stdout, false, StandardCharsets.UTF_8);
    PrintStream stderrStream = new PrintStream(stderr, true, StandardCharsets.UTF_8);
    int exit =
        Command.run(
            request.arguments().toArray(new String[0]),
            new ByteArrayInputStream(stdin),
            stdoutStream,
            stderrStream,
            request.environment(),
            new Caller(request.workingDirectory(), false, ticket::admit));
    stdoutStream.flush();
    stderrStream.flush();
    out.write(Wire.DONE);
    out.writeInt(exit);
    Wire.bytes(out, stdout.toByteArray());
    Wire.bytes(out, stderr.toByteArray());
    out.flush();
  }

  private static void fallBack(DataOutputStream out, String reason) throws IOException {
    out.write(Wire.FALL_BACK);
    Wire.bytes(out, reason.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // closing is all that was asked
    }
  }
}
