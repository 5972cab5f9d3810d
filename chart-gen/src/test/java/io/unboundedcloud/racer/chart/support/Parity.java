package io.unboundedcloud.racer.chart.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.PodFit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparisons of the chart with the KRM function that the parity tests share, each on one
 * installation said both ways ({@link Installation}): the objects they render, a bad settings
 * value's refusal, and the warnings strict mode makes errors. Each assertion's description starts
 * with {@code what}, so a failure says which case (and which rule) drifted.
 */
public final class Parity {
  /** The function config keys and where the chart has each. */
  private static final Map<String, String> VALUES_KEYS =
      Map.of(
          "data.imageRegistry", "images.registry",
          "data.imageTag", "images.tag",
          "data.dataplaneImage", "images.dataplane",
          "data.objectImage", "images.object");

  private Parity() {}

  /**
   * {@code helm template} of the installation's values equals the function's output for its
   * equivalent input, object by object on parsed trees, delivery labels aside.
   */
  public static void objects(HelmRun helm, Installation installation, String what) {
    Map<String, Map<String, Object>> function = Manifests.byIdentity(installation.functionOutput());
    String rendered;
    try {
      rendered = helm.template(installation.namespace(), installation.chartValues());
    } catch (IllegalStateException e) {
      throw new AssertionError(
          what + ": helm template fails where the function renders: " + e.getMessage(), e);
    }
    Map<String, Map<String, Object>> chart = Manifests.byIdentity(Manifests.parse(rendered));

    assertThat(chart.keySet())
        .as("%s: the objects", what)
        .containsExactlyInAnyOrderElementsOf(function.keySet());
    for (String identity : function.keySet()) {
      assertThat(chart.get(identity))
          .as("%s: %s, helm template (actual) against the function (expected)", what, identity)
          .isEqualTo(function.get(identity));
    }
  }

  /**
   * Bad racer-settings data fails {@code helm template} and the function alike: both name the key
   * the {@code workload} code names, and both give its message where the chart's templates (not the
   * schema, which words its own) make the check.
   */
  public static void refusal(HelmRun helm, Map<String, String> settings, String what) {
    WorkloadVerdict java =
        WorkloadVerdict.of("racer", settings)
            .orElseThrow(
                () ->
                    new AssertionError(
                        what + ": the workload code accepts " + settings + ": not a bad input"));
    Installation installation = Installation.of("racer").withSettings(settings);
    String chart = helm.failure(installation.namespace(), installation.chartValues());

    assertThat(chart).as("%s: Helm names the key", what).contains(java.key());
    assertThat(chart)
        .as("%s: Helm's message says what the value must be, not a regular expression", what)
        .doesNotContain("pattern");
    if (!java.bySchema()) {
      assertThat(chart)
          .as("%s: Helm gives the workload message after the values key", what)
          .contains("settings." + java.key() + ": " + java.message());
    }
    KrmRun function = KrmRun.function(installation.functionItems(), installation.functionConfig());
    assertThat(function.exitCode()).as("%s: the function fails", what).isEqualTo(1);
    assertThat(function.output().errorFields())
        .as("%s: the function names the same key", what)
        .contains("data." + java.key());
    assertThat(function.output().errorMessages())
        .as("%s: the function gives the workload message", what)
        .anyMatch(m -> m.contains(java.message()));
  }

  /**
   * The function's warnings on the installation (it must give {@code count}) as the chart writes
   * them: {@code <values key>: <message>}.
   */
  public static List<String> functionWarnings(Installation installation, int count) {
    KrmRun run = KrmRun.function(installation.functionItems(), installation.functionConfig());
    assertThat(run.exitCode()).as(run.describe()).isZero();
    List<Map<String, Object>> warnings =
        run.output().results().stream()
            .filter(result -> "warning".equals(result.get("severity")))
            .toList();
    assertThat(warnings).as(run.describe()).hasSize(count);
    return warnings.stream()
        .map(
            result -> {
              String path = (String) ((Map<?, ?>) result.get("field")).get("path");
              String key = VALUES_KEYS.getOrDefault(path, path.replace("data.", "settings."));
              String message =
                  ((String) result.get("message"))
                      .replace(
                          PodFit.GRACE_PERIOD_FIELD, "the value terminationGracePeriodSeconds");
              return key + ": " + message;
            })
        .toList();
  }

  /**
   * An installation the function warns about ({@code warnings} times) fails {@code helm template}
   * with {@code strict: true}, with the function's first warning and the chart's strict-mode note;
   * the function fails too with {@code strict: "true"}, each warning an error.
   */
  public static void strictRefusal(
      HelmRun helm, Installation installation, int warnings, String what) {
    String first = functionWarnings(installation, warnings).get(0);
    Map<String, Object> values = new LinkedHashMap<>(installation.chartValues());
    values.put("strict", true);
    assertThatThrownBy(() -> helm.template(installation.namespace(), values))
        .as("%s: helm template with strict: true", what)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(first + " (an error in strict mode: the value strict is true)");

    Map<String, Object> config = new LinkedHashMap<>(installation.functionConfig());
    @SuppressWarnings("unchecked")
    Map<String, Object> data = new LinkedHashMap<>((Map<String, Object>) config.get("data"));
    data.put("strict", "true");
    config.put("data", data);
    KrmRun run = KrmRun.function(installation.functionItems(), config);
    assertThat(run.exitCode())
        .as("%s: the strict function fails; %s", what, run.describe())
        .isOne();
    assertThat(run.output().errors()).as("%s: each warning an error", what).hasSize(warnings);
  }
}
