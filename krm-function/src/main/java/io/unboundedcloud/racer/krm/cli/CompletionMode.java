package io.unboundedcloud.racer.krm.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code racer-krm completion bash|zsh|fish}: a completion script for the shell on stdout, made
 * from the command table ({@link Command#MODES}, each mode's {@link Syntax}) that parses the
 * command line, so that it offers exactly the commands and flags racer-krm takes.
 */
final class CompletionMode implements Mode {
  private final Supplier<List<Mode>> table;

  /**
   * @param table the modes to complete, read when the script is made
   */
  CompletionMode(Supplier<List<Mode>> table) {
    this.table = table;
  }

  @Override
  public String name() {
    return "completion";
  }

  @Override
  public Syntax syntax() {
    return Syntax.word(CompletionScript.SHELLS.toArray(String[]::new));
  }

  @Override
  public Stdout stdout() {
    return Stdout.ON_SUCCESS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    String shell = call.arguments().positionals().get(0);
    PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
    print.print(CompletionScript.of(shell, CommandTable.of(table.get())));
    print.flush();
    return 0;
  }
}
