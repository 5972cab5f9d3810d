package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Parity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The function's warnings that values can cause: in NOTES.txt as warnings with the function's
 * words, after the values key; with {@code strict: true} the first fails {@code helm template},
 * where the function config's {@code strict: "true"} fails the function.
 */
@Tag("slow")
@DisplayName("Warnings are the function's in NOTES; with strict: true, helm template fails")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class StrictValuesTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(StrictValuesTest.class);
  }

  private static final String REGISTRY = "registry.example.com/racer";

  /**
   * One installation that warns.
   *
   * @param name what is wrong
   * @param installation the values, and the same as function input
   * @param warnings how many warnings the function gives
   */
  record Case(String name, Installation installation, int warnings) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Installation with(Map<String, String> settings) {
    return Installation.of("racer").withSettings(settings);
  }

  static Stream<Case> warnings() {
    return Stream.of(
        new Case(
            "a shutdown deadline longer than the grace period",
            with(Map.of("RACER_SHUTDOWN_TIMEOUT_MS", "45000")),
            1),
        new Case(
            "an image tag of another minor release",
            Installation.of("racer").withImages(Map.of("registry", REGISTRY, "tag", "0.20.1")),
            2),
        new Case(
            "a full dataplane image of another minor release",
            Installation.of("racer")
                .withImages(
                    Map.of(
                        "dataplane", REGISTRY + "/racer-dataplane:v0.18.4",
                        "object", REGISTRY + "/racer-object:0.19.2")),
            1),
        new Case(
            "a peer port the kubelet holds, on the host network",
            with(Map.of("RACER_HOST_NETWORK", "true", "RACER_PEER_PORT", "10250")),
            1),
        new Case(
            "a diagnostics port node-exporter holds, on the host network",
            with(Map.of("RACER_HOST_NETWORK", "true", "RACER_DIAGNOSTICS_PORT", "9100")),
            1));
  }

  private static Map<String, Object> strict(Installation installation) {
    Map<String, Object> values = new LinkedHashMap<>(installation.chartValues());
    values.put("strict", true);
    return values;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("warnings")
  @DisplayName("is a warning in NOTES, in the function's words after the values key")
  void notes(Case warning) {
    String notes = helm.installDryRun("racer", warning.installation().chartValues());
    for (String line : Parity.functionWarnings(warning.installation(), warning.warnings())) {
      assertThat(notes).contains("WARNING: " + line);
    }
    assertThat(notes.lines().filter(line -> line.startsWith("WARNING: ")))
        .hasSize(warning.warnings());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("warnings")
  @DisplayName("fails helm template in strict mode, as it fails the strict function")
  void strictFails(Case warning) {
    Parity.strictRefusal(helm, warning.installation(), warning.warnings(), warning.name());
  }

  @Nested
  @DisplayName("an unknown RACER_ settings key")
  class UnknownKey {
    @Test
    @DisplayName(
        "too far from a catalog key to be a typo: fails helm template in strict mode, naming the key")
    void strictFails() {
      Installation unknown = with(Map.of("RACER_PEER_PORTS_X", "9090", "team", "ml"));
      assertThatThrownBy(() -> helm.template("racer", strict(unknown)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(
              "settings.RACER_PEER_PORTS_X: RACER_PEER_PORTS_X is not a known racer-settings key;"
                  + " did you mean RACER_PEER_PORT? Outside strict mode it is passed to the dataplane unchecked. (an error in"
                  + " strict mode");
    }
  }

  @Nested
  @DisplayName("values that fit")
  class Fitting {
    @Test
    @DisplayName("give no warning, and strict mode renders them byte for byte as without it")
    void noWarning() {
      Installation defaults = Installation.of("racer");
      assertThat(helm.installDryRun("racer", defaults.chartValues())).doesNotContain("WARNING");
      assertThat(helm.template("racer", strict(defaults)))
          .isEqualTo(helm.template("racer", defaults.chartValues()));
    }

    @Test
    @DisplayName("a patch release, a version-less tag and the default deadline fit")
    void fits() {
      for (String tag : List.of("0.19.5", "latest")) {
        Installation installation =
            Installation.of("racer").withImages(Map.of("registry", REGISTRY, "tag", tag));
        assertThat(helm.installDryRun("racer", installation.chartValues()))
            .as(tag)
            .doesNotContain("WARNING");
      }
    }
  }
}
