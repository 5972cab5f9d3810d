package io.unboundedcloud.racer.krm.cli;

import java.util.List;

/** The completion script of each shell racer-krm completes in. */
final class CompletionScript {
  /** The shells, as {@code racer-krm completion SHELL} names them. */
  static final List<String> SHELLS = List.of("bash", "zsh", "fish");

  private CompletionScript() {}

  /** The script for {@code shell}, one of {@link #SHELLS}. */
  static String of(String shell, CommandTable table) {
    return switch (shell) {
      case "bash" -> BashCompletion.script(table);
      case "zsh" -> ZshCompletion.script(table);
      case "fish" -> FishCompletion.script(table);
      default -> throw new IllegalArgumentException("no completion for " + shell);
    };
  }

  /** The first line of every script: what made it, so that nobody edits a copy by hand. */
  static String header(String shell, String load) {
    return "# "
        + shell
        + " completion for racer-krm, made by `racer-krm completion "
        + shell
        + "` from the command table\n# that parses its command line. "
        + load
        + "\n";
  }
}
