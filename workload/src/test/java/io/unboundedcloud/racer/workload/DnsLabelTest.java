package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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

  @Nested
  @DisplayName("isLabel reads a value in one pass, the same as EXPRESSION matched by Java")
  class SameAsExpression {
    private final Pattern expression = Pattern.compile(DnsLabel.EXPRESSION);
    private final List<String> mismatches = new ArrayList<>();

    @Test
    @DisplayName(
        "every string of up to 5 of a, 0, -, A, _ and .; and 20,000 of 55 to 70 characters")
    void generated() {
      List<String> texts = new ArrayList<>(List.of(""));
      for (int length = 1; length <= 5; length++) {
        List<String> longer = new ArrayList<>();
        for (String text : texts) {
          for (char c : "a0-A_.".toCharArray()) {
            longer.add(text + c);
          }
        }
        texts = longer;
        texts.forEach(this::compare);
      }
      Random random = new Random(41);
      for (int n = 0; n < 20_000; n++) {
        char[] text = new char[55 + random.nextInt(16)];
        for (int i = 0; i < text.length; i++) {
          text[i] = "abz09--".charAt(random.nextInt(7));
        }
        compare(new String(text));
      }
      assertThat(mismatches).isEmpty();
    }

    @Test
    @DisplayName("a megabyte is no label")
    void megabyte() {
      assertThat(DnsLabel.isLabel("a".repeat(1 << 20))).isFalse();
    }

    private void compare(String text) {
      if (DnsLabel.isLabel(text) != expression.matcher(text).matches()) {
        mismatches.add(text);
      }
    }
  }
}
