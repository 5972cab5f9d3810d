package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.schema.EditorSchema;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code racer-krm schema settings|function-config|parameters}: the JSON Schema (draft-07) of
 * racer-settings, of the function config (both forms) or of an Argo CD Application or
 * ApplicationSet that uses the plugin, on stdout, generated from the tables the function reads
 * with; the committed copies under {@code schemas/} are the same text.
 */
final class SchemaMode implements Mode {
  @Override
  public String name() {
    return "schema";
  }

  @Override
  public Syntax syntax() {
    return Syntax.word(EditorSchema.words().toArray(String[]::new));
  }

  @Override
  public Stdout stdout() {
    return Stdout.ON_SUCCESS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
    print.print(EditorSchema.of(call.arguments().positionals().get(0)).text());
    print.flush();
    return 0;
  }
}
