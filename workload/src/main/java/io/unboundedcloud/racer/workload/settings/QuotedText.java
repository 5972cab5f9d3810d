package io.unboundedcloud.racer.workload.settings;

import java.util.Locale;

/**
 * Text from the input (a value, a key, a name) as every message and warning shows it: in double
 * quotes, with quotes, backslashes and every character {@link #isUnprintable} escaped, so that it
 * stays one line and cannot pass for the message's own words; cut after {@link #SHOWN} characters,
 * with its whole length named, so that a message stays short whatever the size of what it quotes
 * ({@code "aaaa…" (1,048,576 characters)}). The cost is that of the characters shown, never of the
 * whole text.
 */
public final class QuotedText {
  /** The most characters of a text a message shows. */
  public static final int SHOWN = 80;

  /**
   * The most characters of a file's path a message shows: Linux's {@code PATH_MAX}, so that the
   * path of a real file is never cut (its end names the file), only one the input made up.
   */
  public static final int PATH_SHOWN = 4_096;

  private QuotedText() {}

  /** {@code text} quoted, escaped, and cut after {@link #SHOWN} characters with its length. */
  public static String of(CharSequence text) {
    int shown = shown(text, SHOWN);
    StringBuilder out = new StringBuilder(shown + 32).append('"');
    for (int i = 0; i < shown; i++) {
      escape(text, i, out);
    }
    return shown == text.length() ? out.append('"').toString() : elided(out, "…\"", text);
  }

  /**
   * {@code text} as it is, for a message whose words already set it apart ({@code nodeSelector
   * pool=models}), cut the same way: after {@link #SHOWN} characters, with its length.
   */
  public static String cut(CharSequence text) {
    return cut(text, SHOWN);
  }

  /** A file's path as it is, cut after {@link #PATH_SHOWN} characters with its length. */
  public static String cutPath(CharSequence path) {
    return cut(path, PATH_SHOWN);
  }

  private static String cut(CharSequence text, int most) {
    int shown = shown(text, most);
    if (shown == text.length()) {
      return text.toString();
    }
    return elided(new StringBuilder(shown + 32).append(text, 0, shown), "…", text);
  }

  /**
   * Whether the character at {@code index} of {@code text} is one a message writes as an escape: it
   * could break the line or change how the rest reads. The C0 and C1 control characters and DEL,
   * the Unicode line and paragraph separators, the bidirectional formatting characters (which
   * reorder the text around them on screen), and half of a surrogate pair (which no UTF-8 output
   * can hold). The one set of both {@link #of} and krm-function's {@code PrintableText}.
   */
  public static boolean isUnprintable(CharSequence text, int index) {
    char c = text.charAt(index);
    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || isBidiControl(c)) {
      return true;
    }
    if (Character.isHighSurrogate(c)) {
      return index + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(index + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return index == 0 || !Character.isHighSurrogate(text.charAt(index - 1));
    }
    return false;
  }

  /** Unicode's bidirectional formatting characters: marks, embeddings, overrides and isolates. */
  private static boolean isBidiControl(char c) {
    return c == '\u061c'
        || c == '\u200e'
        || c == '\u200f'
        || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069');
  }

  private static int shown(CharSequence text, int most) {
    int length = text.length();
    if (length <= most) {
      return length;
    }
    return Character.isHighSurrogate(text.charAt(most - 1)) ? most - 1 : most; // never half
  }

  /** {@code out}, the start of {@code text}, then {@code end} and the length of the whole. */
  private static String elided(StringBuilder out, String end, CharSequence text) {
    return out.append(end)
        .append(" (")
        .append(String.format(Locale.ROOT, "%,d", text.length()))
        .append(" characters)")
        .toString();
  }

  private static void escape(CharSequence text, int index, StringBuilder out) {
    char c = text.charAt(index);
    switch (c) {
      case '"' -> out.append("\\\"");
      case '\\' -> out.append("\\\\");
      case '\n' -> out.append("\\n");
      case '\t' -> out.append("\\t");
      case '\r' -> out.append("\\r");
      default -> {
        if (isUnprintable(text, index)) {
          out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        } else {
          out.append(c);
        }
      }
    }
  }
}
