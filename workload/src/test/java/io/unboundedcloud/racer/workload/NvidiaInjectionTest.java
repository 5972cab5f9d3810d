package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** NvidiaInjection.parse reads RACER_NVIDIA from racer-settings. */
@DisplayName("NvidiaInjection.parse")
class NvidiaInjectionTest {

  @ParameterizedTest(name = "\"{0}\" -> {1}")
  @CsvSource({"off, OFF", "env, ENV", "cdi, CDI"})
  @DisplayName("reads off, env and cdi as their modes")
  void knownValues(String value, NvidiaInjection mode) {
    assertThat(NvidiaInjection.parse(value)).isEqualTo(mode);
    assertThat(mode.value()).isEqualTo(value);
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @DisplayName("reads an unset or empty value as env")
  void unsetIsEnv(String value) {
    assertThat(NvidiaInjection.parse(value)).isEqualTo(NvidiaInjection.ENV);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(
      strings = {
        "OFF",
        "Env",
        "CDI",
        " cdi",
        "env ",
        "none",
        "true",
        "gpu",
        "nvidia.com/gpu=all",
        " "
      })
  @DisplayName("rejects anything else with an error naming the value")
  void rejectsEverythingElse(String value) {
    InvalidConfigurationException error =
        catchThrowableOfType(
            InvalidConfigurationException.class, () -> NvidiaInjection.parse(value));

    assertThat(error).isNotNull();
    assertThat(error.getMessage())
        .startsWith("invalid racer dataplane configuration: ")
        .contains(value);
    assertThat(error.field()).isEqualTo("nvidia");
    assertThat(error.value()).isEqualTo(value);
  }

  @Test
  @DisplayName("only mode off leaves out the driver env and volumes")
  void injectsDriver() {
    assertThat(NvidiaInjection.OFF.injectsDriver()).isFalse();
    assertThat(NvidiaInjection.ENV.injectsDriver()).isTrue();
    assertThat(NvidiaInjection.CDI.injectsDriver()).isTrue();
  }
}
