package io.unboundedcloud.racer.krm.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: the README's commands that a test runs as written, the {@code sh} blocks between
 * {@code <!-- readme-test:start -->} and {@code <!-- readme-test:end -->}, each with the line of
 * the README where it starts.
 */
final class ReadmeCommands {
  static final String START = "<!-- readme-test:start -->";
  static final String END = "<!-- readme-test:end -->";
  private static final String FENCE_OPEN = "```sh";
  private static final String FENCE_CLOSE = "```";

  /** One marked block: the README line of its first command, and the script. */
  record Block(int line, String script) {
    /** Whether the script runs {@code tool} (the tool's name as a word). */
    boolean runs(String tool) {
      return script.matches("(?s).*(^|[\\s|;&])" + tool + "\\s.*");
    }

    @Override
    public String toString() {
      return "README.md line " + line + ": " + script.lines().findFirst().orElse("");
    }
  }

  private ReadmeCommands() {}

  /** Every marked block of {@code readme}, in order; a marker without its block is an error. */
  static List<Block> of(Path readme) {
    List<String> lines = PackageFiles.read(readme).lines().toList();
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).equals(START)) {
        continue;
      }
      if (i + 1 >= lines.size() || !lines.get(i + 1).equals(FENCE_OPEN)) {
        throw new AssertionError(
            "README.md line " + (i + 1) + ": " + START + " must be followed by " + FENCE_OPEN);
      }
      int close = lines.subList(i + 2, lines.size()).indexOf(FENCE_CLOSE);
      if (close < 0 || i + 3 + close >= lines.size() || !lines.get(i + 3 + close).equals(END)) {
        throw new AssertionError(
            "README.md line "
                + (i + 1)
                + ": the block must end with "
                + FENCE_CLOSE
                + ", then "
                + END);
      }
      blocks.add(new Block(i + 3, String.join("\n", lines.subList(i + 2, i + 2 + close)) + "\n"));
      i += 3 + close;
    }
    return blocks;
  }
}
