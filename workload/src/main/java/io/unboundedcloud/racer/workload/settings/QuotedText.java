package io.unboundedcloud.racer.workload.settings;

import java.util.Locale;

/**
 * Text from the input (a value, a key, a name) as every message and warning shows it: in double
 * quotes, with quotes, backslashes and control characters escaped, so that it stays one line and
 * cannot pass for the message's own words; cut after {@link #SHOWN} characters, with its whole
 * length named, so that a message stays short whatever the size of what it quotes ({@code "aaaa…"
 * (1,048,576 characters)}). The cost is that of the characters shown, never of the whole text.
 */
public final class QuotedText {
  /** The most characters of a text a message shows. */
  public static final int SHOWN = 80;

  private QuotedText() {}

  /** {@code text} quoted, escaped, and cut after {@link #SHOWN} characters with its length. */
  public static String of(CharSequence text) {
    int shown = shown(text);
    StringBuilder out = new StringBuilder(shown + 32).append('"');
    for (int i = 0; i < shown; i++) {
      escape(text.charAt(i), out);
    }
    return shown == text.length() ? out.append('"').toString() : elided(out, "…\"", text);
  }

  /**
   * {@code text} as it is, for a message whose words already set it apart ({@code nodeSelector
   * pool=models}), cut the same way: after {@link #SHOWN} characters, with its length.
   */
  public static String cut(CharSequence text) {
    int shown = shown(text);
    if (shown == text.length()) {
      return text.toString();
    }
    return elided(new StringBuilder(shown + 32).append(text, 0, shown), "…", text);
  }

  private static int shown(CharSequence text) {
    int length = text.length();
    if (length <= SHOWN) {
      return length;
    }
    return Character.isHighSurrogate(text.charAt(SHOWN - 1)) ? SHOWN - 1 : SHOWN; // never half
  }

  /** {@code out}, the start of {@code text}, then {@code end} and the length of the whole. */
  private static String elided(StringBuilder out, String end, CharSequence text) {
    return out.append(end)
        .append(" (")
        .append(String.format(Locale.ROOT, "%,d", text.length()))
        .append(" characters)")
        .toString();
  }

  private static void escape(char c, StringBuilder out) {
    switch (c) {
      case '"' -> out.append("\\\"");
      case '\\' -> out.append("\\\\");
      case '\n' -> out.append("\\n");
      case '\t' -> out.append("\\t");
      case '\r' -> out.append("\\r");
      default -> {
        if (Character.isISOControl(c)) {
          out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        } else {
          out.append(c);
        }
      }
    }
  }
}
