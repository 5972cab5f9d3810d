package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The types go-yaml v2 gives plain scalars when kubectl, Helm or Argo CD read a manifest: its
 * resolve table (YAML 1.1's booleans and nulls, {@code .inf} and {@code .nan}), Go's {@code
 * strconv.ParseInt} with base 0 after dropping underscores, its float pattern (an exponent needs a
 * sign) and Go's own float parser for text that starts with a dot. Where snakeyaml, a YAML 1.1
 * reader too, types a value otherwise, the row says so.
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
      1e5
      1E10
      1.
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
      "strings: an exponent without a sign, a trailing dot, base 60 and timestamps (all numbers or dates to"
          + " snakeyaml), broken numbers, hex beyond int64 and uint64 (no float pattern takes them), out-of-range floats, non-ASCII digits, other words")
  void strings(String text) {
    assertThat(KubectlScalar.of(text)).isEqualTo(KubectlScalar.STRING);
  }

  @Test
  @DisplayName("an empty value is null")
  void empty() {
    assertThat(KubectlScalar.of("")).isEqualTo(KubectlScalar.NULL);
  }
}
