package io.unboundedcloud.racer.krm.badinput;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One in-process run of racer-krm ({@link Command#run}), on a thread with the launcher's stack size
 * ({@code -Xss4m}), under a generous time-out that only guards against hangs: nothing here asserts speed.
 *
 * @param exit the exit code
 * @param stdout everything written to stdout, decoded as UTF-8
 * @param stderr everything written to stderr, decoded as UTF-8
 * @param allocatedBytes bytes the run allocated on its thread (heap churn, not what it kept), or -1 when
 *     the JVM cannot tell
 */
record KrmRun(int exit, String stdout, String stderr, long allocatedBytes) {
  /** Time-out for a small input: minutes on a loaded 2-core machine, where a run takes well under one second. */
  static final Duration HANG_GUARD = Duration.ofSeconds(120);

  /** The launcher's {@code -Xss4m}: deep inputs must be refused within the stack it gives. */
  private static final long LAUNCHER_STACK_BYTES = 4L << 20;

  /** Function mode: {@code text} on stdin, no arguments. */
  static KrmRun function(String text) {
    return run(text.getBytes(StandardCharsets.UTF_8), HANG_GUARD);
  }

  /** {@code racer-krm ARGS} with {@code stdin}, ended after {@code guard}. */
  static KrmRun run(byte[] stdin, Duration guard, String... args) {
    return run(new ByteArrayInputStream(stdin), guard, args);
  }

  /** {@code racer-krm ARGS} reading {@code stdin}, ended after {@code guard}. */
  static KrmRun run(InputStream stdin, Duration guard, String... args) {
    return assertTimeoutPreemptively(guard, () -> onLauncherStack(stdin, args),
        () -> "racer-krm " + String.join(" ", args) + " did not end within " + guard);
  }

  private static KrmRun onLauncherStack(InputStream stdin, String[] args) throws Throwable {
    AtomicReference<KrmRun> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable body = () -> {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      long before = allocatedSoFar();
      try {
        int exit = Command.run(args, stdin, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        long allocated = before < 0 ? -1 : allocatedSoFar() - before;
        result.set(new KrmRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
            allocated));
      } catch (Throwable t) { // Command.run must not throw: let the test see what escaped
        failure.set(t);
      }
    };
    Thread thread = new Thread(null, body, "racer-krm", LAUNCHER_STACK_BYTES);
    thread.setDaemon(true); // a hung run must not keep the test JVM alive
    thread.start();
    thread.join();
    if (failure.get() != null) {
      throw new AssertionError("Command.run threw instead of returning an exit code", failure.get());
    }
    return result.get();
  }

  private static long allocatedSoFar() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
        && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
      return threads.getCurrentThreadAllocatedBytes();
    }
    return -1;
  }

  /** For assertion messages: the whole run. */
  String describe() {
    return "exit " + exit + "\n--- stderr:\n" + stderr + "--- stdout (first 4000 chars):\n"
        + stdout.substring(0, Math.min(4000, stdout.length()));
  }
}
