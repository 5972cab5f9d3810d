package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The anchored patterns the chart's values schema checks image values with. */
@DisplayName("ImageGrammar's anchored patterns")
class ImageGrammarTest {
  private static boolean matches(String pattern, String value) {
    return Pattern.compile(pattern).matcher(value).find();
  }

  @Test
  @DisplayName("blankOr: a value of the grammar, or blank (not set), and nothing around either")
  void blankOr() {
    String registry = ImageGrammar.blankOr(ImageGrammar.REGISTRY);
    assertThat(matches(registry, "registry.example.com/racer")).isTrue();
    assertThat(matches(registry, "")).isTrue();
    assertThat(matches(registry, "  ")).isTrue();
    assertThat(matches(registry, "registry.example.com/Racer")).isFalse();
    assertThat(matches(registry, "x registry.example.com")).isFalse();
  }

  @Test
  @DisplayName("exactly: a value of the grammar, never blank, and nothing around it")
  void exactly() {
    String reference = ImageGrammar.exactly(ImageGrammar.REFERENCE);
    assertThat(matches(reference, "ghcr.io/racer/dataplane:0.19.0")).isTrue();
    assertThat(matches(reference, "")).isFalse();
    assertThat(matches(reference, "ghcr.io/racer/dataplane:0.19.0 latest")).isFalse();
    assertThat(matches(reference, "-ghcr.io/racer/dataplane")).isFalse();
  }
}
