package io.unboundedcloud.racer.krm.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The command table as a completion script needs it: the words that may come first, the flags
 * without a command, and each command's row (its {@link Syntax}). Read from the modes themselves,
 * never written out a second time.
 *
 * @param first the words that may come first: the commands, {@code help}, {@code version}
 * @param topFlags the flags of racer-krm without a command ({@code --version}, {@code --help},
 *     {@code --stack})
 * @param commands each named command with its syntax, in table order; {@code help} takes a command
 *     name
 */
record CommandTable(List<String> first, List<String> topFlags, List<Row> commands) {
  /** One command: its name and what it takes. */
  record Row(String name, Syntax syntax) {}

  static CommandTable of(List<Mode> modes) {
    List<Row> rows = new ArrayList<>();
    List<String> topFlags = List.of();
    for (Mode mode : modes) {
      if (mode.name().isEmpty()) {
        topFlags = mode.syntax().flagNames();
      } else {
        rows.add(new Row(mode.name(), mode.syntax()));
      }
    }
    List<String> names = rows.stream().map(Row::name).toList();
    rows.add(new Row(Command.HELP.get(2), Syntax.word(names.toArray(String[]::new))));
    return new CommandTable(Command.words(modes), topFlags, List.copyOf(rows));
  }
}
