package io.unboundedcloud.racer.krm.inputs;

import java.math.BigInteger;
import java.util.Set;

/**
 * What a plain (unquoted, untagged) YAML scalar is to the tools that send manifests to the API
 * server: kubectl, Helm and Argo CD read YAML with go-yaml v2 (through {@code sigs.k8s.io/yaml})
 * into untyped values, then JSON. Its rules are YAML 1.1's booleans and nulls and Go's number
 * syntax, not snakeyaml's: {@code y} and {@code n} are booleans; {@code 0o17} and {@code +.5} are
 * numbers; {@code 1e5} (an exponent without a sign), {@code 1.}, {@code 12:30} (YAML 1.1's base 60)
 * and timestamps ({@code 2026-11-30}, which go-yaml v2 hands on as their text) are strings.
 */
enum KubectlScalar {
  STRING,
  NUMBER,
  BOOLEAN,
  NULL;

  private static final Set<String> BOOLEANS =
      Set.of(
          "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
          "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
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
  static KubectlScalar of(String text) {
    if (NULLS.contains(text)) {
      return NULL;
    }
    if (BOOLEANS.contains(text)) {
      return BOOLEAN;
    }
    if (SPECIAL_FLOATS.contains(text)) {
      return NUMBER;
    }
    char first = text.charAt(0);
    if (first == '.') {
      return isDotFloat(text) ? NUMBER : STRING;
    }
    if (first != '+' && first != '-' && (first < '0' || first > '9')) {
      return STRING;
    }
    // a timestamp (four digits and a dash first) is handed on as its text, and is no number either
    String plain = text.replace("_", "");
    if (isInteger(plain)) {
      return NUMBER;
    }
    if (isSignedExponentFloat(plain) && Double.isFinite(Double.parseDouble(plain))) {
      return NUMBER;
    }
    return STRING;
  }

  /**
   * Go's {@code strconv.ParseInt(text, 0, 64)}, or {@code ParseUint} for what int64 cannot hold.
   */
  private static boolean isInteger(String text) {
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
      return false;
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c > 0x7f || Character.digit(c, radix) < 0) { // Go reads ASCII digits only
        return false;
      }
    }
    int first = 0;
    while (first < digits.length() - 1 && digits.charAt(first) == '0') {
      first++;
    }
    if (digits.length() - first > uint64Digits(radix)) {
      return false; // beyond uint64 whatever the sign; parsing it would cost its length squared
    }
    BigInteger value = new BigInteger(digits.substring(first), radix);
    if (text.startsWith("-")) {
      value = value.negate();
    }
    boolean int64 = value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0;
    return int64 || !signed && value.compareTo(UINT64_MAX) <= 0;
  }

  /**
   * go-yaml v2's float syntax for text that starts with a digit or a sign, {@code
   * [-+]?[0-9]*\.?[0-9]+([eE][-+][0-9]+)?} (an exponent needs its sign), read in one pass: as a
   * backtracking expression it cost the square of the length of an almost-number such as {@code 1}
   * followed by digits and an {@code x}.
   */
  static boolean isSignedExponentFloat(String text) {
    int i = sign(text, 0);
    int whole = digits(text, i);
    i = whole;
    if (i < text.length() && text.charAt(i) == '.') {
      int fraction = digits(text, i + 1);
      if (fraction == i + 1) {
        return false;
      }
      i = fraction;
    } else if (whole == sign(text, 0)) {
      return false;
    }
    if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      int exponentSign = i + 1;
      if (exponentSign >= text.length()
          || text.charAt(exponentSign) != '+' && text.charAt(exponentSign) != '-') {
        return false;
      }
      int exponent = digits(text, exponentSign + 1);
      if (exponent == exponentSign + 1) {
        return false;
      }
      i = exponent;
    }
    return i == text.length();
  }

  /**
   * Go's float literal that starts with a dot, {@code \.[0-9](_?[0-9])*([eE][-+]?[0-9](_?[0-9])*)?}
   * (go-yaml v2 parses those with Go's own float parser), read in one pass: as an expression its
   * repeated group recursed once per digit, and a dot with 20,000 digits overflowed the stack.
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
