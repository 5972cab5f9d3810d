package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.util.UriEncoder;

/**
 * A scalar in block context as kyaml writes it: kyaml's fork of go-yaml v3's emitter, whose rules
 * (the scalar's analysis, the choice of style, the writers of each style, the form of a tag) this
 * follows step by step, with kyaml's settings: Unicode as is, no line wrapping, block indent 2.
 *
 * <p>The rule that decides whether a literal or folded block stays a block is the emitter's: a
 * block is kept unless the value is empty, ends in a space, holds a space right before a line
 * break, or holds a character the emitter does not print (a control character but tab and line
 * feed, DEL, C1 controls, the byte order mark, U+FFFE and U+FFFF, and everything beyond U+FFFF);
 * and never as a simple key. One difference on purpose: a value holding U+2028 or U+2029 is
 * double-quoted, as those are line breaks to a YAML 1.1 reader such as the function's own. Tabs are
 * kept in blocks; they only rule out plain and single quotes. snakeyaml's emitter, which the writer
 * used before, also refuses blocks holding a tab, so a shell script or a BIND configuration
 * indented with tabs came out as one double-quoted line.
 */
final class KyamlScalar {

  /** kyaml's indentation step, also the indentation hint of a block that starts with a space. */
  private static final int INDENT = 2;

  private KyamlScalar() {}

  /** What the emitter finds in a value: where each style may be used. */
  record Analysis(
      boolean multiline,
      boolean blockPlainAllowed,
      boolean singleQuotedAllowed,
      boolean blockAllowed) {}

  /** The empty value: plain and single quotes, no block. */
  private static final Analysis EMPTY = new Analysis(false, true, true, false);

  /** A value of name characters only ({@link #isName}): every style, one line. */
  private static final Analysis NAME = new Analysis(false, true, true, true);

  /** Whether the value holds a line break, which keeps it from being a simple key. */
  static boolean isMultiline(String value) {
    // every line break is one char (none beyond U+FFFF), so a scan of chars finds what the
    // analysis of code points would
    for (int i = 0; i < value.length(); i++) {
      if (isBreak(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The style the emitter writes a value in, from the style it was read in: a plain scalar holding
   * a line feed is written as a literal block (as go-yaml's encoder asks for one), then each style
   * the value cannot take falls back to the next (plain, single quotes, double quotes).
   *
   * @param simpleKey whether the value is a simple key ({@code key: value}), where only one line
   *     and no block will do
   */
  static ScalarStyle style(String value, ScalarStyle read, boolean simpleKey) {
    Analysis analysis = analyze(value);
    ScalarStyle style = read;
    if (style == ScalarStyle.PLAIN && value.indexOf('\n') >= 0) {
      style = ScalarStyle.LITERAL;
    }
    if (simpleKey && analysis.multiline()) {
      style = ScalarStyle.DOUBLE_QUOTED;
    }
    if (style == ScalarStyle.PLAIN
        && (!analysis.blockPlainAllowed() || (value.isEmpty() && simpleKey))) {
      style = ScalarStyle.SINGLE_QUOTED;
    }
    if (style == ScalarStyle.SINGLE_QUOTED && !analysis.singleQuotedAllowed()) {
      style = ScalarStyle.DOUBLE_QUOTED;
    }
    if ((style == ScalarStyle.LITERAL || style == ScalarStyle.FOLDED)
        && (!analysis.blockAllowed() || simpleKey)) {
      style = ScalarStyle.DOUBLE_QUOTED;
    }
    return style;
  }

  /**
   * The value written in {@code style}: its first line (a block's header), then, for a block or a
   * quoted value over several lines, its other lines indented to {@code indent}; no final line
   * break.
   */
  static String text(String value, ScalarStyle style, int indent) {
    if (style == ScalarStyle.PLAIN && !value.endsWith("\n")) {
      // most values: written as they are, without a copy
      return value;
    }
    StringBuilder out = new StringBuilder(value.length() + 8);
    switch (style) {
      case PLAIN -> out.append(value);
      case SINGLE_QUOTED -> singleQuoted(value, indent, out);
      case DOUBLE_QUOTED -> doubleQuoted(value, out);
      case LITERAL -> block(value, '|', indent, out);
      case FOLDED -> block(value, '>', indent, out);
      default -> throw new IllegalArgumentException("no such scalar style: " + style);
    }
    if (out.length() > 0 && out.charAt(out.length() - 1) == '\n') {
      out.setLength(out.length() - 1);
    }
    return out.toString();
  }

  /**
   * A tag as the emitter writes it: {@code !!name} for a tag of yaml.org's, {@code !name} for a
   * local tag, else the verbatim {@code !<tag>}; characters a tag may not hold as they are
   * percent-encoded ({@code !e%21x}).
   */
  static String tag(Tag tag) {
    String value = decoded(tag.getValue());
    if (value.startsWith("!")) {
      return "!" + tagContent(value.substring(1));
    }
    if (value.startsWith(Tag.PREFIX)) {
      return "!!" + tagContent(value.substring(Tag.PREFIX.length()));
    }
    return "!<" + tagContent(value) + ">";
  }

  /**
   * A tag's characters: snakeyaml keeps a tag URI-encoded ({@code with%20space}), the emitter
   * encodes what it must itself.
   */
  private static String decoded(String value) {
    if (value.indexOf('%') < 0) {
      return value;
    }
    try {
      return UriEncoder.decode(value);
    } catch (IllegalArgumentException e) {
      return value;
    }
  }

  private static String tagContent(String value) {
    StringBuilder out = new StringBuilder(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (isAlpha(c) || ";/?:@&=+$,_.~*'()[]".indexOf(c) >= 0) {
        out.append(c);
        continue;
      }
      int end = Character.isHighSurrogate(c) && i + 1 < value.length() ? i + 2 : i + 1;
      for (byte octet : value.substring(i, end).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
        out.append('%').append(String.format("%02X", octet & 0xff));
      }
      i = end - 1;
    }
    return out.toString();
  }

  static Analysis analyze(String value) {
    if (value.isEmpty()) {
      return EMPTY;
    }
    if (isName(value)) {
      // most values and keys (names, labels, images, numbers): the emitter's analysis finds
      // nothing in them, at several times the cost of this scan
      return NAME;
    }
    return scan(value);
  }

  /** The emitter's analysis of a value that is not empty, code point by code point. */
  static Analysis scan(String value) {
    boolean blockIndicators = value.startsWith("---") || value.startsWith("...");
    boolean lineBreaks = false;
    boolean special = false;
    boolean tabs = false;
    boolean leadingSpace = false;
    boolean leadingBreak = false;
    boolean trailingSpace = false;
    boolean trailingBreak = false;
    boolean breakSpace = false;
    boolean spaceBreak = false;
    boolean precededByWhitespace = true;
    boolean previousSpace = false;
    boolean previousBreak = false;
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      int next = i + Character.charCount(c);
      boolean followedByWhitespace = next >= value.length() || isBlank(value.charAt(next));
      boolean last = next == value.length();
      if (i == 0) {
        if ("#,[]{}&*!|>'\"%@`".indexOf(c) >= 0
            || ((c == '?' || c == ':' || c == '-') && followedByWhitespace)) {
          blockIndicators = true;
        }
      } else if ((c == ':' && followedByWhitespace) || (c == '#' && precededByWhitespace)) {
        blockIndicators = true;
      }
      if (c == '\t') {
        tabs = true;
      } else if (!isPrintable(c) || c == 0x2028 || c == 0x2029) {
        // go-yaml prints U+2028 and U+2029 in blocks and single quotes, where a YAML 1.1 reader
        // (snakeyaml, ours) reads them as line breaks: escaped in double quotes they read back
        special = true;
      }
      if (c == ' ') {
        leadingSpace |= i == 0;
        trailingSpace |= last;
        breakSpace |= previousBreak;
        previousSpace = true;
        previousBreak = false;
      } else if (isBreak(c)) {
        lineBreaks = true;
        leadingBreak |= i == 0;
        trailingBreak |= last;
        spaceBreak |= previousSpace;
        previousSpace = false;
        previousBreak = true;
      } else {
        previousSpace = false;
        previousBreak = false;
      }
      precededByWhitespace = isBlank(c) || isBreak(c) || c == 0;
      i = next;
    }
    boolean plain =
        !(leadingSpace
            || leadingBreak
            || trailingSpace
            || trailingBreak
            || breakSpace
            || spaceBreak
            || tabs
            || special
            || lineBreaks
            || blockIndicators);
    boolean singleQuoted = !(breakSpace || spaceBreak || tabs || special);
    boolean block = !(trailingSpace || spaceBreak || special);
    return new Analysis(lineBreaks, plain, singleQuoted, block);
  }

  /**
   * Whether the value starts with a letter or a digit and holds only letters, digits, {@code .},
   * {@code _}, {@code /} and {@code -}: no indicator, blank, break or character the emitter does
   * not print, in no place where the analysis would find one ({@code -} and {@code .} count only
   * first, as in {@code ---} and {@code ...}).
   */
  private static boolean isName(String value) {
    if (!isLetterOrDigit(value.charAt(0))) {
      return false;
    }
    for (int i = 1; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!isLetterOrDigit(c) && c != '.' && c != '_' && c != '/' && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean isLetterOrDigit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static void singleQuoted(String value, int indent, StringBuilder out) {
    out.append('\'');
    lines(value, ScalarStyle.SINGLE_QUOTED, indent, out);
    out.append('\'');
  }

  private static void doubleQuoted(String value, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      i += Character.charCount(c);
      if (isPrintable(c) && c != 0xFEFF && !isBreak(c) && c != '"' && c != '\\') {
        out.appendCodePoint(c);
        continue;
      }
      out.append('\\');
      switch (c) {
        case 0x00 -> out.append('0');
        case 0x07 -> out.append('a');
        case 0x08 -> out.append('b');
        case 0x09 -> out.append('t');
        case 0x0A -> out.append('n');
        case 0x0B -> out.append('v');
        case 0x0C -> out.append('f');
        case 0x0D -> out.append('r');
        case 0x1B -> out.append('e');
        case 0x22 -> out.append('"');
        case 0x5C -> out.append('\\');
        case 0x85 -> out.append('N');
        case 0xA0 -> out.append('_');
        case 0x2028 -> out.append('L');
        case 0x2029 -> out.append('P');
        default -> {
          if (c <= 0xFF) {
            out.append('x').append(String.format("%02X", c));
          } else if (c <= 0xFFFF) {
            out.append('u').append(String.format("%04X", c));
          } else {
            out.append('U').append(String.format("%08X", c));
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * A literal or folded block: the header (the indentation hint when the value starts with a space
   * or a line break, the chomping indicator), then the lines.
   *
   * <p>A folded block needs an empty line where the value has a line break between two lines that
   * do not start with a blank (a lone break there reads as a space). go-yaml's writer decides that
   * from the line before only, and from whether the value (not the line after) starts with a blank,
   * so that it writes some values as others, which it also reads differently from snakeyaml; within
   * the block this follows the YAML reading of our reader (as snakeyaml's own emitter does), which
   * gave kyaml's text for every folded block of the real-files corpus. At the end of a block that
   * keeps one line break (clip), go-yaml's rule adds an empty line that changes nothing, and
   * kyaml's text has it: so does this.
   */
  private static void block(String value, char indicator, int indent, StringBuilder out) {
    out.append(indicator);
    int first = value.codePointAt(0);
    if (first == ' ' || isBreak(first)) {
      out.append((char) ('0' + INDENT));
    }
    int last = value.codePointBefore(value.length());
    if (!isBreak(last)) {
      out.append('-');
    } else {
      int beforeLast = value.length() - Character.charCount(last);
      if (beforeLast == 0 || isBreak(value.codePointBefore(beforeLast))) {
        out.append('+');
      }
    }
    out.append('\n');
    lines(value, indicator == '>' ? ScalarStyle.FOLDED : ScalarStyle.LITERAL, indent, out);
  }

  /**
   * A value's lines after the opening quote or a block's header, as the emitter's writer of that
   * style puts them: each line break as it is, the lines after one indented; single quotes doubled
   * in single-quoted text; an empty line added at the first line feed of a run in single-quoted
   * text (where a lone line break would read as a space) and at each line feed after a line that
   * does not start with a blank in folded text (see {@link #block}).
   */
  private static void lines(String value, ScalarStyle style, int indent, StringBuilder out) {
    boolean valueStartsBlank = style == ScalarStyle.FOLDED && startsBlankAfterBreaks(value);
    boolean breaks = style != ScalarStyle.SINGLE_QUOTED;
    boolean leadingSpaces = true;
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      if (isBreak(c)) {
        boolean emptyLine =
            switch (style) {
              case SINGLE_QUOTED -> !breaks && c == '\n';
              case FOLDED ->
                  !breaks && !leadingSpaces && c == '\n' && folds(value, i, valueStartsBlank);
              default -> false;
            };
        if (emptyLine) {
          out.append('\n');
        }
        out.appendCodePoint(c);
        breaks = true;
      } else {
        if (breaks) {
          indent(indent, out);
          leadingSpaces = isBlank(c);
        }
        if (c == '\'' && style == ScalarStyle.SINGLE_QUOTED) {
          out.append('\'');
        }
        out.appendCodePoint(c);
        breaks = false;
      }
      i += Character.charCount(c);
    }
  }

  /**
   * Whether the run of line breaks at {@code start} in a folded value, after a line that does not
   * start with a blank, needs an empty line (see {@link #block}): before a line that does not start
   * with a blank either, or as the value's last and only final break, unless the value starts with
   * a blank.
   */
  private static boolean folds(String value, int start, boolean valueStartsBlank) {
    int end = start;
    while (end < value.length() && isBreak(value.codePointAt(end))) {
      end += Character.charCount(value.codePointAt(end));
    }
    if (end < value.length()) {
      return !isBlank(value.codePointAt(end));
    }
    return end == start + 1 && !valueStartsBlank;
  }

  /** Whether the first character after the value's leading line breaks is blank or the end. */
  private static boolean startsBlankAfterBreaks(String value) {
    int k = 0;
    while (k < value.length() && isBreak(value.codePointAt(k))) {
      k += Character.charCount(value.codePointAt(k));
    }
    if (k >= value.length()) {
      return true;
    }
    int c = value.codePointAt(k);
    return isBlank(c) || c == 0;
  }

  private static void indent(int indent, StringBuilder out) {
    out.append(" ".repeat(indent));
  }

  /** The emitter's printable characters (UTF-8 up to three bytes; nothing beyond U+FFFF). */
  private static boolean isPrintable(int c) {
    return c == 0x0A
        || (c >= 0x20 && c <= 0x7E)
        || (c >= 0xA0 && c <= 0xD7FF)
        || (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
  }

  private static boolean isBreak(int c) {
    return c == '\r' || c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029;
  }

  private static boolean isBlank(int c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isAlpha(char c) {
    return (c >= '0' && c <= '9')
        || (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || c == '_'
        || c == '-';
  }
}
