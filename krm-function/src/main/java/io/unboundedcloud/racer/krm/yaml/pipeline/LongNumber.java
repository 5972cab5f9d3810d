package io.unboundedcloud.racer.krm.yaml.pipeline;

/**
 * snakeyaml's expressions for YAML 1.1's int, float and timestamp ({@code Resolver.INT}, {@code
 * FLOAT}, {@code TIMESTAMP}), each matched against a whole value in one pass from left to right,
 * for values of any length ({@link ExactResolver}). Each alternative of an expression is a run of
 * character classes that never needs to look back: a run of digits (or underscores) ends at the
 * first character outside it, and what follows must then be the next part.
 */
final class LongNumber {

  private LongNumber() {}

  /**
   * {@code [-+]?0b_*[0-1][0-1_]*}, {@code [-+]?0_*[0-7][0-7_]*}, {@code [-+]?(?:0|[1-9][0-9_]*)},
   * {@code [-+]?0x_*[0-9a-fA-F][0-9a-fA-F_]*}, or {@code [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+}.
   */
  static boolean isInt(String s) {
    int i = sign(s, 0);
    if (i >= s.length()) {
      return false;
    }
    if (s.charAt(i) == '0') {
      if (i + 1 == s.length()) {
        return true;
      }
      char next = s.charAt(i + 1);
      if (next == 'b') {
        return prefixedRun(s, i + 2, "01");
      }
      if (next == 'x') {
        return prefixedRun(s, i + 2, "0123456789abcdefABCDEF");
      }
      return prefixedRun(s, i + 1, "01234567");
    }
    if (!isDigit(s, i) || s.charAt(i) == '0') {
      return false;
    }
    int end = run(s, i + 1, true);
    if (end == s.length()) {
      return true;
    }
    return sexagesimalGroups(s, end) == s.length();
  }

  /**
   * {@code [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?}, {@code
   * [-+]?[0-9][0-9_]*[eE][-+]?[0-9]+}, {@code [-+]?\.[0-9_]+(?:[eE][-+]?[0-9]+)?}, {@code
   * [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*}, or the infinities and not-a-number.
   */
  static boolean isFloat(String s) {
    switch (s) {
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF" -> {
        return true;
      }
      case ".nan", ".NaN", ".NAN" -> {
        return true;
      }
      default -> {}
    }
    int i = sign(s, 0);
    if (i >= s.length()) {
      return false;
    }
    if (s.charAt(i) == '.') {
      int end = run(s, i + 1, true);
      return end > i + 1 && exponentOrEnd(s, end, true);
    }
    if (!isDigit(s, i)) {
      return false;
    }
    int end = run(s, i + 1, true);
    if (end == s.length()) {
      return false;
    }
    char c = s.charAt(end);
    if (c == '.') {
      return exponentOrEnd(s, run(s, end + 1, true), true);
    }
    if (c == 'e' || c == 'E') {
      return exponentOrEnd(s, end, false);
    }
    if (c == ':') {
      int groups = sexagesimalGroups(s, end);
      return groups < s.length()
          && s.charAt(groups) == '.'
          && run(s, groups + 1, true) == s.length();
    }
    return false;
  }

  /**
   * {@code [0-9]{4}-[0-9]{2}-[0-9]{2}}, or {@code [0-9]{4}-[0-9][0-9]?-[0-9][0-9]?}, then {@code
   * [Tt]} or {@code [ \t]+}, {@code [0-9][0-9]?:[0-9]{2}:[0-9]{2}}, {@code (?:\.[0-9]*)?}, and
   * optionally {@code [ \t]*} then {@code Z} or {@code [-+][0-9][0-9]?(?::[0-9]{2})?}.
   */
  static boolean isTimestamp(String s) {
    int i = digits(s, 0, 4, 4);
    if (i < 0 || !is(s, i, '-')) {
      return false;
    }
    int month = digits(s, i + 1, 1, 2);
    if (month < 0 || !is(s, month, '-')) {
      return false;
    }
    int day = digits(s, month + 1, 1, 2);
    if (day < 0) {
      return false;
    }
    if (day == s.length()) {
      return month == i + 3 && day == month + 3;
    }
    int time;
    if (s.charAt(day) == 'T' || s.charAt(day) == 't') {
      time = day + 1;
    } else {
      time = blanks(s, day);
      if (time == day) {
        return false;
      }
    }
    int hour = digits(s, time, 1, 2);
    if (hour < 0 || !is(s, hour, ':')) {
      return false;
    }
    int minute = digits(s, hour + 1, 2, 2);
    if (minute < 0 || !is(s, minute, ':')) {
      return false;
    }
    int end = digits(s, minute + 1, 2, 2);
    if (end < 0) {
      return false;
    }
    if (is(s, end, '.')) {
      end = run(s, end + 1, false);
    }
    if (end == s.length()) {
      return true;
    }
    int zone = blanks(s, end);
    if (is(s, zone, 'Z')) {
      return zone + 1 == s.length();
    }
    if (!is(s, zone, '-') && !is(s, zone, '+')) {
      return false;
    }
    int offset = digits(s, zone + 1, 1, 2);
    if (offset == s.length()) {
      return true;
    }
    return offset > 0 && is(s, offset, ':') && digits(s, offset + 1, 2, 2) == s.length();
  }

  /**
   * After a {@code 0b}, {@code 0x} or {@code 0}: {@code _*}, one of {@code chars}, then those or
   * {@code _}.
   */
  private static boolean prefixedRun(String s, int from, String chars) {
    int i = from;
    while (i < s.length() && s.charAt(i) == '_') {
      i++;
    }
    if (i >= s.length() || chars.indexOf(s.charAt(i)) < 0) {
      return false;
    }
    for (i++; i < s.length(); i++) {
      if (s.charAt(i) != '_' && chars.indexOf(s.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code (?::[0-5]?[0-9])+} from {@code from}, which holds a {@code :}: where the groups end, or
   * {@code from} when none matches.
   */
  private static int sexagesimalGroups(String s, int from) {
    int i = from;
    while (is(s, i, ':')) {
      int end = run(s, i + 1, false);
      int length = end - i - 1;
      if (length == 1 || (length == 2 && s.charAt(i + 1) <= '5')) {
        i = end;
      } else {
        break;
      }
    }
    return i;
  }

  /** {@code (?:[eE][-+]?[0-9]+)?} then the end ({@code optional}), or the exponent required. */
  private static boolean exponentOrEnd(String s, int from, boolean optional) {
    if (from == s.length()) {
      return optional;
    }
    if (!is(s, from, 'e') && !is(s, from, 'E')) {
      return false;
    }
    int digitsFrom = sign(s, from + 1);
    int end = run(s, digitsFrom, false);
    return end > digitsFrom && end == s.length();
  }

  /** Past an optional sign at {@code from}. */
  private static int sign(String s, int from) {
    return is(s, from, '-') || is(s, from, '+') ? from + 1 : from;
  }

  /** Past the digits (and underscores, with {@code underscores}) from {@code from}. */
  private static int run(String s, int from, boolean underscores) {
    int i = from;
    while (i < s.length() && (isDigit(s, i) || (underscores && s.charAt(i) == '_'))) {
      i++;
    }
    return i;
  }

  /**
   * Past {@code min} to {@code max} digits from {@code from}, when the digits there number that
   * many (followed by no further digit); -1 otherwise.
   */
  private static int digits(String s, int from, int min, int max) {
    int end = run(s, from, false);
    int count = end - from;
    return count >= min && count <= max ? end : -1;
  }

  /** Past the spaces and tabs from {@code from}. */
  private static int blanks(String s, int from) {
    int i = from;
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static boolean is(String s, int i, char c) {
    return i >= 0 && i < s.length() && s.charAt(i) == c;
  }

  private static boolean isDigit(String s, int i) {
    char c = s.charAt(i);
    return c >= '0' && c <= '9';
  }
}
