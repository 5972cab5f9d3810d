package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.PrintableText;

/**
 * Names and values as the Markdown report prints them (GitHub-flavoured Markdown, in a pull-request
 * comment): whatever a name or value holds, it stays text in its place and can never close a code
 * fence, end a table cell, start an HTML comment or tag, or open a link. Each form first escapes
 * line breaks and control characters ({@link PrintableText}), so no value spans two lines.
 */
final class MarkdownText {
  /** The characters Markdown or HTML read as structure in running text (ASCII, all escapable). */
  private static final String MARKDOWN_PUNCTUATION = "\\`*_~[]|$";

  private MarkdownText() {}

  /**
   * {@code text} as running text: HTML's {@code <} and {@code &} as entities (so no tag, comment or
   * entity can form), Markdown's metacharacters after a backslash.
   */
  static String text(String text) {
    String line = PrintableText.of(text);
    StringBuilder escaped = new StringBuilder(line.length() + 8);
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '<') {
        escaped.append("&lt;");
      } else if (c == '&') {
        escaped.append("&amp;");
      } else {
        if (MARKDOWN_PUNCTUATION.indexOf(c) >= 0) {
          escaped.append('\\');
        }
        escaped.append(c);
      }
    }
    return escaped.toString();
  }

  /**
   * {@code text} as a code span in a table cell: between backtick fences longer than any run of
   * backticks it holds (padded with a space where it starts or ends with one), its {@code |}
   * escaped, which a table reads before the code span.
   */
  static String codeCell(String text) {
    String line = PrintableText.of(text).replace("|", "\\|");
    String fence = "`".repeat(longestBacktickRun(line) + 1);
    String pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
    return fence + pad + line + pad + fence;
  }

  /**
   * A fenced code block around {@code lines} (each already one line): its fence longer than any run
   * of backticks they hold, so none of them can close it.
   */
  static String codeBlock(String info, String lines) {
    String fence = "`".repeat(Math.max(3, longestBacktickRun(lines) + 1));
    return fence + info + "\n" + lines + fence + "\n";
  }

  private static int longestBacktickRun(String text) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = text.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  }
}
