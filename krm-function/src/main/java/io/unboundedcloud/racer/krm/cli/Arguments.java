package io.unboundedcloud.racer.krm.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A mode's command line, parsed by its {@link Syntax}.
 *
 * @param positionals the positional arguments, in order ({@code -} for stdin where the mode takes
 *     it)
 * @param values each flag with a value that was given, by name, the last one given
 * @param toggles the switches that were given, by name
 */
record Arguments(List<String> positionals, Map<String, String> values, Set<String> toggles) {
  Arguments {
    positionals = List.copyOf(positionals);
    values = Map.copyOf(values);
    toggles = Set.copyOf(toggles);
  }

  /** The value of a flag, when it was given. */
  Optional<String> value(String flag) {
    return Optional.ofNullable(values.get(flag));
  }

  /** The value of a flag that names a file, when it was given. */
  Optional<Path> path(String flag) {
    return value(flag).map(Path::of);
  }

  /** Whether a switch was given. */
  boolean has(String toggle) {
    return toggles.contains(toggle);
  }

  /** The positional arguments as paths. */
  List<Path> paths() {
    return positionals.stream().map(Path::of).toList();
  }
}
