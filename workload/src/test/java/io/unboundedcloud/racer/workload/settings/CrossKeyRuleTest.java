package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@DisplayName("CrossKeyRule: the one table of rules that relate tuning keys")
class CrossKeyRuleTest {

  @ParameterizedTest(name = "{0}")
  @EnumSource(CrossKeyRule.class)
  @DisplayName("reads only catalog keys with a numeric default, as an unset key counts with it")
  void operandsHaveDefaults(CrossKeyRule rule) {
    assertThat(rule.operands())
        .allSatisfy(
            key ->
                assertThat(SettingsCatalog.key(key))
                    .hasValueSatisfying(
                        known -> assertThat(known.defaultValue()).matches("[1-9][0-9]*")));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CrossKeyRule.class)
  @DisplayName(
      "has a %d verb in its requirement exactly when it shows a figure (Go's printf and Java's"
          + " String.format both fill it)")
  void figureVerb(CrossKeyRule rule) {
    assertThat(rule.requirement().contains("%d")).isEqualTo(rule.hasFigure());
    assertThat(rule.requirement().replace("%d", "")).doesNotContain("%");
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CrossKeyRule.class)
  @DisplayName("names every other key it compares in its requirement")
  void requirementNamesTheOthers(CrossKeyRule rule) {
    assertThat(rule.others()).allSatisfy(other -> assertThat(rule.requirement()).contains(other));
  }

  @Test
  @DisplayName("a broken rule's finding is the key shown, its requirement, then the others shown")
  void message() {
    assertThat(
            SettingsCatalog.validate(
                Map.of("RACER_SEGMENT_BYTES", "600000000", "RACER_SLAB_BYTES", "1200000000")))
        .extracting(Finding::message)
        .containsExactly(
            "RACER_FREE_SEGMENT_RESERVE is \"2\" (the default): must be fewer than RACER_SLAB_BYTES"
                + " / RACER_SEGMENT_BYTES (2 segments); RACER_SLAB_BYTES is \"1200000000\";"
                + " RACER_SEGMENT_BYTES is \"600000000\"");
  }
}
