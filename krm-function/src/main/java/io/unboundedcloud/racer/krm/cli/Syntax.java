package io.unboundedcloud.racer.krm.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line a mode takes: its flags, how many positional arguments (files, directories), and
 * whether {@code -} stands for stdin among them. {@link #parse} is the one parser of every mode,
 * with one message for an unknown flag.
 *
 * @param flags the flags it takes ({@code --stack} is every mode's and never reaches here)
 * @param least the fewest positional arguments
 * @param most the most positional arguments
 * @param needs what the mode needs when it has too few, as its message says it ({@code at least one
 *     file or directory})
 * @param stdinDash whether {@code -} is a positional argument (stdin) rather than an unknown flag
 */
record Syntax(List<Flag> flags, int least, int most, String needs, boolean stdinDash) {
  /** No flag and no positional argument. */
  static Syntax none() {
    return new Syntax(List.of(), 0, 0, "", false);
  }

  /** Between {@code least} and {@code most} positional arguments; {@code needs} says what. */
  static Syntax positionals(int least, int most, String needs) {
    return new Syntax(List.of(), least, most, needs, false);
  }

  /** The same, taking these flags as well. */
  Syntax flags(Flag... more) {
    List<Flag> all = new ArrayList<>(flags);
    all.addAll(List.of(more));
    return new Syntax(List.copyOf(all), least, most, needs, stdinDash);
  }

  /** The same, {@code -} standing for stdin. */
  Syntax withStdin() {
    return new Syntax(flags, least, most, needs, true);
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
        positionals.add(arg);
        continue;
      }
      int equals = arg.indexOf('=');
      Flag flag = find(equals < 0 ? arg : arg.substring(0, equals));
      if (flag == null || (!flag.takesValue() && equals >= 0)) {
        throw new UsageException("unknown flag \"" + arg + "\"");
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

  private String needs(int count) {
    return count == 1 ? "argument" : "arguments";
  }

  private Flag find(String name) {
    return flags.stream().filter(flag -> flag.name().equals(name)).findFirst().orElse(null);
  }
}
