package io.unboundedcloud.racer.krm.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The line a mode prints on stderr before it reads stdin when stdin is a terminal: without it,
 * {@code racer-krm verify} typed alone waits with no sign of what it waits for. Said once a run,
 * and never when stdin is a pipe or a file (kustomize, kpt, Argo CD, a shell pipeline).
 */
final class StdinNotice {
  private final PrintStream stderr;
  private final boolean terminal;
  private boolean said;

  /**
   * @param terminal whether stdin is a terminal ({@link #processStdinIsTerminal()} for the
   *     process's own)
   */
  StdinNotice(PrintStream stderr, boolean terminal) {
    this.stderr = stderr;
    this.terminal = terminal;
  }

  /**
   * Says, when stdin is a terminal, that {@code command} now reads {@code what} from it, how to end
   * it and what to do instead.
   */
  void reading(String command, String what, String instead) {
    if (terminal && !said) {
      said = true;
      stderr.println(
          command + ": reading " + what + " from standard input (Ctrl-D to end; " + instead + ")");
    }
  }

  /**
   * Whether the process's stdin is a terminal. On Linux, where the link /proc/self/fd/0 points (a
   * pty or a tty, not a pipe or a file): it asks of stdin alone, the same on every Java release.
   * Elsewhere, the console: on Java 22 and later {@code Console.isTerminal()} (since then {@code
   * System.console()} is there when stdin is not a terminal), before that whether there is one.
   */
  static boolean processStdinIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
      return target.startsWith("/dev/pts/")
          || target.startsWith("/dev/tty")
          || target.equals("/dev/console");
    } catch (IOException | UnsupportedOperationException | SecurityException noProc) {
      return consoleIsTerminal();
    }
  }

  private static boolean consoleIsTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = java.io.Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException beforeJava22) {
      return true; // before Java 22 a console is there only when stdin and stdout are terminals
    }
  }
}
