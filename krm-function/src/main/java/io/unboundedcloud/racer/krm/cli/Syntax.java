package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line a mode takes: its flags, how many positional arguments (files, directories), and
 * whether {@code -} stands for stdin among them. {@link #parse} is the one parser of every mode,
 * with one message for an unknown flag. It is the mode's row of the command table: the usage text
 * names the same flags (a test holds them equal) and shell completion is generated from it.
 *
 * @param flags the flags it takes ({@code --stack} is every mode's and never reaches here)
 * @param least the fewest positional arguments
 * @param most the most positional arguments
 * @param needs what the mode needs when it has too few, as its message says it ({@code at least one
 *     file or directory})
 * @param stdinDash whether {@code -} is a positional argument (stdin) rather than an unknown flag
 * @param words the words a positional argument must be one of ({@code bash}, {@code zsh}); empty
 *     when they are paths
 */
record Syntax(
    List<Flag> flags, int least, int most, String needs, boolean stdinDash, List<String> words) {
  /**
   * The flags every mode takes besides its own: {@code --help} prints the mode's usage (the command
   * answers it before the mode's parser runs), {@code --stack} is read wherever it stands.
   */
  static final List<String> EVERY_MODE = List.of("--help", "--stack");

  /** No flag and no positional argument. */
  static Syntax none() {
    return new Syntax(List.of(), 0, 0, "", false, List.of());
  }

  /** Between {@code least} and {@code most} positional arguments; {@code needs} says what. */
  static Syntax positionals(int least, int most, String needs) {
    return new Syntax(List.of(), least, most, needs, false, List.of());
  }

  /** Exactly one positional argument, one of {@code words}. */
  static Syntax word(String... words) {
    return new Syntax(List.of(), 1, 1, "one of " + String.join(", ", words), false, List.of(words));
  }

  /** The same, taking these flags as well. */
  Syntax flags(Flag... more) {
    List<Flag> all = new ArrayList<>(flags);
    all.addAll(List.of(more));
    return new Syntax(List.copyOf(all), least, most, needs, stdinDash, words);
  }

  /** The same, {@code -} standing for stdin. */
  Syntax withStdin() {
    return new Syntax(flags, least, most, needs, true, words);
  }

  /** Whether its positional arguments are files or directories (not words, and some at all). */
  boolean takesPaths() {
    return most > 0 && words.isEmpty();
  }

  /** Every flag it takes by name, its own and {@link #EVERY_MODE}'s. */
  List<String> flagNames() {
    List<String> names = new ArrayList<>();
    flags.forEach(flag -> names.add(flag.name()));
    names.addAll(EVERY_MODE);
    return names;
  }

  /**
   * Parses {@code args} (everything after the mode's name). The last of a repeated flag wins.
   *
   * @param mode the mode's name, for the messages
   * @throws UsageException when they cannot be run: an unknown flag, a missing value, too few or
   *     too many positional arguments
   */
  Arguments parse(String mode, List<String> args) {
    List<String> positionals = new ArrayList<>();
    Map<String, String> values = new LinkedHashMap<>();
    Set<String> toggles = new HashSet<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("-") || (stdinDash && arg.equals("-"))) {
        if (positionals.size() == most) {
          throw most == 0
              ? new UsageException("unknown command \"" + arg + "\"")
              : new UsageException(mode + " takes at most " + most + " " + needs(most));
        }
        if (!words.isEmpty() && !words.contains(arg)) {
          throw new UsageException(
              mode + " takes " + needs + ", not \"" + arg + "\"" + nearest(arg, words));
        }
        positionals.add(arg);
        continue;
      }
      int equals = arg.indexOf('=');
      Flag flag = find(equals < 0 ? arg : arg.substring(0, equals));
      if (flag == null || (!flag.takesValue() && equals >= 0)) {
        throw unknownFlag(arg, equals < 0 ? arg : arg.substring(0, equals), flagNames());
      }
      if (!flag.takesValue()) {
        toggles.add(flag.name());
      } else if (equals >= 0) {
        values.put(flag.name(), flag.checked(arg.substring(equals + 1)));
      } else if (i + 1 < args.size()) {
        values.put(flag.name(), flag.checked(args.get(++i)));
      } else {
        throw new UsageException(flag.name() + " needs " + flag.value());
      }
    }
    if (positionals.size() < least) {
      throw new UsageException(mode + " needs " + needs);
    }
    return new Arguments(positionals, values, toggles);
  }

  /**
   * The message of an unknown flag, with the nearest of {@code known} when one is near enough to be
   * a typo ({@link KeySuggestion}, the settings keys' measure).
   */
  static UsageException unknownFlag(String arg, String name, List<String> known) {
    return new UsageException("unknown flag \"" + arg + "\"" + nearest(name, known));
  }

  /** {@code ; did you mean NAME?} for the nearest of {@code known}, or nothing. */
  static String nearest(String unknown, List<String> known) {
    return KeySuggestion.nearest(unknown, known)
        .map(near -> "; did you mean " + near + "?")
        .orElse("");
  }

  private String needs(int count) {
    return count == 1 ? "argument" : "arguments";
  }

  private Flag find(String name) {
    return flags.stream().filter(flag -> flag.name().equals(name)).findFirst().orElse(null);
  }
}
