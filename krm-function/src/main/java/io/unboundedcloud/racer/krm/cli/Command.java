package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Picks the mode the command line names and runs it in the {@link RunEnvelope}. */
public final class Command {
  /**
   * Every mode: the first argument selects one by its name; the function mode (named "") takes the
   * command line when none does.
   */
  static final List<Mode> MODES =
      List.of(
          new FunctionMode(),
          new RenderMode(),
          new AdoptMode(),
          new DiffMode(),
          new AnnounceMode(),
          new VerifyMode());

  private static final String STACK = "--stack";

  private Command() {}

  /**
   * Runs racer-krm with no environment of its own (no Application parameters).
   *
   * @return the process exit code: 0, 1 on any error, 2 for a command line that cannot be run
   */
  public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(MODES, args, stdin, stdout, stderr, Map.of());
  }

  /**
   * Runs racer-krm.
   *
   * @param environment the process environment: the function and render read the Argo CD
   *     Application's parameters from {@code ARGOCD_APP_PARAMETERS}
   * @return the process exit code: 0, 1 on any error, 2 for a command line that cannot be run
   */
  public static int run(
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment) {
    return run(MODES, args, stdin, stdout, stderr, environment);
  }

  /** Runs racer-krm with these modes and no environment of its own. */
  static int run(
      List<Mode> modes, String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(modes, args, stdin, stdout, stderr, Map.of());
  }

  /** Runs racer-krm with these modes. */
  static int run(
      List<Mode> modes,
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment) {
    // every line on stderr escaped, whichever mode or exception prints it
    PrintStream messages = MessageStream.of(stderr);
    List<String> rest = new ArrayList<>(List.of(args));
    // every mode's flag, wherever it stands
    boolean stack = rest.removeIf(STACK::equals);
    try {
      String first = rest.isEmpty() ? "" : rest.get(0);
      switch (first) {
        case "--help", "-h", "help" -> {
          stdout.print(Usage.text());
          return 0;
        }
        case "--version", "version" -> {
          stdout.println(Usage.version());
          return 0;
        }
        default -> {
          RunEnvelope envelope = new RunEnvelope(stdin, stdout, messages, stack, environment);
          for (Mode mode : modes) {
            if (!mode.name().isEmpty() && mode.name().equals(first)) {
              return envelope.run(mode, rest.subList(1, rest.size()));
            }
          }
          return envelope.run(function(modes), rest);
        }
      }
    } catch (OutOfMemoryError outOfMemory) {
      new Report(messages, stack).line(OutOfMemory.message("the input"), outOfMemory);
      return 1;
    } catch (RuntimeException | StackOverflowError bug) {
      // outside a mode's run: writing its output, or the command line itself
      new Report(messages, stack).internalError(bug);
      return 1;
    }
  }

  private static Mode function(List<Mode> modes) {
    return modes.stream().filter(mode -> mode.name().isEmpty()).findFirst().orElseThrow();
  }
}
