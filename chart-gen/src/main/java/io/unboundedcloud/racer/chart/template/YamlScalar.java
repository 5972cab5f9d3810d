package io.unboundedcloud.racer.chart.template;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a scalar is written so that Helm's YAML reader (YAML 1.1: {@code yes}, {@code on} and {@code
 * 0400} are not strings) reads back exactly the value the builders made.
 */
public final class YamlScalar {
  // Conservative: letters, digits and a few separators, never starting with a digit or a sign.
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9._/=-]*");
  private static final Set<String> RESERVED =
      Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");

  private YamlScalar() {}

  /**
   * A scalar as YAML text: numbers and booleans bare, strings plain when safe, else double-quoted.
   */
  public static String of(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof String text) {
      return isPlain(text) ? text : quoted(text);
    }
    throw new IllegalArgumentException("not a scalar: " + value.getClass().getName());
  }

  /** Whether a string can be written without quotes and still read back as the same string. */
  public static boolean isPlain(String text) {
    return PLAIN.matcher(text).matches() && !RESERVED.contains(text.toLowerCase(Locale.ROOT));
  }

  /** A double-quoted YAML string (JSON escapes are YAML escapes). */
  public static String quoted(String text) {
    return "\"" + escaped(text) + "\"";
  }

  /** The inside of a double-quoted string. */
  public static String escaped(String text) {
    return new String(JsonStringEncoder.getInstance().quoteAsString(text));
  }
}
