package io.unboundedcloud.racer.krm.tree;

import java.math.BigInteger;
import java.util.Set;

/**
 * What a plain (unquoted, untagged) YAML scalar is to the tools that send manifests to the API
 * server: kubectl, Helm and Argo CD read YAML with go-yaml v2 (through {@code sigs.k8s.io/yaml})
 * into untyped values, then JSON. The rule is go-yaml v2.4.0's {@code resolve()} in its resolve.go,
 * as its source has it (not the YAML specification, not snakeyaml):
 *
 * <pre>
 *   a table first   y Y yes Yes YES n N no No NO true True TRUE false False FALSE
 *                   on On ON off Off OFF: booleans; "" ~ null Null NULL: null;
 *                   .nan .NaN .NAN, .inf .Inf .INF, +.inf +.Inf +.INF, -.inf -.Inf -.INF: floats
 *   first character only a sign, a digit or a dot can start a number; any other text is a string
 *   a dot first     Go's strconv.ParseFloat on the text: .5, .5e3, .5_5 (underscores between
 *                   digits, Go's rule), finite only (.5e400 is a string)
 *   sign or digit   with every _ removed: strconv.ParseInt(text, 0, 64), then ParseUint: integers
 *                   in base 10, 16 (0x, 0X), 8 (0o, 0O, or a leading 0) and 2 (0b, 0B), within
 *                   int64, or uint64 without a sign; else a float if it matches
 *                   ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ and is finite
 *                   (1e5, 1., 1.e5, 08, 1e1_0; 1e400 is a string); else "0b" then a signed binary
 *                   number (0b-101), which its fallback for binary reads as an integer
 *   everything else a string: timestamps (2026-11-30: the decoder hands an untyped timestamp on
 *                   as its text), base 60 (12:30), 0x1p3, _1, non-ASCII digits
 * </pre>
 *
 * Go's strconv is that of Go 1.13 or later (the base prefixes 0b and 0o), which every supported
 * kubectl, Helm and Argo CD is built with.
 */
public enum KubectlScalar {
  STRING,
  NUMBER,
  BOOLEAN,
  NULL;

  private static final Set<String> BOOLEANS =
      Set.of(
          "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
          "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
  private static final Set<String> TRUE_WORDS =
      Set.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON");
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> SPECIAL_FLOATS =
      Set.of(
          ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
          "-.Inf", "-.INF");

  private static final BigInteger INT64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger UINT64_MAX =
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  /** The type go-yaml v2 gives the plain scalar {@code text}. */
  public static KubectlScalar of(String text) {
    Object value = value(text);
    if (value == null) {
      return NULL;
    }
    if (value instanceof Boolean) {
      return BOOLEAN;
    }
    return value instanceof String ? STRING : NUMBER;
  }

  /**
   * The value go-yaml v2 gives the plain scalar {@code text}: {@code null}, a {@link Boolean}, a
   * {@link BigInteger} (an integer: int, int64 or uint64 to Go), a {@link Double} (a float, NaN and
   * the infinities included), or {@code text} itself (a string).
   */
  public static Object value(String text) {
    if (NULLS.contains(text)) {
      return null;
    }
    if (BOOLEANS.contains(text)) {
      return TRUE_WORDS.contains(text);
    }
    if (SPECIAL_FLOATS.contains(text)) {
      return text.endsWith("nan") || text.endsWith("NaN") || text.endsWith("NAN")
          ? Double.NaN
          : text.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    char first = text.charAt(0);
    if (first == '.') {
      if (isDotFloat(text)) {
        double value = Double.parseDouble(text.replace("_", ""));
        return Double.isFinite(value) ? (Object) value : text;
      }
      return text;
    }
    if (first != '+' && first != '-' && (first < '0' || first > '9')) {
      return text;
    }
    // a timestamp (four digits and a dash first) is handed on as its text, and is no number either
    String plain = text.replace("_", "");
    BigInteger integer = integer(plain);
    if (integer != null) {
      return integer;
    }
    if (isYamlStyleFloat(plain)) {
      double value = Double.parseDouble(plain);
      if (Double.isFinite(value)) {
        return value;
      }
    }
    BigInteger binary = signedBinary(plain);
    return binary != null ? binary : text;
  }

  /**
   * Go's {@code strconv.ParseInt(text, 0, 64)}, or {@code ParseUint} for what int64 cannot hold.
   */
  private static BigInteger integer(String text) {
    boolean signed = text.startsWith("+") || text.startsWith("-");
    String body = signed ? text.substring(1) : text;
    int radix = 10;
    String digits = body;
    if (body.length() >= 2 && body.charAt(0) == '0') {
      switch (Character.toLowerCase(body.charAt(1))) {
        case 'x' -> {
          radix = 16;
          digits = body.substring(2);
        }
        case 'o' -> {
          radix = 8;
          digits = body.substring(2);
        }
        case 'b' -> {
          radix = 2;
          digits = body.substring(2);
        }
        default -> {
          radix = 8;
          digits = body.substring(1);
        }
      }
    }
    if (digits.isEmpty()) {
      return null;
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c > 0x7f || Character.digit(c, radix) < 0) { // Go reads ASCII digits only
        return null;
      }
    }
    int first = 0;
    while (first < digits.length() - 1 && digits.charAt(first) == '0') {
      first++;
    }
    if (digits.length() - first > uint64Digits(radix)) {
      return null; // beyond uint64 whatever the sign; parsing it would cost its length squared
    }
    BigInteger value = new BigInteger(digits.substring(first), radix);
    if (text.startsWith("-")) {
      value = value.negate();
    }
    boolean int64 = value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0;
    return int64 || !signed && value.compareTo(UINT64_MAX) <= 0 ? value : null;
  }

  /**
   * go-yaml v2's float pattern {@code ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$}, read
   * in one pass: as a backtracking expression it cost the square of the length of an almost-number
   * such as {@code 1} followed by digits and an {@code x}.
   */
  static boolean isYamlStyleFloat(String text) {
    int start = sign(text, 0);
    int i;
    if (start < text.length() && text.charAt(start) == '.') {
      i = digits(text, start + 1);
      if (i == start + 1) {
        return false;
      }
    } else {
      i = digits(text, start);
      if (i == start) {
        return false;
      }
      if (i < text.length() && text.charAt(i) == '.') {
        i = digits(text, i + 1);
      }
    }
    if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      int exponent = sign(text, i + 1);
      i = digits(text, exponent);
      if (i == exponent) {
        return false;
      }
    }
    return i == text.length();
  }

  /**
   * resolve()'s last fallback: text (underscores removed) that starts with {@code 0b} is parsed by
   * {@code strconv.ParseInt(text[2:], 2, 64)}, which takes a sign, so {@code 0b-101} is -5. (Its
   * {@code -0b} branch and its ParseUint add nothing that base 0 did not already read.)
   */
  static BigInteger signedBinary(String text) {
    if (!text.startsWith("0b+") && !text.startsWith("0b-") || text.length() == 3) {
      return null;
    }
    String digits = text.substring(3);
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) != '0' && digits.charAt(i) != '1') {
        return null;
      }
    }
    int first = 0;
    while (first < digits.length() - 1 && digits.charAt(first) == '0') {
      first++;
    }
    if (digits.length() - first > 64) {
      return null;
    }
    BigInteger value = new BigInteger(digits.substring(first), 2);
    if (text.charAt(2) == '-') {
      value = value.negate();
    }
    return value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0 ? value : null;
  }

  /**
   * Go's float literal that starts with a dot, {@code \.[0-9](_?[0-9])*([eE][-+]?[0-9](_?[0-9])*)?}
   * (go-yaml v2 parses those with Go's own float parser, whose underscores go between digits), read
   * in one pass: as an expression its repeated group recursed once per digit, and a dot with 20,000
   * digits overflowed the stack.
   */
  static boolean isDotFloat(String text) {
    if (text.isEmpty() || text.charAt(0) != '.') {
      return false;
    }
    int i = underscoredDigits(text, 1);
    if (i < 0) {
      return false;
    }
    if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      i = underscoredDigits(text, sign(text, i + 1));
      if (i < 0) {
        return false;
      }
    }
    return i == text.length();
  }

  /** Past an optional {@code +} or {@code -} at {@code from}. */
  private static int sign(String text, int from) {
    return from < text.length() && (text.charAt(from) == '+' || text.charAt(from) == '-')
        ? from + 1
        : from;
  }

  /** Past the ASCII digits from {@code from} (none is {@code from}). */
  private static int digits(String text, int from) {
    int i = from;
    while (i < text.length() && isDigit(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /**
   * Past {@code [0-9](_?[0-9])*} from {@code from}: digits, each underscore between two; -1 when no
   * digit is there.
   */
  private static int underscoredDigits(String text, int from) {
    if (from >= text.length() || !isDigit(text.charAt(from))) {
      return -1;
    }
    int i = from + 1;
    while (i < text.length()) {
      if (isDigit(text.charAt(i))) {
        i++;
      } else if (text.charAt(i) == '_' && i + 1 < text.length() && isDigit(text.charAt(i + 1))) {
        i += 2;
      } else {
        break;
      }
    }
    return i;
  }

  /** How many significant digits 2^64 - 1, the largest uint64, has in {@code radix}. */
  private static int uint64Digits(int radix) {
    return switch (radix) {
      case 2 -> 64;
      case 8 -> 22;
      case 16 -> 16;
      default -> 20;
    };
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
