package io.unboundedcloud.racer.workload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The class of texts a user writes where Kubernetes takes a quantity, generated: every sign, number
 * form and suffix of resource.Quantity's documented grammar, and the near-misses a user makes (a
 * byte unit, a lowercase or unknown suffix, a sign, white space inside or around, an exponent with
 * a fraction or too many digits, no digit at all, words). {@link #admitted} is the oracle: the
 * documented grammar (k8s.io/apimachinery, resource.Quantity's comment), read here by a plain scan,
 * with the non-negative rule of pod templates; it shares no code with {@link QuantityGrammar}.
 */
public final class QuantityTexts {
  /** The number forms of the grammar: digits, digits.digits, digits., .digits; zeros too. */
  static final List<String> NUMBERS =
      List.of("0", "7", "512", "0007", "1.5", "1.", ".5", "0.0", "00.000", "123456789012345678901");

  /** An exponent of 19 significant digits, one past what the grammar takes. */
  static final String TOO_LONG_EXPONENT = "e1234567890123456789";

  /** Every suffix the grammar has, and exponents at and past their bound. */
  static final List<String> SUFFIXES =
      List.of(
          "",
          "Ki",
          "Mi",
          "Gi",
          "Ti",
          "Pi",
          "Ei",
          "n",
          "u",
          "m",
          "k",
          "M",
          "G",
          "T",
          "P",
          "E",
          "e3",
          "E3",
          "e+3",
          "e-3",
          "E-0",
          "e0",
          "e007",
          "e123456789012345678",
          "e-123456789012345678",
          "e0000123456789012345678",
          TOO_LONG_EXPONENT);

  /** What users append or type instead of a suffix. */
  static final List<String> NEAR_SUFFIXES =
      List.of(
          "MiB", "KiB", "Gb", "GB", "mi", "ki", "gi", "KB", "kb", "K", "B", "i", "b", "x", "Mii",
          "mm", "e", "e+", "e-", "e1.5", "ee3", "Ee3", "e3Mi", "Mi3", "I", " Mi", "Mi.", "%");

  /** Texts with no number, or that are no quantity at all. */
  static final List<String> OTHERS =
      List.of(
          "",
          " ",
          "Mi",
          "+",
          "-",
          ".",
          "+.",
          "m",
          "e3",
          "Ki",
          "lots",
          "1.2.3",
          "1..2",
          "1,5",
          "0x10",
          "\u0661\u0662",
          "\uff11Gi",
          "Infinity",
          "NaN",
          "1_000",
          "++1",
          "+-1",
          "--0",
          "1 Gi",
          "5 12Mi",
          "1. 5",
          " 512Mi",
          "512Mi ",
          "\t1Gi\n",
          " -0 ",
          "1Gi\u00a0",
          "\u30001Gi\u2009",
          "\u20281Gi",
          "1Gi\u200b");

  private static final String SPACE =
      " \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
          + "\u202f\u205f\u3000";

  private QuantityTexts() {}

  /** The whole generated class, each text once, in a fixed order. */
  public static List<String> all() {
    Set<String> texts = new LinkedHashSet<>();
    for (String sign : List.of("", "+", "-")) {
      for (String number : NUMBERS) {
        for (String suffix : SUFFIXES) {
          texts.add(sign + number + suffix);
        }
      }
    }
    for (String number : List.of("512", "1.5", "0")) {
      for (String suffix : NEAR_SUFFIXES) {
        texts.add(number + suffix);
      }
    }
    texts.addAll(OTHERS);
    return List.copyOf(texts);
  }

  /**
   * A sample of {@link #all()} for the slower paths: every admitted and refused kind at least once,
   * the same texts each run.
   */
  public static List<String> sample() {
    List<String> all = all();
    Set<String> sample = new LinkedHashSet<>();
    for (int i = 0; i < all.size(); i += 23) {
      sample.add(all.get(i));
    }
    sample.addAll(
        List.of(
            "512Mi",
            "1.5Gi",
            "250m",
            "2e3",
            "0",
            " 1Gi ",
            "-0",
            "lots",
            "512MiB",
            "-512Mi",
            "",
            "1 Gi",
            "1e1.5",
            "Mi",
            "1e1234567890123456789"));
    return new ArrayList<>(sample);
  }

  /**
   * Whether the documented grammar takes {@code text} as a quantity that is not negative, after the
   * surrounding white space the API server's JSON decoder trims.
   */
  public static boolean admitted(String text) {
    String s = strip(text);
    int i = 0;
    boolean minus = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      minus = s.charAt(i) == '-';
      i++;
    }
    int digits = 0;
    boolean nonZero = false;
    boolean point = false;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9') {
        digits++;
        nonZero |= c != '0';
      } else if (c == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    return digits > 0 && !(minus && nonZero) && suffix(s.substring(i));
  }

  /**
   * Texts the API server decodes (its scanner reads them as zero) but the grammar refuses, as
   * {@link QuantityGrammar} says why: no digit in the number ("Mi", "+", ".", "e3").
   */
  public static boolean digitless(String text) {
    String s = strip(text);
    int i = s.startsWith("+") || s.startsWith("-") ? 1 : 0;
    while (i < s.length() && s.charAt(i) == '.') {
      i++;
    }
    return !s.isEmpty() && (i == s.length() || s.charAt(i) < '0' || s.charAt(i) > '9');
  }

  /** Whether {@code text} is a negative quantity by the documented grammar (a refused sign). */
  public static boolean negative(String text) {
    String s = strip(text);
    return s.startsWith("-") && admitted("+" + s.substring(1));
  }

  /**
   * Why the grammar refuses {@code text} where the API server's decoder takes it, or null when it
   * does not: the stricter choices {@link QuantityGrammar} states.
   */
  public static String strictOnPurpose(String text) {
    if (negative(text)) {
      return "negative";
    }
    if (digitless(text)) {
      return "no digit";
    }
    String s = strip(text);
    int e = Math.max(s.lastIndexOf('e'), s.lastIndexOf('E'));
    if (e > 0
        && admitted(s.substring(0, e))
        && s.substring(e + 1).matches("[+-]?[0-9]+")
        && !admitted(s)) {
      return "exponent past 18 digits";
    }
    return null;
  }

  /**
   * {@code text} as a YAML double-quoted scalar, every character outside printable ASCII escaped.
   */
  public static String yamlQuoted(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        quoted.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }

  private static boolean suffix(String suffix) {
    if (List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "m", "k", "M", "G", "T", "P", "E")
        .contains(suffix)) {
      return true;
    }
    if (suffix.length() < 2 || (suffix.charAt(0) != 'e' && suffix.charAt(0) != 'E')) {
      return false;
    }
    String exponent = suffix.substring(1);
    if (exponent.startsWith("+") || exponent.startsWith("-")) {
      exponent = exponent.substring(1);
    }
    if (exponent.isEmpty() || !exponent.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return false;
    }
    String significant = exponent.replaceFirst("^0+", "");
    return significant.length() <= 18;
  }

  private static String strip(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && SPACE.indexOf(text.charAt(start)) >= 0) {
      start++;
    }
    while (end > start && SPACE.indexOf(text.charAt(end - 1)) >= 0) {
      end--;
    }
    return text.substring(start, end);
  }
}
