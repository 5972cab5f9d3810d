package io.unboundedcloud.racer.workload;

/**
 * Checks image references and registry values against {@link ImageGrammar}, in one pass over the
 * text: the chart applies the grammar's expressions with Go's RE2, which runs in linear time, but
 * Java's backtracking engine recursed once per repetition of a group and overflowed the stack on a
 * 10 KB reference such as {@code a.a.a...}. The scanner reads the reference the way the grammar is
 * built, and the grammar allows only one reading of each text:
 *
 * <ul>
 *   <li>the digest follows the first {@code @} (no other part holds one);
 *   <li>the tag follows a {@code :} after the last {@code /} (a registry's port is always followed
 *       by a {@code /}, a tag and a path component hold no {@code :});
 *   <li>the name is {@code /}-separated path components, the first of which may instead be a
 *       registry host.
 * </ul>
 *
 * Each character is looked at a bounded number of times, whatever the text.
 */
public final class ImageReference {

  private ImageReference() {}

  /**
   * Whether {@code reference} is a whole {@link ImageGrammar#REFERENCE} whose name is at most
   * {@link ImageGrammar#MAX_NAME_LENGTH} characters.
   */
  public static boolean isValid(String reference) {
    int at = reference.indexOf('@');
    int named = at < 0 ? reference.length() : at;
    if (at >= 0 && !isDigest(reference, at + 1, reference.length())) {
      return false;
    }
    int slash = reference.lastIndexOf('/', named - 1);
    int colon = reference.lastIndexOf(':', named - 1);
    int nameEnd = named;
    if (colon > slash) {
      if (!isTag(reference, colon + 1, named)) {
        return false;
      }
      nameEnd = colon;
    }
    return nameEnd <= ImageGrammar.MAX_NAME_LENGTH && isName(reference, 0, nameEnd);
  }

  /** Whether {@code value} is a whole {@link ImageGrammar#REGISTRY}: a host, a name, or both. */
  public static boolean isRegistry(String value) {
    int end = value.endsWith("/") ? value.length() - 1 : value.length();
    return isDomain(value, 0, end) || isName(value, 0, end);
  }

  /** {@link ImageGrammar#NAME}: path components, the first of which may be a registry host. */
  private static boolean isName(String text, int from, int to) {
    int firstSlash = indexOf(text, '/', from, to);
    int start = firstSlash < 0 ? to : firstSlash + 1;
    while (firstSlash >= 0) {
      int end = indexOf(text, '/', start, to);
      if (!isPathComponent(text, start, end < 0 ? to : end)) {
        return false;
      }
      if (end < 0) {
        break;
      }
      start = end + 1;
    }
    int firstEnd = firstSlash < 0 ? to : firstSlash;
    return isPathComponent(text, from, firstEnd)
        || firstSlash >= 0 && isDomain(text, from, firstEnd);
  }

  /**
   * A path component, {@code [a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*}: lowercase letters and
   * digits, separated by one {@code .}, one or two {@code _}, or any number of {@code -}.
   */
  private static boolean isPathComponent(String text, int from, int to) {
    if (from >= to || !isLowerAlnum(text.charAt(from)) || !isLowerAlnum(text.charAt(to - 1))) {
      return false;
    }
    int i = from;
    while (i < to) {
      if (isLowerAlnum(text.charAt(i))) {
        i++;
        continue;
      }
      int separator = i;
      while (!isLowerAlnum(text.charAt(i))) {
        i++; // ends before `to`: the last character is a letter or digit
      }
      if (!isSeparator(text, separator, i)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSeparator(String text, int from, int to) {
    int length = to - from;
    char c = text.charAt(from);
    if (length == 1) {
      return c == '.' || c == '_' || c == '-';
    }
    if (length == 2 && c == '_' && text.charAt(from + 1) == '_') {
      return true;
    }
    for (int i = from; i < to; i++) {
      if (text.charAt(i) != '-') {
        return false;
      }
    }
    return true;
  }

  /**
   * A registry host with an optional port: dotted domain components or a bracketed IPv6 address, or
   * one component with a port ({@code localhost:5000}).
   */
  private static boolean isDomain(String text, int from, int to) {
    int hostEnd;
    boolean portRequired;
    if (from < to && text.charAt(from) == '[') {
      int close = indexOf(text, ']', from, to);
      if (close < from + 2) {
        return false;
      }
      for (int i = from + 1; i < close; i++) {
        if (!isHex(text.charAt(i)) && text.charAt(i) != ':') {
          return false;
        }
      }
      hostEnd = close + 1;
      portRequired = false;
    } else {
      int colon = indexOf(text, ':', from, to);
      hostEnd = colon < 0 ? to : colon;
      int components = 0;
      int start = from;
      while (true) {
        int dot = indexOf(text, '.', start, hostEnd);
        int end = dot < 0 ? hostEnd : dot;
        if (!isDomainComponent(text, start, end)) {
          return false;
        }
        components++;
        if (dot < 0) {
          break;
        }
        start = dot + 1;
      }
      portRequired = components < 2;
    }
    if (hostEnd == to) {
      return !portRequired;
    }
    return text.charAt(hostEnd) == ':' && isDigits(text, hostEnd + 1, to);
  }

  /** {@code [a-zA-Z0-9]} or {@code [a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]}. */
  private static boolean isDomainComponent(String text, int from, int to) {
    if (from >= to || !isAlnum(text.charAt(from)) || !isAlnum(text.charAt(to - 1))) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (!isAlnum(text.charAt(i)) && text.charAt(i) != '-') {
        return false;
      }
    }
    return true;
  }

  /** {@link ImageGrammar#TAG}: a word character, then up to 127 word characters, dots or dashes. */
  private static boolean isTag(String text, int from, int to) {
    if (from >= to || to - from > ImageGrammar.MAX_TAG_LENGTH || !isWord(text.charAt(from))) {
      return false;
    }
    for (int i = from + 1; i < to; i++) {
      char c = text.charAt(i);
      if (!isWord(c) && c != '.' && c != '-') {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link ImageGrammar#DIGEST}: an algorithm (letter-led parts joined by one of {@code -_+.}), a
   * {@code :}, and at least 32 hex digits.
   */
  private static boolean isDigest(String text, int from, int to) {
    int colon = indexOf(text, ':', from, to);
    if (colon < 0 || to - colon - 1 < 32) {
      return false;
    }
    int i = from;
    while (true) {
      if (i >= colon || !isLetter(text.charAt(i))) {
        return false;
      }
      i++;
      while (i < colon && isAlnum(text.charAt(i))) {
        i++;
      }
      if (i == colon) {
        break;
      }
      if ("-_+.".indexOf(text.charAt(i)) < 0) {
        return false;
      }
      i++;
    }
    for (int j = colon + 1; j < to; j++) {
      if (!isHex(text.charAt(j))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigits(String text, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      if (text.charAt(i) < '0' || text.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  /** The first {@code c} in {@code [from, to)}, or -1; looks at no character past {@code to}. */
  private static int indexOf(String text, char c, int from, int to) {
    for (int i = from; i < to; i++) {
      if (text.charAt(i) == c) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isLowerAlnum(char c) {
    return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
  }

  private static boolean isLetter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static boolean isAlnum(char c) {
    return isLetter(c) || c >= '0' && c <= '9';
  }

  /** Java's and RE2's {@code \w} without Unicode classes. */
  private static boolean isWord(char c) {
    return isAlnum(c) || c == '_';
  }

  private static boolean isHex(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }
}
