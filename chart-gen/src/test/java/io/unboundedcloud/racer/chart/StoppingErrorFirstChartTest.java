package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.Permutations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chart's side of "the error that stops a run comes first" (the function's is {@code
 * StoppingErrorFirstTest} in krm-function): the problems the chart judges as the function does, its
 * settings, each error with the warnings a settings map can hold before and after it, in every
 * order of the map's keys. {@code helm template} fails with the error (Helm shows the chart's
 * NOTES, where its warnings go, only on success: no warning is said before it), and the function on
 * the same installation puts the same error first.
 */
@Tag("slow")
@DisplayName("The chart: the error that stops helm template is the one said, warnings never first")
class StoppingErrorFirstChartTest {
  /** A setting the chart refuses and the start of what it says of it; the function's message. */
  private record Planted(String key, String value, String chartSays, String functionSays) {}

  private static final List<Planted> ERRORS =
      List.of(
          new Planted(
              "RACER_NVIDA",
              "off",
              "settings.RACER_NVIDA: RACER_NVIDA is not a known racer-settings key, and it is 1 edit from RACER_NVIDIA",
              "RACER_NVIDA is not a known racer-settings key, and it is 1 edit from RACER_NVIDIA"),
          new Planted(
              "RACER_PEER_PORT",
              "99999",
              "settings.RACER_PEER_PORT: RACER_PEER_PORT is \"99999\": must be an integer in 1024..65535",
              "RACER_PEER_PORT is \"99999\": must be an integer in 1024..65535"),
          new Planted(
              "..data",
              "x",
              "settings: \"..data\" is not a ConfigMap key",
              "\"..data\" is not a valid ConfigMap key"));

  /** Settings the function warns about (the chart in its NOTES), and what the function says. */
  private static final List<Planted> WARNINGS =
      List.of(
          new Planted(
              "RACER_FAR_AWAY_SETTING_XYZ",
              "1",
              "RACER_FAR_AWAY_SETTING_XYZ",
              "RACER_FAR_AWAY_SETTING_XYZ is not a known racer-settings key."),
          new Planted(
              "RACER_SHUTDOWN_TIMEOUT_MS",
              "60000",
              "RACER_SHUTDOWN_TIMEOUT_MS",
              "RACER_SHUTDOWN_TIMEOUT_MS is 60000 ms"));

  /** Each error with each set of warnings, in every order of the keys; under each Helm. */
  static Stream<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    for (HelmRun helm : List.of(HelmRun.HELM3, HelmRun.HELM4)) {
      for (Planted error : ERRORS) {
        for (List<Planted> warnings :
            List.of(List.of(WARNINGS.get(0)), List.of(WARNINGS.get(1)), WARNINGS)) {
          List<Planted> set = new ArrayList<>(warnings);
          set.add(error);
          for (List<Planted> order : Permutations.of(set)) {
            cases.add(new Object[] {helm, error, order});
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: {1} among {2}")
  @MethodSource("cases")
  @DisplayName(
      "helm template fails saying the error, none of the warnings; the function's first result and stderr line are the same error")
  void errorFirst(HelmRun helm, Planted error, List<Planted> order) {
    helm.assumeAvailable(StoppingErrorFirstChartTest.class);
    Map<String, String> settings = new LinkedHashMap<>();
    order.forEach(planted -> settings.put(planted.key(), planted.value()));
    Installation installation = Installation.of("racer").withSettings(settings);

    String chart = helm.failure(installation.namespace(), installation.chartValues());
    KrmRun function = KrmRun.function(installation.functionItems(), installation.functionConfig());

    assertThat(chart).as("helm template's error").contains(error.chartSays());
    for (Planted warning : order) {
      if (warning != error) {
        assertThat(chart).as("helm template's error").doesNotContain(warning.chartSays());
      }
    }
    assertThat(function.exitCode()).as(function.describe()).isEqualTo(1);
    List<Map<String, Object>> results = function.output().results();
    assertThat(results).as(function.describe()).isNotEmpty();
    assertThat(results.get(0).get("severity")).as(function.describe()).isEqualTo("error");
    assertThat(results.get(0).get("message").toString())
        .as(function.describe())
        .startsWith(error.functionSays());
    assertThat(function.stderrLines().get(0))
        .as(function.describe())
        .startsWith("error: " + error.functionSays());
  }
}
