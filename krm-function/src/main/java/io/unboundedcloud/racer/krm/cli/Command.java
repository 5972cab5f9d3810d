package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Parses the command line and runs the mode it names. */
public final class Command {
  private Command() {}

  /**
   * Runs racer-krm.
   *
   * @return the process exit code: 0, or 1 on any error
   */
  public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    List<String> rest = new ArrayList<>(List.of(args));
    boolean stack = rest.remove("--stack");
    try {
      if (rest.isEmpty()) {
        return FunctionMode.run(stdin, stdout, stderr, stack);
      }
      String first = rest.get(0);
      switch (first) {
        case "--help", "-h", "help" -> {
          stdout.print(Usage.text());
          return 0;
        }
        case "--version", "version" -> {
          stdout.println(Usage.version());
          return 0;
        }
        case "render" -> {
          return RenderMode.run(rest.subList(1, rest.size()), stdout, stderr, stack);
        }
        case "adopt" -> {
          return AdoptMode.run(rest.subList(1, rest.size()), stdin, stdout, stderr);
        }
        case "diff" -> {
          return DiffMode.run(rest.subList(1, rest.size()), stdin, stdout, stderr);
        }
        default -> {
          stderr.println("error: unknown command or flag \"" + first + "\"; run racer-krm --help");
          return 2;
        }
      }
    } catch (UsageException usage) {
      stderr.println("error: " + usage.getMessage() + "; run racer-krm --help");
      return 2;
    } catch (OutOfMemoryError outOfMemory) {
      // the modes report their own, with the input's size; this one came from elsewhere
      stderr.println("error: " + OutOfMemory.message("the input"));
      if (stack) {
        outOfMemory.printStackTrace(stderr);
      }
      return 1;
    } catch (RuntimeException | StackOverflowError bug) {
      stderr.println(
          "error: internal error: "
              + bug
              + (stack ? "" : " (run with --stack for the stack trace)"));
      if (stack) {
        bug.printStackTrace(stderr);
      }
      return 1;
    }
  }
}
