package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.chart.template.YamlScalar;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code values.yaml}: every key under a comment that starts with its name, defaults as Helm reads
 * them.
 */
public final class ValuesYaml {
  private static final int WIDTH = 100;

  private ValuesYaml() {}

  public static String of(List<String> header, List<ValueKey> keys) {
    List<String> lines = new ArrayList<>();
    header.forEach(line -> lines.add(line.isEmpty() ? "#" : "# " + line));
    for (ValueKey key : keys) {
      lines.add("");
      write(key, 0, lines);
    }
    return String.join("\n", lines) + "\n";
  }

  private static void write(ValueKey key, int indent, List<String> lines) {
    String pad = " ".repeat(indent);
    for (String line : wrap(key.description(), WIDTH - indent - 2)) {
      lines.add(pad + "# " + line);
    }
    if (!key.example().isEmpty()) {
      lines.add(pad + "# Example:");
      key.example().forEach(line -> lines.add(pad + "#   " + line));
    }
    if (key.isGroup()) {
      lines.add(pad + key.name() + ":");
      for (ValueKey child : key.children()) {
        write(child, indent + 2, lines);
      }
    } else {
      lines.add(pad + key.name() + ": " + literal(key.defaultValue()));
    }
  }

  private static String literal(Object value) {
    if (value instanceof Map<?, ?> map && map.isEmpty()) {
      return "{}";
    }
    if (value instanceof List<?> list && list.isEmpty()) {
      return "[]";
    }
    if ("".equals(value)) {
      return "\"\"";
    }
    return YamlScalar.of(value);
  }

  /**
   * Words wrapped to lines of at most {@code width} characters (a longer word gets a line of its
   * own).
   */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }
}
