package io.unboundedcloud.racer.krm.inputs;

import java.math.BigInteger;
import java.util.Set;
import java.util.regex.Pattern;

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

  /**
   * go-yaml v2's float syntax for text that starts with a digit or a sign: an exponent needs its
   * sign.
   */
  private static final Pattern SIGNED_EXPONENT_FLOAT =
      Pattern.compile("[-+]?[0-9]*\\.?[0-9]+([eE][-+][0-9]+)?");

  /**
   * Go's float literal that starts with a dot (go-yaml v2 parses those with Go's own float parser).
   */
  private static final Pattern DOT_FLOAT =
      Pattern.compile("\\.[0-9](_?[0-9])*([eE][-+]?[0-9](_?[0-9])*)?");

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
      return DOT_FLOAT.matcher(text).matches() ? NUMBER : STRING;
    }
    if (first != '+' && first != '-' && (first < '0' || first > '9')) {
      return STRING;
    }
    // a timestamp (four digits and a dash first) is handed on as its text, and is no number either
    String plain = text.replace("_", "");
    if (isInteger(plain)) {
      return NUMBER;
    }
    if (SIGNED_EXPONENT_FLOAT.matcher(plain).matches()
        && Double.isFinite(Double.parseDouble(plain))) {
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
    BigInteger value = new BigInteger(digits, radix);
    if (text.startsWith("-")) {
      value = value.negate();
    }
    boolean int64 = value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0;
    return int64 || !signed && value.compareTo(UINT64_MAX) <= 0;
  }
}
