package io.unboundedcloud.racer.krm.cli;

/**
 * The zsh completion script: {@code _racer_krm} offers the first words, then hands the words after
 * the command to {@code _arguments} with that command's flags and arguments.
 */
final class ZshCompletion {
  private ZshCompletion() {}

  static String script(CommandTable table) {
    StringBuilder script = new StringBuilder("#compdef racer-krm\n");
    script.append(
        CompletionScript.header(
            "zsh",
            "Load it with: source <(racer-krm completion zsh), or save it as\n"
                + "# _racer-krm in a folder of $fpath."));
    script.append("_racer_krm() {\n");
    script.append("  if (( CURRENT == 2 )); then\n");
    script.append("    if [[ $PREFIX == -* ]]; then\n");
    script.append("      compadd -- ").append(String.join(" ", table.topFlags())).append('\n');
    script.append("    else\n");
    script.append("      compadd -- ").append(String.join(" ", table.first())).append('\n');
    script.append("    fi\n    return\n  fi\n");
    script.append("  local command=$words[2]\n");
    script.append("  shift words\n  (( CURRENT-- ))\n");
    script.append("  case $command in\n");
    for (CommandTable.Row row : table.commands()) {
      Syntax syntax = row.syntax();
      script.append("    ").append(row.name()).append(")\n      _arguments");
      for (Flag flag : syntax.flags()) {
        script.append(" '").append(flag.name());
        if (flag.takesValue()) {
          script
              .append(":value:")
              .append(
                  flag.choices().isEmpty()
                      ? "_files"
                      : "(" + String.join(" ", flag.choices()) + ")");
        }
        script.append("'");
      }
      for (String every : Syntax.EVERY_MODE) {
        script.append(" '").append(every).append("'");
      }
      if (!syntax.words().isEmpty()) {
        script.append(" '1:word:(").append(String.join(" ", syntax.words())).append(")'");
      } else if (syntax.takesPaths()) {
        script.append(" '*:file:_files'");
      }
      script.append(" ;;\n");
    }
    script.append("  esac\n}\n");
    script.append(
        """
        if [[ $funcstack[1] == _racer_krm ]]; then
          _racer_krm "$@"
        else
          compdef _racer_krm racer-krm
        fi
        """);
    return script.toString();
  }
}
