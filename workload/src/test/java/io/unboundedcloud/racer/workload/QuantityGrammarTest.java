package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("QuantityGrammar: the quantities a user writes, as the API server reads them")
class QuantityGrammarTest {
  static Stream<String> texts() {
    return QuantityTexts.all().stream();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @MethodSource("texts")
  @DisplayName("admits exactly what the documented grammar takes, not negative")
  void agreesWithTheDocumentedGrammar(String text) {
    assertThat(QuantityGrammar.admits(text)).isEqualTo(QuantityTexts.admitted(text));
  }

  @Nested
  @DisplayName("the generated class")
  class TheClass {
    @Test
    @DisplayName("holds admitted texts in every suffix form and refused ones of every kind")
    void bothSides() {
      List<String> all = QuantityTexts.all();
      for (String suffix : QuantityTexts.SUFFIXES) {
        if (suffix.equals(QuantityTexts.TOO_LONG_EXPONENT)) {
          continue;
        }
        assertThat(all).as(suffix).anyMatch(t -> t.endsWith(suffix) && QuantityGrammar.admits(t));
      }
      assertThat(all)
          .filteredOn(t -> !QuantityGrammar.admits(t))
          .contains("512MiB", "lots", "-512", "", " ", "1 Gi", "512e1.5", "512mi", "Mi", "512e")
          .hasSizeGreaterThan(200);
    }
  }

  @Nested
  @DisplayName("where users slip")
  class Slips {
    @Test
    @DisplayName("a byte unit, a lowercase binary suffix, an unknown suffix are refused")
    void units() {
      assertThat(List.of("512MiB", "1GB", "1Gb", "512mi", "1kb", "1K", "1x", "1Mii"))
          .noneMatch(QuantityGrammar::admits);
    }

    @Test
    @DisplayName("a sign: + and -0 are taken, a negative value is not")
    void signs() {
      assertThat(List.of("+1Gi", "-0", "-0.0Mi", "+.5")).allMatch(QuantityGrammar::admits);
      assertThat(List.of("-512Mi", "-1", "-.5", "-0.1", "--0")).noneMatch(QuantityGrammar::admits);
    }

    @Test
    @DisplayName(
        "spaces around, Unicode's too, are taken (the API server trims them); inside, or tabs, not")
    void spaces() {
      assertThat(List.of(" 1Gi", "1Gi ", "  1Gi  ", "1Gi\u00a0", "\u30001Gi"))
          .allMatch(QuantityGrammar::admits);
      assertThat(List.of("1 Gi", "5 12Mi", "1. 5", "1\u00a0Gi", "\t1Gi", "1Gi\n", "\u20281Gi"))
          .noneMatch(QuantityGrammar::admits);
    }

    @Test
    @DisplayName("an exponent is a signed integer of at most 18 significant digits")
    void exponents() {
      assertThat(List.of("2e3", "2E3", "2e+3", "2e-3", "1e000123456789012345678"))
          .allMatch(QuantityGrammar::admits);
      assertThat(List.of("2e", "2e+", "2e1.5", "2ee3", "1e1234567890123456789"))
          .noneMatch(QuantityGrammar::admits);
    }
  }

  @Test
  @DisplayName(
      "a value of a million digits is judged, not a stack overflow (no recursion per digit)")
  void longValues() {
    String digits = "1".repeat(1_000_000);
    assertThat(QuantityGrammar.admits(digits + "Mi")).isTrue();
    assertThat(QuantityGrammar.admits(digits + "x")).isFalse();
    assertThat(QuantityGrammar.admits("1e" + "0".repeat(1_000_000) + "x")).isFalse();
  }

  @Test
  @DisplayName("the message names the value and shows examples, as a format the chart shares")
  void message() {
    assertThat(String.format(QuantityGrammar.MESSAGE, "the string \"1Gb\""))
        .startsWith("expected a quantity such as 100Mi or 0.5, found the string \"1Gb\": ")
        .contains("512Mi", "no sign");
  }
}
