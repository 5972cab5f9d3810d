package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("ConfigMap keys: the API server's rule, held at render time")
class ConfigMapKeyTest {
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"RACER_NVIDIA", "a", "a.b", "-x_", "x..", "9", "z", "A", "Z", "0"})
  @DisplayName("letters, digits (each range's ends among them), '-', '_' and '.' are accepted")
  void accepted(String key) {
    assertThat(ConfigMapKey.problem(key)).isEmpty();
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"", ".", "..", "..a", "a/b", "a b", "a:b", "é", "a\n"})
  @DisplayName("anything else is refused, naming the key")
  void refused(String key) {
    assertThat(ConfigMapKey.problem(key))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .startsWith(SettingsValidation.quote(key) + " is not a valid ConfigMap key: "));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(chars = {'`', '{', '@', '[', '/', ':'})
  @DisplayName("the character just outside each range of letters and digits is refused")
  void pastRangeEnds(char c) {
    assertThat(ConfigMapKey.problem("k" + c))
        .hasValueSatisfying(message -> assertThat(message).contains("not '" + c + "'"));
  }

  @Test
  @DisplayName("253 characters are accepted, 254 refused")
  void longest() {
    assertThat(ConfigMapKey.problem("k".repeat(253))).isEmpty();
    assertThat(ConfigMapKey.problem("k".repeat(254)))
        .hasValueSatisfying(message -> assertThat(message).contains("254 characters long"));
  }

  @Test
  @DisplayName("a long key is shown cut after 64 characters, with its length")
  void shownCut() {
    assertThat(ConfigMapKey.shown("k".repeat(65)))
        .isEqualTo("\"" + "k".repeat(64) + "\"... (65 characters)");
    assertThat(ConfigMapKey.shown("k".repeat(64))).isEqualTo("\"" + "k".repeat(64) + "\"");
  }

  @Test
  @DisplayName("a field path names a key of 64 characters whole, a longer one by its first 64")
  void fieldCut() {
    assertThat(ConfigMapKey.field("k".repeat(64))).isEqualTo("k".repeat(64));
    assertThat(ConfigMapKey.field("k".repeat(65))).isEqualTo("k".repeat(64) + "...");
  }

  @Test
  @DisplayName("in racer-settings, a refused key is one error, not also an unknown key")
  void oneFinding() {
    assertThat(SettingsCatalog.validate(java.util.Map.of("RACER_X/Y", "1")))
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.severity()).isEqualTo(FindingSeverity.ERROR);
              assertThat(finding.key()).isEqualTo("RACER_X/Y");
              assertThat(finding.message()).contains("not '/'");
            });
  }
}
