package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import io.unboundedcloud.racer.krm.parameters.ParametersJson;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Parses the command line and runs the mode it names. */
public final class Command {
  private Command() {}

  /**
   * Runs racer-krm with no environment of its own (no Application parameters).
   *
   * @return the process exit code: 0, or 1 on any error
   */
  public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(args, stdin, stdout, stderr, Map.of());
  }

  /**
   * Runs racer-krm.
   *
   * @param environment the process environment: the function and render read the Argo CD
   *     Application's parameters from {@code ARGOCD_APP_PARAMETERS}
   * @return the process exit code: 0, or 1 on any error
   */
  public static int run(
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment) {
    String parameters = environment.get(ParameterNames.ENVIRONMENT_VARIABLE);
    List<String> rest = new ArrayList<>(List.of(args));
    boolean stack = rest.remove("--stack");
    try {
      if (rest.isEmpty()) {
        return FunctionMode.run(stdin, stdout, stderr, stack, ParametersJson.read(parameters));
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
          return RenderMode.run(
              rest.subList(1, rest.size()), stdout, stderr, stack, ParametersJson.read(parameters));
        }
        case "announce" -> {
          return AnnounceMode.run(rest.subList(1, rest.size()), stdin, stdout, stderr);
        }
        case "adopt" -> {
          return AdoptMode.run(rest.subList(1, rest.size()), stdin, stdout, stderr);
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
