package io.unboundedcloud.racer.workload;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user who wrote a unit the way people write units meant: {@code 512MB} is {@code 512M} or
 * {@code 512Mi}, {@code 2 GiB} is {@code 2Gi}; and, where a setting wants plain bytes, {@code 2Gi}
 * is {@code 2147483648}. The KRM function adds it to its message as a "did you mean"; the chart's
 * templates compute the same from {@link #SPELLINGS} and {@link #PATTERN} (chart-gen writes them
 * in), so that both paths suggest the same text.
 */
public final class QuantityCorrection {
  /**
   * A number, then a unit of letters, with spaces around and between: what a correction reads.
   * Group 1 is the number, group 2 the unit.
   */
  public static final String PATTERN = "^ *(\\+?[0-9]*\\.?[0-9]+) *([A-Za-z]*) *$";

  /** The binary suffixes and the power of 1024 each means. */
  private static final List<String> BINARY = List.of("Ki", "Mi", "Gi", "Ti", "Pi", "Ei");

  /** The decimal suffixes and the power of 1000 each means. */
  private static final List<String> DECIMAL = List.of("k", "M", "G", "T", "P", "E");

  /**
   * Each unit as people spell it, mapped to the suffixes a quantity writes for it, in the order a
   * message offers them: decimal first, then binary.
   */
  public static final Map<String, List<String>> SPELLINGS = spellings();

  /** A whole number, then a suffix: what {@link #bytes} reads. */
  public static final String BYTES_PATTERN =
      "^ *\\+?([0-9]+)(" + String.join("|", BINARY) + "|" + String.join("|", DECIMAL) + ")? *$";

  private static final Pattern QUANTITY = Pattern.compile(PATTERN);
  private static final Pattern BYTES = Pattern.compile(BYTES_PATTERN);

  /**
   * How a message offers a correction; argument: the correction. The function's words and the
   * chart's (its templates format it with Go's printf).
   */
  public static final String SUGGESTION = "; did you mean %s?";

  /** The most digits {@link #bytes} reads: more may not fit a long, in Java as in Go's int64. */
  public static final int MOST_DIGITS = 18;

  private QuantityCorrection() {}

  /** {@link #SUGGESTION} with {@code correction}, or "" when there is none. */
  public static String didYouMean(String correction) {
    return correction.isEmpty() ? "" : String.format(Locale.ROOT, SUGGESTION, correction);
  }

  /**
   * The quantities {@code text} probably meant, each admitted by {@link QuantityGrammar}, joined
   * with " or " ({@code 512M or 512Mi}); "" when there is none to offer.
   */
  public static String quantity(String text) {
    Matcher matcher = QUANTITY.matcher(text);
    if (!matcher.matches()) {
      return "";
    }
    String number = matcher.group(1);
    String unit = matcher.group(2);
    List<String> suffixes = unit.isEmpty() ? List.of("") : SPELLINGS.get(unit);
    if (suffixes == null) {
      suffixes = List.of(unit); // a suffix as written, only the spaces wrong
    }
    List<String> offered = new ArrayList<>();
    for (String suffix : suffixes) {
      String candidate = number + suffix;
      if (QuantityGrammar.admits(candidate) && !candidate.equals(text)) {
        offered.add(candidate);
      }
    }
    return String.join(" or ", offered);
  }

  /**
   * {@code text} as a plain count of bytes when it is a whole number with at most a unit ({@code
   * 2Gi} is {@code 2147483648}, {@code 0080} is {@code 80}) that fits {@code min..max}; "" when it
   * is no such number.
   */
  public static String bytes(String text, long min, long max) {
    Matcher matcher = BYTES.matcher(text);
    if (!matcher.matches()) {
      return "";
    }
    String digits = matcher.group(1).replaceFirst("^0+(?=[0-9])", "");
    if (digits.length() > MOST_DIGITS) {
      return "";
    }
    BigInteger value = new BigInteger(digits);
    String suffix = matcher.group(2);
    if (suffix != null) {
      int binary = BINARY.indexOf(suffix);
      value =
          binary >= 0
              ? value.shiftLeft(10 * (binary + 1))
              : value.multiply(BigInteger.valueOf(1000).pow(DECIMAL.indexOf(suffix) + 1));
    }
    if (value.compareTo(BigInteger.valueOf(min)) < 0
        || value.compareTo(BigInteger.valueOf(max)) > 0) {
      return "";
    }
    String plain = value.toString();
    return plain.equals(text) ? "" : plain;
  }

  /** The factor of each suffix {@link #BYTES_PATTERN} reads, for the chart's templates. */
  public static Map<String, Long> factors() {
    Map<String, Long> factors = new LinkedHashMap<>();
    for (int i = 0; i < BINARY.size(); i++) {
      factors.put(BINARY.get(i), 1L << (10 * (i + 1)));
    }
    for (int i = 0; i < DECIMAL.size(); i++) {
      factors.put(DECIMAL.get(i), BigInteger.valueOf(1000).pow(i + 1).longValueExact());
    }
    return factors;
  }

  private static Map<String, List<String>> spellings() {
    Map<String, List<String>> spellings = new LinkedHashMap<>();
    spellings.put("B", List.of(""));
    spellings.put("b", List.of(""));
    for (int i = 0; i < BINARY.size(); i++) {
      String binary = BINARY.get(i);
      String decimal = DECIMAL.get(i);
      String upper = binary.substring(0, 1);
      String lower = upper.toLowerCase(Locale.ROOT);
      for (String letter : List.of(upper, lower)) {
        for (String bytes : List.of("B", "b")) {
          spellings.put(letter + bytes, List.of(decimal, binary));
          spellings.put(letter + "i" + bytes, List.of(binary));
          spellings.put(letter + "I" + bytes, List.of(binary));
        }
        spellings.putIfAbsent(letter + "i", List.of(binary));
        spellings.putIfAbsent(letter + "I", List.of(binary));
      }
      // a lone letter that is no suffix: K, g, t, p, e (k, m, M, G... are suffixes already)
      for (String letter : List.of(upper, lower)) {
        if (!DECIMAL.contains(letter) && !letter.equals("m")) {
          spellings.put(letter, List.of(decimal, binary));
        }
      }
    }
    return Collections.unmodifiableMap(spellings);
  }
}
