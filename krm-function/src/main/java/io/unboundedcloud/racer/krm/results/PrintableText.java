package io.unboundedcloud.racer.krm.results;

import io.unboundedcloud.racer.workload.settings.QuotedText;

/**
 * Text as a message may print it: every character that could break the line or change how the rest
 * reads is written as an escape, so a name, a path or a value from the input can never forge a line
 * of its own (a {@code file:line:col} prefix, a verdict), move the terminal's cursor or reorder
 * what is shown. Escaped: the characters of {@link QuotedText#isUnprintable} ({@code \n}, {@code
 * \r}, {@code \t} by name, the others as {@code \}{@code u001b}): one set for quoted text and for
 * whole messages.
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

  /**
   * Whether the character at {@code index} of {@code text} is printed as an escape: the set of
   * {@link QuotedText#isUnprintable}, which quotes text in messages.
   */
  static boolean needsEscape(String text, int index) {
    return QuotedText.isUnprintable(text, index);
  }
}
