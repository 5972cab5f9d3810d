package io.unboundedcloud.racer.krm.harness;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.representer.Representer;

/**
 * One in-process run of racer-krm: {@link Command#run} with the arguments and stdin given, as
 * {@code Main} calls it, on a thread of its own with the launcher's stack size ({@code -Xss4m}),
 * ended by a generous guard that only catches hangs: nothing here asserts speed.
 */
public final class KrmRun {
  /**
   * The guard of a run: minutes on a loaded 2-core machine, where a run takes well under one
   * second.
   */
  public static final Duration HANG_GUARD = Duration.ofSeconds(120);

  /** The launcher's {@code -Xss4m}: deep inputs must be refused within the stack it gives. */
  private static final long LAUNCHER_STACK_BYTES = 4L << 20;

  private final String[] args;
  private final int exitCode;
  private final byte[] stdout;
  private final String stderr;
  private final long allocatedBytes;

  private KrmRun(String[] args, int exitCode, byte[] stdout, String stderr, long allocatedBytes) {
    this.args = args;
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
    this.allocatedBytes = allocatedBytes;
  }

  /** Function mode, as kustomize and kpt start it: no arguments, {@code resourceList} on stdin. */
  public static KrmRun function(String resourceList) {
    return function(resourceList.getBytes(StandardCharsets.UTF_8));
  }

  /** Function mode on bytes, whatever they are. */
  public static KrmRun function(byte[] stdin) {
    return run(stdin, HANG_GUARD);
  }

  /**
   * Function mode on a ResourceList of these items and function config (plain trees, written by
   * SnakeYAML in block style).
   *
   * @param functionConfig the function config, or {@code null} for none
   */
  public static KrmRun function(
      List<Map<String, Object>> items, Map<String, Object> functionConfig) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    Yaml yaml = new Yaml(new Representer(options), options);
    ResourceLists list = ResourceLists.of();
    items.forEach(item -> list.item(yaml.dump(item)));
    if (functionConfig != null) {
      list.functionConfig(yaml.dump(functionConfig));
    }
    return function(list.text());
  }

  /**
   * Function mode on bytes with {@code environment} as the process environment (the Argo CD
   * Application's parameters, {@code ARGOCD_APP_PARAMETERS}).
   */
  public static KrmRun function(byte[] stdin, Map<String, String> environment) {
    return run(new ByteArrayInputStream(stdin), HANG_GUARD, environment);
  }

  /** {@code racer-krm ARGS} with nothing on stdin. */
  public static KrmRun command(String... args) {
    return run(new byte[0], HANG_GUARD, args);
  }

  /** {@code racer-krm ARGS} with {@code stdin}, ended after {@code guard}. */
  public static KrmRun run(byte[] stdin, Duration guard, String... args) {
    return run(new ByteArrayInputStream(stdin), guard, args);
  }

  /**
   * {@code racer-krm ARGS} reading {@code stdin}, ended after {@code guard}.
   *
   * @throws AssertionError when the run does not end within the guard, or when {@code Command.run}
   *     throws instead of returning an exit code
   */
  public static KrmRun run(InputStream stdin, Duration guard, String... args) {
    return run(stdin, guard, Map.of(), args);
  }

  private static KrmRun run(
      InputStream stdin, Duration guard, Map<String, String> environment, String... args) {
    String[] arguments = args.clone();
    AtomicReference<KrmRun> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable body =
        () -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          ByteArrayOutputStream err = new ByteArrayOutputStream();
          long before = allocatedSoFar();
          try {
            int exit =
                Command.run(
                    arguments.clone(),
                    stdin,
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    environment);
            long allocated = before < 0 ? -1 : allocatedSoFar() - before;
            result.set(
                new KrmRun(
                    arguments,
                    exit,
                    out.toByteArray(),
                    err.toString(StandardCharsets.UTF_8),
                    allocated));
          } catch (Throwable t) { // Command.run must not throw: let the test see what escaped
            failure.set(t);
          }
        };
    Thread thread = new Thread(null, body, "racer-krm", LAUNCHER_STACK_BYTES);
    thread.setDaemon(true); // a hung run must not keep the test JVM alive
    thread.start();
    try {
      thread.join(guard.toMillis());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new AssertionError(
          "interrupted while racer-krm " + String.join(" ", arguments) + " ran", interrupted);
    }
    if (thread.isAlive()) {
      throw new AssertionError(
          "racer-krm " + String.join(" ", arguments) + " did not end within " + guard);
    }
    if (failure.get() != null) {
      throw new AssertionError(
          "Command.run threw instead of returning an exit code", failure.get());
    }
    return result.get();
  }

  private static long allocatedSoFar() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
        && threads.isThreadAllocatedMemorySupported()
        && threads.isThreadAllocatedMemoryEnabled()) {
      return threads.getCurrentThreadAllocatedBytes();
    }
    return -1;
  }

  /** The exit code. */
  public int exitCode() {
    return exitCode;
  }

  /** Everything written to stdout, decoded as UTF-8. */
  public String stdout() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  /** Everything written to stdout, as written. */
  public byte[] stdoutBytes() {
    return stdout.clone();
  }

  /** Everything written to stderr, decoded as UTF-8. */
  public String stderr() {
    return stderr;
  }

  /** The lines of stderr. */
  public List<String> stderrLines() {
    return stderr.lines().toList();
  }

  /**
   * Bytes the run allocated on its thread (heap churn, not what it kept), or -1 when the JVM cannot
   * tell.
   */
  public long allocatedBytes() {
    return allocatedBytes;
  }

  /** stdout read back as a ResourceList by SnakeYAML (function mode). */
  public ResourceListOutput output() {
    return ResourceListOutput.parse(stdout());
  }

  /** stdout without its top-level {@code results}, as the next function of a pipeline gets it. */
  public String stdoutWithoutResults() {
    return withoutResults(stdout());
  }

  /**
   * A ResourceList's text without its top-level {@code results} (always the last key the function
   * writes), as a tool sends the output of one function to the next.
   */
  public static String withoutResults(String resourceList) {
    if (resourceList.startsWith("results:")) {
      throw new IllegalArgumentException("a ResourceList that starts with results");
    }
    int start = resourceList.indexOf("\nresults:");
    return start < 0 ? resourceList : resourceList.substring(0, start + 1);
  }

  /** For assertion messages: the arguments, the exit code, stderr and the start of stdout. */
  public String describe() {
    String out = stdout();
    return "racer-krm "
        + String.join(" ", args)
        + ": exit "
        + exitCode
        + "\n--- stderr:\n"
        + stderr
        + "--- stdout (first 4000 chars):\n"
        + out.substring(0, Math.min(4000, out.length()));
  }
}
