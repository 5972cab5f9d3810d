package io.unboundedcloud.racer.krm.diff;

import java.util.List;
import java.util.Map;

/**
 * Plain trees as JSON text, two spaces an indent, keys in the map's order: diff's report, and
 * verify's.
 */
public final class JsonText {
  private JsonText() {}

  /** {@code tree} as JSON text, a newline last. */
  public static String of(Object tree) {
    StringBuilder text = new StringBuilder();
    write(tree, "", text);
    return text.append('\n').toString();
  }

  static void write(Object value, String indent, StringBuilder out) {
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append("{\n");
      int i = 0;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.append(indent).append("  ");
        string(String.valueOf(entry.getKey()), out);
        out.append(": ");
        write(entry.getValue(), indent + "  ", out);
        out.append(++i < map.size() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append("[\n");
      for (int i = 0; i < list.size(); i++) {
        out.append(indent).append("  ");
        write(list.get(i), indent + "  ", out);
        out.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Number number && Double.isFinite(number.doubleValue())) {
      out.append(number);
    } else {
      // a string, and what JSON has no number for (.nan, .inf) as YAML writes it
      string(value instanceof Double d ? yamlSpecial(d) : String.valueOf(value), out);
    }
  }

  private static String yamlSpecial(double value) {
    return Double.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  }

  private static void string(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
