package io.unboundedcloud.racer.krm.cli;

import java.io.PrintStream;

/**
 * The lines a run that broke prints on stderr: one line each, {@code error: } first, and the stack
 * trace of its cause only with {@code --stack}.
 */
final class Report {
  private final PrintStream stderr;
  private final boolean stack;

  Report(PrintStream stderr, boolean stack) {
    this.stderr = stderr;
    this.stack = stack;
  }

  /** Prints {@code line}, then with {@code --stack} the stack trace of {@code cause} if any. */
  void line(String line, Throwable cause) {
    stderr.println(line.startsWith("error: ") ? line : "error: " + line);
    if (stack && cause != null) {
      cause.printStackTrace(MessageStream.unescaped(stderr));
    }
  }

  /**
   * An internal error: a bug, never the input's fault. The line names it and, without {@code
   * --stack}, points at it.
   */
  void internalError(Throwable bug) {
    line("internal error: " + bug + (stack ? "" : " (run with --stack for the stack trace)"), bug);
  }
}
