package io.unboundedcloud.racer.krm.cli;

/**
 * The bash completion script: one function, {@code _racer_krm}, that finds the command among the
 * words before the cursor and offers that command's flags, a flag's choices, its words or files.
 */
final class BashCompletion {
  private BashCompletion() {}

  // One of the main code's few methods over 60 lines (MethodLengthTest): two text blocks of bash
  // with the table's rows between them, which read best as the script they print.
  static String script(CommandTable table) {
    StringBuilder script =
        new StringBuilder(
            CompletionScript.header(
                "bash",
                "Load it with: source <(racer-krm completion bash), or save it as\n"
                    + "# ~/.local/share/bash-completion/completions/racer-krm."));
    script.append(
        """
        _racer_krm() {
          local cur=${COMP_WORDS[COMP_CWORD]} prev= command= flags= words= files= i
          [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
          for ((i = 1; i < COMP_CWORD; i++)); do
            if [ "${COMP_WORDS[i]}" != --stack ]; then command=${COMP_WORDS[i]}; break; fi
          done
          case $command in
        """);
    script
        .append("    '') flags='")
        .append(String.join(" ", table.topFlags()))
        .append("'; words='")
        .append(String.join(" ", table.first()))
        .append("' ;;\n");
    for (CommandTable.Row row : table.commands()) {
      Syntax syntax = row.syntax();
      script.append("    ").append(row.name()).append(")\n");
      script.append("      flags='").append(String.join(" ", syntax.flagNames())).append("'");
      if (!syntax.words().isEmpty()) {
        script.append("; words='").append(String.join(" ", syntax.words())).append("'");
      }
      if (syntax.takesPaths()) {
        script.append("; files=1");
      }
      script.append('\n');
      for (Flag flag : syntax.flags()) {
        if (flag.takesValue()) {
          script.append("      [ \"$prev\" = ").append(flag.name()).append(" ] && { ");
          script.append(
              flag.choices().isEmpty()
                  ? "COMPREPLY=($(compgen -f -- \"$cur\"))"
                  : "COMPREPLY=($(compgen -W '"
                      + String.join(" ", flag.choices())
                      + "' -- \"$cur\"))");
          script.append("; return; }\n");
        }
      }
      script.append("      ;;\n");
    }
    script.append(
        """
            *) return ;;
          esac
          if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$flags" -- "$cur"))
          elif [ -n "$words" ]; then
            COMPREPLY=($(compgen -W "$words" -- "$cur"))
          elif [ -n "$files" ]; then
            COMPREPLY=($(compgen -f -- "$cur"))
          fi
        }
        complete -o filenames -o bashdefault -F _racer_krm racer-krm
        """);
    return script.toString();
  }
}
