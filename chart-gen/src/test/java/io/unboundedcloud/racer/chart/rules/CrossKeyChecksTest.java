package io.unboundedcloud.racer.chart.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.settings.CrossKeyRule;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@DisplayName("CrossKeyChecks: the chart's cross-key checks, written from CrossKeyRule")
class CrossKeyChecksTest {
  private static final Pattern FAIL_KEY = Pattern.compile("fail \\(printf `settings\\.([A-Z_]+):");

  private final String template = CrossKeyChecks.template();

  @ParameterizedTest(name = "{0}")
  @EnumSource(CrossKeyRule.class)
  @DisplayName("fails with the function's message: the key shown, must be, its requirement")
  void failsWithTheRequirement(CrossKeyRule rule) {
    assertThat(template)
        .contains(
            "fail (printf `settings."
                + rule.key()
                + ": %s: must be "
                + rule.requirement()
                + "; %s".repeat(rule.others().size())
                + "` (include \"racer.settingShown\" (list . \""
                + rule.key()
                + "\"");
  }

  @Test
  @DisplayName("checks the rules in key order, the order of the function's findings")
  void keyOrder() {
    List<String> keys = FAIL_KEY.matcher(template).results().map(m -> m.group(1)).toList();
    assertThat(keys).hasSize(CrossKeyRule.values().length).isSorted();
  }

  @Test
  @DisplayName("reads every operand once, with its catalog default, as a number")
  void operands() {
    assertThat(template)
        .contains(
            "{{- $RACER_SEGMENT_BYTES := include \"racer.settingNumber\" (list ."
                + " \"RACER_SEGMENT_BYTES\" \"67108864\") | int64 -}}");
    assertThat(template.split("\\$RACER_SEGMENT_BYTES :=", -1)).hasSize(2);
  }

  @Test
  @DisplayName("computes each relation in Helm as the Java rule does")
  void relations() {
    assertThat(template)
        .contains("{{- if gt $RACER_ORIGIN_CONNECTIONS_PER_CACHE $RACER_CLIENT_CONNECTIONS -}}")
        .contains("{{- if ne (mod $RACER_SLAB_BYTES $RACER_SEGMENT_BYTES) (int64 0) -}}")
        .contains(
            "{{- if not (lt $RACER_FREE_SEGMENT_RESERVE (div $RACER_SLAB_BYTES"
                + " $RACER_SEGMENT_BYTES)) -}}");
  }
}
