package io.unboundedcloud.racer.krm.results;

/**
 * Text as a message may print it: every character that could break the line or change how the rest
 * reads is written as an escape, so a name, a path or a value from the input can never forge a line
 * of its own (a {@code file:line:col} prefix, a verdict), move the terminal's cursor or reorder
 * what is shown. Escaped: the C0 and C1 control characters and DEL ({@code \n}, {@code \r}, {@code
 * \t} by name, the others as {@code \}{@code u001b}), the Unicode line and paragraph separators,
 * the bidirectional formatting characters (which reorder the text around them on screen), and half
 * of a surrogate pair (which no UTF-8 output can hold).
 *
 * <p>A backslash is left as it is, so the escaping is idempotent: a message built around another
 * message (a strict-mode note after a warning, a parameter's name before a result) is escaped again
 * without doubling anything. A backslash typed in the input and an escape therefore read alike;
 * neither breaks a line.
 */
public final class PrintableText {
  private static final String HEX = "0123456789abcdef";

  private PrintableText() {}

  /** {@code text} with each character {@link #needsEscape} written as an escape. */
  public static String of(String text) {
    if (text == null) {
      return null;
    }
    int first = 0;
    while (first < text.length() && !needsEscape(text, first)) {
      first++;
    }
    if (first == text.length()) {
      return text;
    }
    StringBuilder escaped = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!needsEscape(text, i)) {
        escaped.append(c);
      } else if (c == '\n') {
        escaped.append("\\n");
      } else if (c == '\r') {
        escaped.append("\\r");
      } else if (c == '\t') {
        escaped.append("\\t");
      } else {
        escaped.append("\\u").append(HEX.charAt(c >> 12)).append(HEX.charAt((c >> 8) & 0xf));
        escaped.append(HEX.charAt((c >> 4) & 0xf)).append(HEX.charAt(c & 0xf));
      }
    }
    return escaped.toString();
  }

  /** Whether the character at {@code index} of {@code text} is printed as an escape. */
  static boolean needsEscape(String text, int index) {
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

  /**
   * The characters that change the direction of the text around them (Unicode's bidirectional
   * formatting characters: marks, embeddings, overrides and isolates).
   */
  private static boolean isBidiControl(char c) {
    return c == '\u061c'
        || c == '\u200e'
        || c == '\u200f'
        || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
