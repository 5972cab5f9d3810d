package io.unboundedcloud.racer.krm.cli;

import java.io.OutputStream;

/**
 * What one mode of racer-krm owns: its name, its command line, what it reads and how, and what it
 * writes. Everything else, the {@link RunEnvelope} does for every mode: it parses the command line,
 * holds the output until it is whole, reports running out of heap and internal errors, and turns
 * all of it into the exit code. A mode is registered in {@link Command#MODES}.
 */
interface Mode {
  /** What reaches stdout: the mode's output, held until the run ends, or nothing. */
  enum Stdout {
    /**
     * A ResourceList, whatever the exit code; when the run breaks (out of heap, an internal error),
     * stdin goes back out as it came with the error appended to its results ({@link InputEcho}).
     */
    RESOURCE_LIST,
    /**
     * The output, whatever the exit code (a report whose exit code is a verdict); nothing when the
     * run breaks.
     */
    ALWAYS,
    /** The output on exit 0 only; nothing otherwise (an empty success would make Argo CD prune). */
    ON_SUCCESS
  }

  /** The word that selects it ({@code render}); empty for the function mode, run without one. */
  String name();

  /** Its flags and positional arguments. */
  Syntax syntax();

  /** What reaches stdout. */
  Stdout stdout();

  /**
   * Runs it: reads through {@code call} (within the limits), prints its results on {@code
   * call.stderr()}, writes its output to {@code out}.
   *
   * @param out held until the run ends, then written to stdout as {@link #stdout()} says
   * @return the exit code: 0, or 1 on any error result (a verdict of 1 where the mode says so)
   * @throws UsageException for a command line it cannot run (exit 2), before anything is read
   */
  int run(Invocation call, OutputStream out);

  /**
   * The input as the out-of-memory message names it, read again cheaply: {@code the input (3 files,
   * 1.2 MiB)}.
   */
  default String input(Invocation call) {
    return "the input";
  }
}
