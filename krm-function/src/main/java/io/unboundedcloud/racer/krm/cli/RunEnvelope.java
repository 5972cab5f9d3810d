package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.HeldOutput;
import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.results.Result;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one way every mode runs, after kyaml's {@code framework.Execute}: parse the mode's command
 * line, run it with its output held, write the output once, whole, as the mode's {@link
 * Mode.Stdout} says. A run that breaks never leaves half an output on stdout: running out of heap
 * is an input error naming the input's size, any unexpected exception an internal error, each one
 * line on stderr (the stack trace with {@code --stack}), exit 1; a ResourceList mode still answers
 * with every input item ({@link InputEcho}). A command line that cannot be run exits 2.
 */
final class RunEnvelope {
  /** The exit code of a command line that cannot be run. */
  static final int USAGE = 2;

  private static final int FAILURE = 1;

  private final InputStream stdin;
  private final PrintStream stdout;
  private final PrintStream stderr;
  private final Report report;
  private final Map<String, String> environment;
  private final Caller caller;

  /**
   * @param environment the process environment the modes read (the Argo CD Application's
   *     parameters)
   * @param caller the folder paths resolve against, whether stdin is a terminal, the admission
   */
  RunEnvelope(
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      boolean stack,
      Map<String, String> environment,
      Caller caller) {
    this.environment = environment;
    this.caller = caller;
    this.stdin = stdin;
    this.stdout = stdout;
    this.stderr = stderr;
    this.report = new Report(stderr, stack);
  }

  /**
   * Runs {@code mode} on {@code args} (what follows its name).
   *
   * @return the exit code: the mode's, 1 when the run broke, 2 for a command line it cannot run
   */
  int run(Mode mode, List<String> args) {
    Invocation call;
    try {
      call =
          new Invocation(
              mode.syntax().parse(mode.name(), args),
              stdin,
              stderr,
              environment,
              caller,
              new StdinNotice(stderr, caller.stdinIsTerminal()));
    } catch (UsageException usage) {
      return usage(mode, usage);
    }
    HeldOutput held = new HeldOutput();
    int exit;
    try {
      exit = mode.run(call, held);
    } catch (UsageException usage) {
      return usage(mode, usage);
    } catch (KeptInput.ReadOutOfMemory tooLarge) {
      report.line(
          OutOfMemory.message(
              "the input (at least "
                  + OutOfMemory.mebibytes(tooLarge.bytesRead())
                  + " read from stdin)"),
          tooLarge.getCause());
      return FAILURE;
    } catch (OutOfMemoryError outOfMemory) {
      // the mode's frames, and the trees they held, are gone: only the kept input is reachable
      held.discard();
      Optional<KeptInput> input = echoed(mode, call);
      if (input.isPresent()) {
        InputEcho.outOfMemory(input.get(), call.budget(), outOfMemory, stdout, report);
      } else {
        report.line(OutOfMemory.message(mode.input(call), call.budget()), outOfMemory);
      }
      return FAILURE;
    } catch (RuntimeException | StackOverflowError bug) {
      held.discard();
      report.internalError(bug);
      echoed(mode, call).ifPresent(input -> InputEcho.echo(input, internalError(bug), stdout));
      return FAILURE;
    }
    if (exit == 0 || mode.stdout() != Mode.Stdout.ON_SUCCESS) {
      try {
        held.writeTo(stdout);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return exit;
  }

  /** The error result a ResourceList carries after an internal error. */
  static Result internalError(Throwable bug) {
    return Result.error(
        "internal error: "
            + bug
            + "; the input is returned unchanged. This is a bug in racer-krm: please report it"
            + " with what racer-krm --stack prints on stderr for this input");
  }

  private int usage(Mode mode, UsageException usage) {
    return usage(stderr, usage, mode.name());
  }

  /** Reports a command line that cannot be run, pointing at the help; returns its exit code. */
  static int usage(PrintStream stderr, UsageException usage) {
    return usage(stderr, usage, "");
  }

  /** The same, pointing at the help of {@code command} (none: the whole help). */
  private static int usage(PrintStream stderr, UsageException usage, String command) {
    String message = usage.getMessage();
    // after a question (did you mean ...?) the pointer to the help is a sentence of its own
    stderr.println(
        "error: "
            + message
            + (message.endsWith("?") ? " Run" : "; run")
            + " racer-krm "
            + (command.isEmpty() ? "" : command + " ")
            + "--help");
    return USAGE;
  }

  /** The input to write back, for a ResourceList mode that read it. */
  private static Optional<KeptInput> echoed(Mode mode, Invocation call) {
    return mode.stdout() == Mode.Stdout.RESOURCE_LIST ? call.kept() : Optional.empty();
  }
}
