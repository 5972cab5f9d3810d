package io.unboundedcloud.racer.krm.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The types go-yaml v2 gives plain scalars when kubectl, Helm or Argo CD read a manifest: its
 * resolve table (YAML 1.1's booleans and nulls, {@code .inf} and {@code .nan}), Go's {@code
 * strconv.ParseInt} with base 0 after dropping underscores, its float pattern {@code
 * ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$} (from go-yaml v2.4.0's resolve.go), its
 * fallback for {@code 0b} followed by a sign, and Go's own float parser for text that starts with a
 * dot. Where snakeyaml, a YAML 1.1 reader too, types a value otherwise, the row says so.
 */
@DisplayName("A plain scalar, typed as kubectl, Helm and Argo CD read it (go-yaml v2)")
class KubectlScalarTest {

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      9100                  | NUMBER
      -1                    | NUMBER
      +5                    | NUMBER
      0                     | NUMBER
      1_000                 | NUMBER
      0x1F                  | NUMBER
      -0x1f                 | NUMBER
      0o17                  | NUMBER
      0b101                 | NUMBER
      0755                  | NUMBER
      08                    | NUMBER
      18446744073709551615  | NUMBER
      -0x8000000000000000   | NUMBER
      +0x7FFFFFFFFFFFFFFF   | NUMBER
      0xFFFFFFFFFFFFFFFF    | NUMBER
      99999999999999999999  | NUMBER
      1.5                   | NUMBER
      +.5                   | NUMBER
      .5                    | NUMBER
      .5e3                  | NUMBER
      1e+5                  | NUMBER
      1.5E-3                | NUMBER
      .inf                  | NUMBER
      -.Inf                 | NUMBER
      .NaN                  | NUMBER
      1e5                   | NUMBER
      1E10                  | NUMBER
      1.                    | NUMBER
      1.e5                  | NUMBER
      -1.E-5                | NUMBER
      1e1_0                 | NUMBER
      0b-101                | NUMBER
      0b+1                  | NUMBER
      0B101                 | NUMBER
      0X1F                  | NUMBER
      .5_5                  | NUMBER
      """)
  @DisplayName(
      "numbers: Go's integer syntax (hex, octal with 0 or 0o, binary, underscores), floats")
  void numbers(String text, KubectlScalar type) {
    assertThat(KubectlScalar.of(text)).isEqualTo(type);
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      true   | BOOLEAN
      False  | BOOLEAN
      y      | BOOLEAN
      Y      | BOOLEAN
      n      | BOOLEAN
      N      | BOOLEAN
      yes    | BOOLEAN
      NO     | BOOLEAN
      on     | BOOLEAN
      Off    | BOOLEAN
      ~      | NULL
      null   | NULL
      NULL   | NULL
      """)
  @DisplayName(
      "booleans and nulls: YAML 1.1's words, y and n among them (snakeyaml reads y and n as strings)")
  void booleansAndNulls(String text, KubectlScalar type) {
    assertThat(KubectlScalar.of(text)).isEqualTo(type);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      12:30
      190:20:30
      2026-11-30
      2026-11-30T10:00:00Z
      0x
      0b2
      09.5.1
      -
      .
      ..5
      .e5
      1e+400
      1e400
      .5e400
      0b-
      0b-2
      -0b-1
      0B-1
      0x1p3
      ._5
      .5_
      .5e_1
      0x10000000000000000
      -0x8000000000000001
      +0xFFFFFFFFFFFFFFFF
      yess
      TRUE!
      Nope
      1Gi
      ٣
      1٣
      _1
      '<<'
      """)
  @DisplayName(
      "strings: base 60 and timestamps (numbers or dates to snakeyaml), broken numbers, hex beyond int64 and uint64 (no float pattern takes them), out-of-range floats, non-ASCII digits, other words")
  void strings(String text) {
    assertThat(KubectlScalar.of(text)).isEqualTo(KubectlScalar.STRING);
  }

  @ParameterizedTest(name = "{0} is {1}")
  @org.junit.jupiter.params.provider.MethodSource("forms")
  @DisplayName("every form generated from resolve.go's tables is typed as go-yaml v2.4 types it")
  void generatedForms(String text, KubectlScalar type) {
    assertThat(KubectlScalar.of(text)).isEqualTo(type);
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> forms() {
    return KubectlScalarForms.all().stream()
        .map(f -> org.junit.jupiter.params.provider.Arguments.of(f.text(), f.type()));
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      9100                  | 9100
      0x1F                  | 31
      -0x1f                 | -31
      0o17                  | 15
      012                   | 10
      1_000                 | 1000
      0b101                 | 5
      0b-101                | -5
      18446744073709551615  | 18446744073709551615
      -0x8000000000000000   | -9223372036854775808
      """)
  @DisplayName("an integer's value: Go's ParseInt with base 0, underscores dropped, or ParseUint")
  void integerValues(String text, String value) {
    assertThat(KubectlScalar.value(text)).isEqualTo(new BigInteger(value));
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      1e3      | 1000.0
      1.       | 1.0
      1.5      | 1.5
      .5_5     | 0.55
      08       | 8.0
      -1E-3    | -0.001
      .inf     | Infinity
      -.Inf    | -Infinity
      .NaN     | NaN
      99999999999999999999 | 1.0E20
      """)
  @DisplayName("a float's value: Go's ParseFloat, finite, or one of the listed words")
  void floatValues(String text, double value) {
    assertThat(KubectlScalar.value(text)).isEqualTo(value);
  }

  @Test
  @DisplayName("a boolean's value: true for y, yes, on, true in each spelling, false for the rest")
  void booleanValues() {
    for (String yes : List.of("y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True")) {
      assertThat(KubectlScalar.value(yes)).as(yes).isEqualTo(true);
    }
    for (String no : List.of("n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "FALSE")) {
      assertThat(KubectlScalar.value(no)).as(no).isEqualTo(false);
    }
    assertThat(KubectlScalar.value("~")).isNull();
    assertThat(KubectlScalar.value("1e400")).isEqualTo("1e400");
    assertThat(KubectlScalar.value("2026-11-30")).isEqualTo("2026-11-30");
  }

  @Test
  @DisplayName("an empty value is null")
  void empty() {
    assertThat(KubectlScalar.of("")).isEqualTo(KubectlScalar.NULL);
  }

  @Nested
  @DisplayName("read in one pass, the same as the expressions it replaces")
  class OnePass {
    private static final String ALPHABET = "019+-.eE_xob8a:";

    @Test
    @DisplayName(
        "every string of up to 4 characters of digits, signs, dots, e/E, _, x/o/b, a and :")
    void everyShortString() {
      List<String> texts = new ArrayList<>(List.of(""));
      List<String> mismatches = new ArrayList<>();
      for (int length = 1; length <= 4; length++) {
        List<String> longer = new ArrayList<>();
        for (String text : texts) {
          for (char c : ALPHABET.toCharArray()) {
            longer.add(text + c);
          }
        }
        texts = longer;
        for (String text : texts) {
          compare(text, mismatches);
        }
      }
      assertThat(texts).hasSize((int) Math.pow(ALPHABET.length(), 4));
      assertThat(mismatches).isEmpty();
    }

    @Test
    @Tag("slow")
    @DisplayName("100,000 generated strings of 5 to 40 characters, numbers and near-numbers")
    void generatedStrings() {
      Random random = new Random(41);
      String[] pieces = {
        "0",
        "1",
        "9",
        "12",
        "000",
        "_",
        "+",
        "-",
        ".",
        "e",
        "E",
        "e+",
        "E-",
        "0x",
        "0o",
        "0b",
        "ff",
        "18446744073709551615",
        "9223372036854775808",
        "x",
        ":",
        "1e400",
        "a"
      };
      List<String> mismatches = new ArrayList<>();
      int numbers = 0;
      for (int n = 0; n < 100_000; n++) {
        StringBuilder text = new StringBuilder();
        int count = 1 + random.nextInt(8);
        for (int i = 0; i < count && text.length() < 40; i++) {
          text.append(pieces[random.nextInt(pieces.length)]);
        }
        compare(text.toString(), mismatches);
        numbers += KubectlScalar.of(text.toString()) == KubectlScalar.NUMBER ? 1 : 0;
      }
      assertThat(mismatches).isEmpty();
      assertThat(numbers).as("numbers among them").isGreaterThan(5_000);
    }

    private void compare(String text, List<String> mismatches) {
      KubectlScalar now = KubectlScalar.of(text);
      KubectlScalar before = Expressions.of(text);
      if (now != before) {
        mismatches.add(text + ": " + now + ", expressions: " + before);
      }
    }
  }

  @Nested
  @Tag("slow")
  @DisplayName("a value of a megabyte is typed, not a crash")
  class Megabyte {
    private static final int SIZE = 1 << 20;

    @Test
    @DisplayName(
        "1, a megabyte of digits, x: a string (its float expression cost the length squared)")
    void almostANumber() {
      assertThat(KubectlScalar.of("1" + "5".repeat(SIZE) + "x")).isEqualTo(KubectlScalar.STRING);
    }

    @Test
    @DisplayName("a megabyte of digits: beyond uint64 and float64, so a string, not parsed whole")
    void allDigits() {
      assertThat(KubectlScalar.of("7".repeat(SIZE))).isEqualTo(KubectlScalar.STRING);
      assertThat(KubectlScalar.of("0".repeat(SIZE) + "1")).isEqualTo(KubectlScalar.NUMBER);
      assertThat(KubectlScalar.of("0." + "7".repeat(SIZE))).isEqualTo(KubectlScalar.NUMBER);
    }

    @Test
    @DisplayName("a dot and a megabyte of digits: a number (its expression overflowed the stack)")
    void dotAndDigits() {
      assertThat(KubectlScalar.of("." + "3_3".repeat(SIZE / 3))).isEqualTo(KubectlScalar.NUMBER);
      assertThat(KubectlScalar.of("." + "3".repeat(SIZE) + "x")).isEqualTo(KubectlScalar.STRING);
    }
  }

  /**
   * The oracle: the expressions KubectlScalar matched before it read in one pass, and its integers
   * parsed whole with BigInteger (their syntax here written as one expression).
   */
  private static final class Expressions {
    private static final Pattern YAML_STYLE_FLOAT =
        Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    private static final Pattern SIGNED_BINARY = Pattern.compile("0b[-+]([01]+)");
    private static final Pattern DOT_FLOAT =
        Pattern.compile("\\.[0-9](_?[0-9])*([eE][-+]?[0-9](_?[0-9])*)?");
    private static final BigInteger INT64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigInteger UINT64_MAX =
        BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    static KubectlScalar of(String text) {
      KubectlScalar word = KubectlScalar.of(text);
      if (text.isEmpty() || word == KubectlScalar.NULL || word == KubectlScalar.BOOLEAN) {
        return word; // the word tables are unchanged
      }
      if (text.charAt(0) == '.') {
        return text.matches("\\.(nan|NaN|NAN|inf|Inf|INF)")
                || DOT_FLOAT.matcher(text).matches()
                    && Double.isFinite(Double.parseDouble(text.replace("_", "")))
            ? KubectlScalar.NUMBER
            : KubectlScalar.STRING;
      }
      char first = text.charAt(0);
      if (first != '+' && first != '-' && (first < '0' || first > '9')) {
        return KubectlScalar.STRING;
      }
      if (text.matches("[-+]\\.(inf|Inf|INF)")) {
        return KubectlScalar.NUMBER;
      }
      String plain = text.replace("_", "");
      if (isInteger(plain)) {
        return KubectlScalar.NUMBER;
      }
      if (YAML_STYLE_FLOAT.matcher(plain).matches() && Double.isFinite(Double.parseDouble(plain))) {
        return KubectlScalar.NUMBER;
      }
      java.util.regex.Matcher binary = SIGNED_BINARY.matcher(plain);
      if (binary.matches() && binary.group(1).length() <= 80) {
        BigInteger value = new BigInteger(plain.substring(2), 2);
        if (value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0) {
          return KubectlScalar.NUMBER;
        }
      }
      return KubectlScalar.STRING;
    }

    /** Go's integer syntax: hex, octal (0o or a leading 0), binary and decimal digits. */
    private static final Pattern INTEGER =
        Pattern.compile(
            "[-+]?(?:0[xX]([0-9a-fA-F]+)|0[oO]([0-7]+)|0[bB]([01]+)|0([0-7]+)|([1-9][0-9]*|0))");

    private static boolean isInteger(String text) {
      java.util.regex.Matcher integer = INTEGER.matcher(text);
      if (!integer.matches()) {
        return false;
      }
      int[] radixes = {0, 16, 8, 2, 8, 10};
      int group = 1;
      while (integer.group(group) == null) {
        group++;
      }
      String digits = integer.group(group);
      int radix = radixes[group];
      boolean signed = text.startsWith("+") || text.startsWith("-");
      BigInteger value = new BigInteger(digits, radix);
      if (text.startsWith("-")) {
        value = value.negate();
      }
      boolean int64 = value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0;
      return int64 || !signed && value.compareTo(UINT64_MAX) <= 0;
    }
  }
}
