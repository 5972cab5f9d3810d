package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("Rule")
class RuleTest {

  private static final IntegerRange PORT = new IntegerRange(1024, 65535);

  @Nested
  @DisplayName("IntegerRange")
  class IntegerRangeRule {

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"1024", "8082", "65535"})
    @DisplayName("accepts plain decimal digits within the range")
    void accepts(String value) {
      assertThat(PORT.check(value)).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"80", "1023", "65536", "0"})
    @DisplayName("refuses numbers outside the range, naming the range")
    void outside(String value) {
      assertThat(PORT.check(value)).hasValue("must be an integer in 1024..65535");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
        strings = {
          "",
          " 8082",
          "8082 ",
          "+8082",
          "-1",
          "08082",
          "8082.0",
          "8e3",
          "0x1F90",
          "8Ki",
          "256Mi",
          "\u0668\u0660\u0668\u0662",
          "8 082",
          "8_082"
        })
    @DisplayName(
        "refuses anything but plain digits: signs, spaces, units, leading zeros, non-ASCII digits")
    void notPlainDigits(String value) {
      assertThat(PORT.check(value))
          .get(STRING)
          .startsWith("must be an integer in 1024..65535, written as plain decimal digits");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"9223372036854775808", "99999999999999999999", "184467440737095516150"})
    @DisplayName("reports a number too large for a long as a problem, not an exception")
    void overflow(String value) {
      assertThat(IntegerRange.positive().check(value))
          .hasValue("must be a positive integer (at most 9223372036854775807)");
      assertThat(PORT.check(value)).hasValue("must be an integer in 1024..65535 (at most 65535)");
    }

    @Test
    @DisplayName("accepts Long.MAX_VALUE itself for an open range")
    void longMax() {
      assertThat(IntegerRange.positive().check("9223372036854775807")).isEmpty();
    }

    @Test
    @DisplayName("accepts 0 for a range that starts at 0, written as a single digit")
    void zero() {
      IntegerRange fromZero = new IntegerRange(0, 10);
      assertThat(fromZero.check("0")).isEmpty();
      assertThat(fromZero.check("00")).isPresent();
    }

    @ParameterizedTest(name = "{0}..{1}: {2}")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
                1024 | 65535               | 1024..65535
                1    | 9223372036854775807 | positive integer
                2    | 9223372036854775807 | integer >= 2
                1    | 4294967295          | positive 32-bit unsigned integer (1..4294967295)
                1    | 16                  | 1..16
                """)
    @DisplayName("describes itself for the docs table")
    void describe(long min, long max, String expected) {
      assertThat(new IntegerRange(min, max).describe()).isEqualTo(expected);
    }

    @Test
    @DisplayName("the named constructors match the settings reference's wording")
    void namedConstructors() {
      assertThat(IntegerRange.positive()).isEqualTo(new IntegerRange(1, Long.MAX_VALUE));
      assertThat(IntegerRange.atLeast(2)).isEqualTo(new IntegerRange(2, Long.MAX_VALUE));
      assertThat(IntegerRange.atLeast(2).check("1")).hasValue("must be an integer >= 2");
      assertThat(new IntegerRange(1, IntegerRange.UINT32_MAX).check("4294967296"))
          .hasValue("must be a positive 32-bit unsigned integer (1..4294967295)");
    }

    @Test
    @DisplayName(
        "a range of one number accepts that number alone, in check() and in its schema pattern")
    void singleNumber() {
      IntegerRange only = new IntegerRange(8082, 8082);
      assertThat(only.check("8082")).isEmpty();
      assertThat(only.check("8081")).hasValue("must be an integer in 8082..8082");
      assertThat(only.check("8083")).hasValue("must be an integer in 8082..8082");
      Pattern pattern = Pattern.compile((String) only.jsonSchema().get("pattern"));
      assertThat(pattern.matcher("8082").matches()).isTrue();
      assertThat(pattern.matcher("8081").matches()).isFalse();
      assertThat(pattern.matcher("8083").matches()).isFalse();
    }

    @Test
    @DisplayName("refuses a negative or inverted range at construction")
    void badRange() {
      assertThatThrownBy(() -> new IntegerRange(-1, 5))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> new IntegerRange(5, 4)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Nested
  @DisplayName("Choice")
  class ChoiceRule {

    private final Choice bool = Choice.of("true", "false");
    private final Choice nvidia = new Choice(List.of("off", "env", "cdi"), true);

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"True", "TRUE", " true", "true ", "1", "yes", ""})
    @DisplayName("a boolean is exactly true or false: case, spaces and empty are refused")
    void exactBooleans(String value) {
      assertThat(bool.check(value)).hasValue("must be exactly true or false");
    }

    @Test
    @DisplayName("empty is accepted only where the rule allows it, and then means the default")
    void empty() {
      assertThat(nvidia.check("")).isEmpty();
      assertThat(nvidia.check("env")).isEmpty();
      assertThat(nvidia.check("gpu"))
          .hasValue("must be one of off, env, cdi, or empty for the default");
      assertThat(Choice.of("auto", "true", "false").check(""))
          .hasValue("must be one of auto, true, false");
    }

    @Test
    @DisplayName("describes itself for the docs table")
    void describe() {
      assertThat(bool.describe()).isEqualTo("`true` or `false`");
      assertThat(Choice.of("auto", "true", "false").describe())
          .isEqualTo("`auto`, `true`, `false`");
      assertThat(nvidia.describe()).isEqualTo("`off`, `env`, `cdi`; empty means the default");
    }

    @Test
    @DisplayName("keeps its own copy of the values and refuses \"\" as a word")
    void values() {
      List<String> words = new ArrayList<>(List.of("a", "b"));
      Choice choice = new Choice(words, false);
      words.add("c");
      assertThat(choice.values()).containsExactly("a", "b");
      assertThatThrownBy(() -> Choice.of("a", "")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> Choice.of()).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Nested
  @DisplayName("ChoiceOrRange")
  class ChoiceOrRangeRule {

    private final ChoiceOrRange seats = new ChoiceOrRange(List.of("auto"), 1, 16);

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"auto", "1", "8", "16"})
    @DisplayName("accepts the word or a number in range")
    void accepts(String value) {
      assertThat(seats.check(value)).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
        strings = {"", "0", "17", "Auto", "auto ", "01", "+1", "-1", "99999999999999999999"})
    @DisplayName("refuses anything else, naming both halves of the rule")
    void refuses(String value) {
      assertThat(seats.check(value)).hasValue("must be auto or an integer in 1..16");
    }

    @Test
    @DisplayName("describes itself for the docs table")
    void describe() {
      assertThat(seats.describe()).isEqualTo("`auto` or 1..16");
    }
  }

  @Nested
  @DisplayName("jsonSchema()")
  class JsonSchema {

    @Test
    @DisplayName(
        "is a string schema with a pattern for ranges and an enum for choices, in a fixed key order")
    void shapes() {
      assertThat(PORT.jsonSchema())
          .containsOnlyKeys("type", "pattern")
          .containsEntry("type", "string");
      assertThat(PORT.jsonSchema().keySet()).containsExactly("type", "pattern");
      assertThat(new Choice(List.of("off", "env", "cdi"), true).jsonSchema())
          .containsExactly(
              Map.entry("type", "string"), Map.entry("enum", List.of("off", "env", "cdi", "")));
      assertThat(new ChoiceOrRange(List.of("auto"), 1, 16).jsonSchema())
          .containsExactly(
              Map.entry("type", "string"), Map.entry("pattern", "^(?:auto|[1-9]|1[0-6])$"));
    }

    @ParameterizedTest(name = "{0}..{1}: {2}")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
                1  | 99999 | ^(?:[1-9][0-9]{0,4})$
                10 | 999   | ^(?:[1-9][0-9]{1,2})$
                1  | 9     | ^(?:[1-9])$
                """)
    @DisplayName(
        "writes the digit counts a range covers whole as one alternative, as Helm's error shows it")
    void wholeDigitCounts(long min, long max, String expected) {
      assertThat(new IntegerRange(min, max).jsonSchema()).containsEntry("pattern", expected);
    }

    @Test
    @DisplayName("a word with regex metacharacters matches only itself, as check() accepts it")
    void wordsAreLiteral() {
      ChoiceOrRange rule = new ChoiceOrRange(List.of("a\\b", "x.y|z", "(auto)"), 1, 2);
      for (String value :
          List.of(
              "a\\b", "x.y|z", "(auto)", "ab", "a\\", "xay|z", "x", "z", "auto", "1", "2", "3")) {
        assertThat(schemaAccepts(rule.jsonSchema(), value))
            .as(value)
            .isEqualTo(rule.accepts(value));
      }
      assertThat(rule.accepts("a\\b")).isTrue();
    }

    @Test
    @DisplayName("gives a fresh map on each call, so a generator may add to it")
    void fresh() {
      Map<String, Object> first = PORT.jsonSchema();
      first.put("description", "mine");
      assertThat(PORT.jsonSchema()).doesNotContainKey("description");
    }

    @ParameterizedTest(name = "{0} with \"{1}\"")
    @MethodSource("io.unboundedcloud.racer.workload.settings.RuleTest#catalogProbes")
    @DisplayName("accepts exactly what check() accepts, for every catalog key")
    void agreesWithCheck(String key, String value) {
      Rule rule = SettingsCatalog.key(key).orElseThrow().rule();
      assertThat(schemaAccepts(rule.jsonSchema(), value)).isEqualTo(rule.accepts(value));
    }

    @Test
    @DisplayName(
        "a range pattern matches exactly the numbers in range, for random ranges and values")
    void rangePatternProperty() {
      Random random = new Random(20261129L);
      for (int round = 0; round < 400; round++) {
        long a = randomUnsigned(random);
        long b = randomUnsigned(random);
        IntegerRange range = new IntegerRange(Math.min(a, b), Math.max(a, b));
        Pattern pattern = Pattern.compile((String) range.jsonSchema().get("pattern"));
        for (long value : probesAround(range, random)) {
          boolean inRange = value >= range.min() && value <= range.max();
          assertThat(pattern.matcher(Long.toString(value)).find())
              .as("%s against %s", value, range)
              .isEqualTo(inRange);
        }
      }
    }

    private static long randomUnsigned(Random random) {
      // Mix magnitudes: small numbers, round powers of ten and anything up to Long.MAX_VALUE.
      return switch (random.nextInt(4)) {
        case 0 -> random.nextInt(200);
        case 1 -> (long) Math.pow(10, random.nextInt(19)) - random.nextInt(2);
        case 2 -> random.nextLong() >>> random.nextInt(64);
        default -> random.nextLong() & Long.MAX_VALUE;
      };
    }

    private static List<Long> probesAround(IntegerRange range, Random random) {
      List<Long> probes =
          new ArrayList<>(
              List.of(0L, 1L, 9L, 10L, 99L, 100L, Long.MAX_VALUE, range.min(), range.max()));
      if (range.min() > 0) {
        probes.add(range.min() - 1);
      }
      if (range.max() < Long.MAX_VALUE) {
        probes.add(range.max() + 1);
      }
      for (int i = 0; i < 20; i++) {
        probes.add(randomUnsigned(random));
        long span = range.max() - range.min();
        probes.add(range.min() + (span == 0 ? 0 : (random.nextLong() & Long.MAX_VALUE) % span));
      }
      return probes;
    }
  }

  /** Every catalog key crossed with boundary values, garbage and every word any rule knows. */
  static Stream<Arguments> catalogProbes() {
    List<String> common =
        List.of(
            "",
            "0",
            "1",
            "2",
            "16",
            "17",
            "64",
            "65",
            "1023",
            "1024",
            "65535",
            "65536",
            "-1",
            "+5",
            " 5",
            "5 ",
            "0080",
            "256Mi",
            "1e3",
            "auto",
            "Auto",
            "true",
            "false",
            "TRUE",
            "off",
            "env",
            "cdi",
            "none",
            "4294967295",
            "4294967296",
            "9223372036854775807",
            "9223372036854775808",
            "99999999999999999999",
            "\u0663",
            "1\n",
            "a|b",
            "auto|5");
    return SettingsCatalog.keys().stream()
        .flatMap(
            key -> {
              List<String> values = new ArrayList<>(common);
              if (key.defaultValue() != null) {
                values.add(key.defaultValue());
              }
              if (key.rule() instanceof IntegerRange range) {
                values.add(Long.toString(range.min()));
                values.add(Long.toString(range.max()));
                values.add(Long.toString(range.min() - 1));
                values.add(
                    range.max() == Long.MAX_VALUE
                        ? "9223372036854775808"
                        : Long.toString(range.max() + 1));
              }
              return values.stream().map(value -> Arguments.of(key.name(), value));
            });
  }

  /**
   * What a draft-07 validator does with these fragments: type string, then enum membership or
   * pattern search.
   */
  @SuppressWarnings("unchecked")
  private static boolean schemaAccepts(Map<String, Object> schema, String value) {
    assertThat(schema).containsEntry("type", "string");
    if (schema.containsKey("enum")) {
      return ((List<String>) schema.get("enum")).contains(value);
    }
    // Our patterns anchor themselves, so an ECMA-262 search is a whole-string match. matches(), not
    // find(): Java's $ also matches before a final newline, which ECMA-262 and Go's $ do not.
    return Pattern.compile((String) schema.get("pattern")).matcher(value).matches();
  }
}
