package io.unboundedcloud.racer.workload.settings;

import java.util.ArrayList;
import java.util.List;

/**
 * A regular expression matching exactly the plain decimal strings of the integers in {@code
 * min..max}, so {@code values.schema.json} can reject {@code 80} for a port the same way {@link
 * IntegerRange} does.
 *
 * <p>Only {@code (?:)}, {@code |}, {@code [0-9]} classes and {@code {n}} are used: the common
 * subset of java.util.regex and the ECMA-262 dialect JSON schema validators use.
 */
final class DecimalRangePattern {

  private DecimalRangePattern() {}

  /** The anchored pattern, e.g. {@code ^(?:[1-9]|1[0-6])$} for 1..16. */
  static String of(long min, long max) {
    return "^(?:" + String.join("|", alternatives(min, max)) + ")$";
  }

  /** Unanchored alternatives, ascending, whose union is {@code min..max}. */
  static List<String> alternatives(long min, long max) {
    if (min < 0 || max < min) {
      throw new IllegalArgumentException("not an unsigned range: " + min + ".." + max);
    }
    List<String> out = new ArrayList<>();
    String low = Long.toString(min);
    String high = Long.toString(max);
    int fullFrom = 0; // first digit count of a run where every number of that count is in range
    // One run per digit count: strings of equal length compare like numbers, which split relies on.
    for (int length = low.length(); length <= high.length(); length++) {
      String from = length == low.length() ? low : "1" + "0".repeat(length - 1);
      String to = length == high.length() ? high : "9".repeat(length);
      boolean full = from.equals("1" + "0".repeat(length - 1)) && to.equals("9".repeat(length));
      if (full) {
        fullFrom = fullFrom == 0 ? length : fullFrom;
        continue;
      }
      closeFullRun(fullFrom, length - 1, out);
      fullFrom = 0;
      split(from, to, out);
    }
    closeFullRun(fullFrom, high.length(), out);
    return out;
  }

  /** One alternative for every number of {@code from..to} digits, e.g. {@code [1-9][0-9]{0,17}}. */
  private static void closeFullRun(int from, int to, List<String> out) {
    if (from == 0) {
      return;
    }
    if (from == to) {
      out.add("[1-9]" + anyDigits(from - 1));
    } else {
      out.add("[1-9][0-9]{" + (from - 1) + "," + (to - 1) + "}");
    }
  }

  /** Appends alternatives covering {@code from..to}, two digit strings of the same length. */
  private static void split(String from, String to, List<String> out) {
    int length = from.length();
    int at = 0;
    while (at < length && from.charAt(at) == to.charAt(at)) {
      at++;
    }
    if (at == length) {
      out.add(from);
      return;
    }
    String prefix = from.substring(0, at);
    int rest = length - at - 1;
    char lowDigit = from.charAt(at);
    char highDigit = to.charAt(at);
    boolean lowIsRound = from.substring(at + 1).chars().allMatch(c -> c == '0');
    boolean highIsRound = to.substring(at + 1).chars().allMatch(c -> c == '9');
    char first = lowDigit;
    char last = highDigit;
    if (!lowIsRound) {
      split(from, prefix + lowDigit + "9".repeat(rest), out);
      first++;
    }
    if (!highIsRound) {
      last--;
    }
    if (first <= last) {
      out.add(prefix + digits(first, last) + anyDigits(rest));
    }
    if (!highIsRound) {
      split(prefix + highDigit + "0".repeat(rest), to, out);
    }
  }

  private static String digits(char first, char last) {
    return first == last ? String.valueOf(first) : "[" + first + "-" + last + "]";
  }

  private static String anyDigits(int count) {
    return switch (count) {
      case 0 -> "";
      case 1 -> "[0-9]";
      default -> "[0-9]{" + count + "}";
    };
  }
}
