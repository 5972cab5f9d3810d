package io.unboundedcloud.racer.krm.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("RolloutReasons: why the function renders a dataplane field otherwise than live")
class RolloutReasonsTest {
  private static String reason(FieldPath at) {
    return RolloutReasons.of(new Difference(at, "live", "rendered", false));
  }

  static List<FieldPath> settingsShaped() {
    return DataplaneWiring.SETTINGS_SHAPED;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  @DisplayName("each field racer-settings shapes has a reason that names the settings it follows")
  void settingsShaped(FieldPath field) {
    assertThat(reason(field)).containsAnyOf("racer-settings", "RACER_", "NVIDIA");
  }

  @Test
  @DisplayName("envFrom: racer-settings last, the field named by the wiring")
  void environmentSources() {
    assertThat(reason(DataplaneWiring.ENV_FROM.index(0)))
        .isEqualTo(
            "envFrom is wiring: racer-settings comes last, so that its keys win over the user's"
                + " sources");
  }

  @Test
  @DisplayName("a field no entry names: the fallback, which no settings-shaped field gets")
  void fallback() {
    assertThat(reason(FieldPath.of("spec.template.spec.priorityClassName")))
        .isEqualTo("the function renders it so");
  }
}
