package io.unboundedcloud.racer.krm.properties;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * YAML text written line by line, the way people and tools write it: comments, quotes, flow style.
 */
final class YamlLines {
  private final List<String> lines = new ArrayList<>();

  YamlLines line(int indent, String text) {
    lines.add(" ".repeat(indent) + text);
    return this;
  }

  YamlLines lines(int indent, List<String> more) {
    more.forEach(text -> line(indent, text));
    return this;
  }

  List<String> lines() {
    return List.copyOf(lines);
  }

  /** The lines as one entry of a block sequence at column 0 ({@code - } then two spaces). */
  static String asSequenceEntry(List<String> lines) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      text.append(i == 0 ? "- " : line.isEmpty() ? "" : "  ").append(line).append('\n');
    }
    return text.toString();
  }

  /** The lines indented under a key. */
  static String indented(List<String> lines, int indent) {
    StringBuilder text = new StringBuilder();
    for (String line : lines) {
      text.append(line.isEmpty() ? "" : " ".repeat(indent)).append(line).append('\n');
    }
    return text.toString();
  }

  static String doubleQuoted(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t") + "\"";
  }

  static String singleQuoted(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  /**
   * A string scalar in a random style: double or single quotes, or plain where plain reads as the
   * string.
   */
  static String anyStyle(String value, Random random) {
    int style = random.nextInt(3);
    if (style == 2 && plainIsString(value)) {
      return value;
    }
    return style == 0 ? doubleQuoted(value) : singleQuoted(value);
  }

  /** An inline comment, sometimes. */
  static String maybeComment(Random random) {
    return random.nextInt(5) == 0 ? " # " + Words.any(random) + " " + Words.any(random) : "";
  }

  private static boolean plainIsString(String value) {
    return value.matches("[a-z][a-z0-9./-]*")
        && !List.of("true", "false", "yes", "no", "on", "off", "y", "n", "null").contains(value);
  }

  /** Words for names, labels and comments. */
  static final class Words {
    private static final List<String> WORDS =
        List.of(
            "alpha", "bravo", "cache", "delta", "echo", "fabric", "gpu", "hotel", "index", "juliet",
            "kilo", "lima", "models", "nvme", "origin", "peer", "quota", "rail", "slab", "tango");

    private Words() {}

    static String any(Random random) {
      return WORDS.get(random.nextInt(WORDS.size()));
    }
  }
}
