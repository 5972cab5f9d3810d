package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("StrictMode, the note a warning made an error carries")
class StrictModeTest {
  @Test
  @DisplayName("follows the warning's message in parentheses, saying what turned strict mode on")
  void note() {
    String warning = "RACER_PEER_PROT is not a known racer-settings key";
    assertThat(warning + StrictMode.note("the value strict is true"))
        .isEqualTo(
            "RACER_PEER_PROT is not a known racer-settings key"
                + " (an error in strict mode: the value strict is true)");
    assertThat(StrictMode.note("verify --strict")).endsWith(": verify --strict)");
  }
}
