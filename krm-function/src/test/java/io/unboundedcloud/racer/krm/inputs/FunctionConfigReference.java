package io.unboundedcloud.racer.krm.inputs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The texts generated from {@link FunctionConfigKey}: the reference table of docs/krm.md, the
 * function config lines of docs/cli.md's usage (the {@code --help} text) and the static parameters
 * of examples/argocd/plugin.yaml. Each lies in its file between two fixed lines; {@link #main}
 * writes all three, {@code FunctionConfigReferenceTest} fails when one is stale.
 *
 * <p>Run from the repository root: {@value #REGENERATE}
 */
public final class FunctionConfigReference {
  /** The command that regenerates the texts; stale-check failures print it. */
  public static final String REGENERATE =
      "mvn -B -q -pl krm-function -am -DskipTests test-compile exec:java"
          + " -Dexec.classpathScope=test"
          + " -Dexec.mainClass=io.unboundedcloud.racer.krm.inputs.FunctionConfigReference";

  /** A generated text: the file, and the lines before and after it there. */
  record Region(Path file, String start, String end) {
    /** The text between the two lines, in the file as it is. */
    String current() throws IOException {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      int from = text.indexOf(start);
      int to = from < 0 ? -1 : text.indexOf(end, from + start.length());
      if (to < 0) {
        throw new IllegalStateException(file + " lacks the lines around its generated text");
      }
      return text.substring(from + start.length(), to);
    }

    void write(String generated) throws IOException {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      String current = current();
      int from = text.indexOf(start) + start.length();
      Files.writeString(
          file,
          text.substring(0, from) + generated + text.substring(from + current.length()),
          StandardCharsets.UTF_8);
    }
  }

  /** The checkout: the working directory, or its parent when that is krm-function (the tests'). */
  private static final Path ROOT =
      Files.isDirectory(Path.of("docs")) ? Path.of(".") : Path.of("..");

  static final Region KRM_TABLE =
      new Region(
          ROOT.resolve("docs/krm.md"),
          "<!-- function-config:start -->\n",
          "<!-- function-config:end -->");

  static final Region HELP =
      new Region(
          ROOT.resolve("docs/cli.md"),
          "Function config (ConfigMap data):\n",
          "  Set imageRegistry, or both dataplaneImage and objectImage.");

  static final Region PLUGIN =
      new Region(
          ROOT.resolve("examples/argocd/plugin.yaml"),
          "    # function-config:start, generated from FunctionConfigKey (docs/krm.md says how)\n",
          "    # function-config:end");

  /** Where the help text's descriptions start, and the plugin tooltips' lines end. */
  private static final int HELP_COLUMN = 19;

  private static final int TOOLTIP_WIDTH = 104;

  private FunctionConfigReference() {}

  /** The Markdown table: one row per key. */
  static String table() {
    StringBuilder text = new StringBuilder("| key | meaning |\n|---|---|\n");
    for (FunctionConfigKey key : FunctionConfigKey.values()) {
      text.append("| `").append(key.key()).append("` | ").append(key.doc()).append(" |\n");
    }
    return text.toString();
  }

  /** The usage lines: each key, its description beside it, continued under it. */
  static String help() {
    StringBuilder text = new StringBuilder();
    for (FunctionConfigKey key : FunctionConfigKey.values()) {
      String name = "  " + key.key();
      text.append(name)
          .append(" ".repeat(Math.max(2, HELP_COLUMN - name.length())))
          .append(key.help().replace("\n", "\n" + " ".repeat(HELP_COLUMN)))
          .append('\n');
    }
    return text.toString();
  }

  /** The static parameters of the keys an Application may set, as plugin.yaml lists them. */
  static String plugin() {
    StringBuilder text = new StringBuilder();
    for (FunctionConfigKey key : FunctionConfigKey.announced()) {
      text.append("    - name: ")
          .append(key.key())
          .append("\n      title: ")
          .append(key.announcement().title())
          .append("\n      tooltip: >-\n");
      StringBuilder line = new StringBuilder("       ");
      for (String word : key.announcement().tooltip().split(" ")) {
        if (line.length() + 1 + word.length() > TOOLTIP_WIDTH && line.length() > 8) {
          text.append(line).append('\n');
          line = new StringBuilder("       ");
        }
        line.append(' ').append(word);
      }
      text.append(line).append('\n');
    }
    return text.toString();
  }

  /** Writes the three texts into the checkout (the working directory is krm-function). */
  public static void main(String[] args) throws IOException {
    KRM_TABLE.write(table());
    HELP.write(help());
    PLUGIN.write(plugin());
  }
}
