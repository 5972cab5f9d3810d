package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
          new VerifyMode(),
          new SchemaMode(),
          new CompletionMode(() -> Command.MODES));

  /** The words that stand for {@code --help} and {@code --version} in the first place. */
  static final List<String> HELP = List.of("--help", "-h", "help");

  static final List<String> VERSION = List.of("--version", "version");

  private static final String STACK = "--stack";

  private Command() {}

  /**
   * Runs racer-krm with no environment of its own (no Application parameters).
   *
   * @return the process exit code: 0, 1 on any error, 2 for a command line that cannot be run
   */
  public static int run(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(args, stdin, stdout, stderr, Map.of());
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
    // the process's stdin only: a test's stream is never a terminal
    boolean terminal = stdin == System.in && StdinNotice.processStdinIsTerminal();
    return run(MODES, args, stdin, stdout, stderr, environment, Caller.process(terminal));
  }

  /**
   * Runs racer-krm for another process: its folder, its stdin's kind and the warm renderer's
   * admission ({@code krm.warm}), by the same path as a run of this process.
   *
   * @return the process exit code: 0, 1 on any error, 2 for a command line that cannot be run
   */
  public static int run(
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment,
      Caller caller) {
    return run(MODES, args, stdin, stdout, stderr, environment, caller);
  }

  /** Runs racer-krm with these modes and no environment of its own. */
  static int run(
      List<Mode> modes, String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    return run(modes, args, stdin, stdout, stderr, Map.of(), Caller.process(false));
  }

  /**
   * Runs racer-krm with these modes.
   *
   * @param stdinIsTerminal whether stdin is a terminal: a mode then says so before it reads it
   */
  static int run(
      List<Mode> modes,
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment,
      boolean stdinIsTerminal) {
    return run(modes, args, stdin, stdout, stderr, environment, Caller.process(stdinIsTerminal));
  }

  /** Runs racer-krm with these modes for {@code caller}. */
  private static int run(
      List<Mode> modes,
      String[] args,
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      Map<String, String> environment,
      Caller caller) {
    // every line on stderr escaped, whichever mode or exception prints it
    PrintStream messages = MessageStream.of(stderr);
    List<String> rest = new ArrayList<>(List.of(args));
    // every mode's flag, wherever it stands
    boolean stack = rest.removeIf(STACK::equals);
    try {
      String first = rest.isEmpty() ? "" : rest.get(0);
      List<String> after = rest.isEmpty() ? List.of() : rest.subList(1, rest.size());
      if (HELP.contains(first)) {
        return help(modes, after, stdout, messages);
      }
      if (VERSION.contains(first)) {
        stdout.println(Usage.version());
        return 0;
      }
      RunEnvelope envelope = new RunEnvelope(stdin, stdout, messages, stack, environment, caller);
      Optional<Mode> named = named(modes, first);
      if (named.isPresent()) {
        if (after.stream().anyMatch(HELP.subList(0, 2)::contains)) {
          stdout.print(Usage.of(first));
          return 0;
        }
        return envelope.run(named.get(), after);
      }
      if (!first.isEmpty() && !first.startsWith("-")) {
        return RunEnvelope.usage(
            messages,
            new UsageException(
                "unknown command \"" + first + "\"" + Syntax.nearest(first, words(modes))));
      }
      return envelope.run(function(modes), rest);
    } catch (OutOfMemoryError outOfMemory) {
      new Report(messages, stack).line(OutOfMemory.message("the input"), outOfMemory);
      return 1;
    } catch (RuntimeException | StackOverflowError bug) {
      // outside a mode's run: writing its output, or the command line itself
      new Report(messages, stack).internalError(bug);
      return 1;
    }
  }

  /**
   * {@code --help} alone: the whole usage; followed by a command's name: that command's usage
   * ({@code racer-krm help diff} as {@code racer-krm diff --help}).
   */
  private static int help(
      List<Mode> modes, List<String> after, PrintStream stdout, PrintStream stderr) {
    if (after.isEmpty()) {
      stdout.print(Usage.text());
      return 0;
    }
    String topic = after.get(0);
    if (named(modes, topic).isEmpty()) {
      return RunEnvelope.usage(
          stderr,
          new UsageException("no command \"" + topic + "\"" + Syntax.nearest(topic, words(modes))));
    }
    stdout.print(Usage.of(topic));
    return 0;
  }

  /**
   * The words that may come first on the command line: every mode's name, then {@code help} and
   * {@code version}; what an unknown command is compared with, and what completion offers first.
   */
  static List<String> words(List<Mode> modes) {
    List<String> words = new ArrayList<>();
    modes.stream().map(Mode::name).filter(name -> !name.isEmpty()).forEach(words::add);
    words.add(HELP.get(2));
    words.add(VERSION.get(1));
    return words;
  }

  private static Optional<Mode> named(List<Mode> modes, String name) {
    return modes.stream()
        .filter(mode -> !mode.name().isEmpty() && mode.name().equals(name))
        .findFirst();
  }

  private static Mode function(List<Mode> modes) {
    return modes.stream().filter(mode -> mode.name().isEmpty()).findFirst().orElseThrow();
  }
}
