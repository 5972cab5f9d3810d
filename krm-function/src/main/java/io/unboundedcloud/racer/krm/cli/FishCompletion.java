package io.unboundedcloud.racer.krm.cli;

/**
 * The fish completion script: one {@code complete} line per first word, per flag of each command
 * (its choices, or files), and per command's words or files.
 */
final class FishCompletion {
  private static final String COMPLETE = "complete -c racer-krm";

  private FishCompletion() {}

  static String script(CommandTable table) {
    StringBuilder script =
        new StringBuilder(
            CompletionScript.header(
                "fish",
                "Load it with: racer-krm completion fish | source, or save it as\n"
                    + "# ~/.config/fish/completions/racer-krm.fish."));
    script.append(COMPLETE).append(" -f\n");
    script
        .append(COMPLETE)
        .append(" -n __fish_use_subcommand -a '")
        .append(String.join(" ", table.first()))
        .append("'\n");
    for (String flag : table.topFlags()) {
      script.append(COMPLETE).append(" -n __fish_use_subcommand -l ").append(flag.substring(2));
      script.append('\n');
    }
    for (CommandTable.Row row : table.commands()) {
      Syntax syntax = row.syntax();
      String seen = COMPLETE + " -n '__fish_seen_subcommand_from " + row.name() + "'";
      for (Flag flag : syntax.flags()) {
        script.append(seen).append(" -l ").append(flag.name().substring(2));
        if (flag.takesValue()) {
          script.append(
              flag.choices().isEmpty()
                  ? " -r -F"
                  : " -x -a '" + String.join(" ", flag.choices()) + "'");
        }
        script.append('\n');
      }
      for (String every : Syntax.EVERY_MODE) {
        script.append(seen).append(" -l ").append(every.substring(2)).append('\n');
      }
      if (!syntax.words().isEmpty()) {
        script.append(seen).append(" -a '").append(String.join(" ", syntax.words())).append("'\n");
      } else if (syntax.takesPaths()) {
        script.append(seen).append(" -F\n");
      }
    }
    return script.toString();
  }
}
