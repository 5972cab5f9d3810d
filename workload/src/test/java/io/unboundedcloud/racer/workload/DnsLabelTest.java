package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("DnsLabel, the one DNS-1123 label rule")
class DnsLabelTest {
  private static final List<String> LABELS =
      List.of("a", "0", "racer", "racer-system", "gpu-2", "a".repeat(63));
  private static final List<String> NOT_LABELS =
      List.of(
          "",
          "-racer",
          "racer-",
          "Racer",
          "racer_system",
          "racer.system",
          "racer system",
          "a".repeat(64),
          "rácer");

  /**
   * As the chart's schema applies a pattern: anywhere in the value, so the anchors do the work.
   * (Java's {@code $} also matches before a final newline, where Go's and ECMA-262's do not: such
   * values are left to {@link IsLabel}.)
   */
  private static boolean found(String pattern, String value) {
    return Pattern.compile(pattern).matcher(value).find();
  }

  @Nested
  @DisplayName("isLabel")
  class IsLabel {
    @Test
    @DisplayName(
        "takes lowercase letters, digits and '-', 1 to 63 characters, a letter or digit at both ends")
    void labels() {
      assertThat(LABELS).allMatch(DnsLabel::isLabel);
    }

    @Test
    @DisplayName(
        "refuses empty, uppercase, '_', '.', spaces, 64 characters, a '-' at either end, and null")
    void notLabels() {
      assertThat(NOT_LABELS).noneMatch(DnsLabel::isLabel);
      assertThat(DnsLabel.isLabel("racer\n")).as("a trailing newline").isFalse();
      assertThat(DnsLabel.isLabel(null)).isFalse();
    }
  }

  @Nested
  @DisplayName("the patterns the chart checks names with")
  class Patterns {
    @Test
    @DisplayName("PATTERN matches exactly the values isLabel takes")
    void pattern() {
      assertThat(LABELS).allMatch(label -> found(DnsLabel.PATTERN, label));
      assertThat(NOT_LABELS).noneMatch(value -> found(DnsLabel.PATTERN, value));
    }

    @Test
    @DisplayName("OPTIONAL_PATTERN also takes the empty string, and nothing else isLabel refuses")
    void optionalPattern() {
      assertThat(LABELS).allMatch(label -> found(DnsLabel.OPTIONAL_PATTERN, label));
      assertThat(found(DnsLabel.OPTIONAL_PATTERN, "")).isTrue();
      assertThat(NOT_LABELS.subList(1, NOT_LABELS.size()))
          .noneMatch(value -> found(DnsLabel.OPTIONAL_PATTERN, value));
    }
  }
}
