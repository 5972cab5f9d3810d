package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.chart.support.Customization;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Kustomize;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The production values against the function: {@code helm template} with a value equals the KRM
 * function's output after the kustomize patch docs/customizing.md gives for it, run again on its
 * own patched output, which is what shows that field ownership keeps the change. Each patch is
 * applied in-process everywhere, and by {@code kubectl kustomize} where kubectl is installed
 * (otherwise one SKIPPED line, those cases skipped).
 */
@DisplayName(
    "helm template with each production value equals the function's output after the same kustomize patch")
class CustomizationParityTest {
  private static final String DAEMON_SET = "DaemonSet %s/racer";

  @BeforeAll
  static void announce() {
    String missing = Kustomize.KUBECTL.missing();
    if (missing != null) {
      System.out.println("SKIPPED: CustomizationParityTest with kubectl kustomize: " + missing);
    }
  }

  static Stream<Arguments> cases() {
    List<Customization> documented = Customization.documented();
    List<Arguments> cases = new ArrayList<>();
    for (Kustomize kustomize : Kustomize.values()) {
      for (Customization one : documented) {
        cases.add(Arguments.of(one, kustomize, Installation.of("racer")));
      }
      cases.add(
          Arguments.of(
              Customization.together("every documented patch together", documented),
              kustomize,
              Installation.of("racer")));
      cases.add(
          Arguments.of(
              Customization.together(
                  "every documented patch together, with NVIDIA cdi and host network"
                      + " in another namespace",
                  documented),
              kustomize,
              Installation.of("gpu-system")
                  .withSettings(Map.of("RACER_NVIDIA", "cdi", "RACER_HOST_NETWORK", "true"))
                  .withPodAnnotations(Map.of("example.com/owner", "ml-platform"))));
      for (Customization extra : extras()) {
        cases.add(Arguments.of(extra, kustomize, Installation.of("racer")));
      }
    }
    return cases.stream();
  }

  /**
   * What docs/customizing.md does not show: number quantities, a GPU limit, a claim, limits alone,
   * OnDelete, one pod label.
   */
  private static List<Customization> extras() {
    return List.of(
        Customization.ofSpec(
            "resources with number quantities, an extended resource and a claim",
            """
            template:
              spec:
                containers:
                  - name: dataplane
                    resources:
                      $patch: replace
                      requests: {cpu: 0.5, memory: 1.5Gi}
                      limits: {cpu: 2, nvidia.com/gpu: 8, memory: 2000000000}
                      claims: [{name: gpus}]
            """,
            """
            resources:
              requests: {cpu: 0.5, memory: 1.5Gi}
              limits: {cpu: 2, nvidia.com/gpu: 8, memory: 2000000000}
              claims: [{name: gpus}]
            """),
        Customization.ofSpec(
            "resources with limits only",
            """
            template:
              spec:
                containers:
                  - name: dataplane
                    resources: {$patch: replace, limits: {memory: 8Gi}}
            """,
            """
            resources: {limits: {memory: 8Gi}}
            """),
        Customization.ofSpec(
            "update strategy OnDelete",
            """
            updateStrategy: {$patch: replace, type: OnDelete}
            """,
            """
            updateStrategy: {type: OnDelete}
            """),
        Customization.ofSpec(
            "pull policy Never and one pod label",
            """
            template:
              metadata:
                labels: {example.com/tier: cache}
              spec:
                containers:
                  - {name: dataplane, imagePullPolicy: Never}
            """,
            """
            images: {pullPolicy: Never}
            podLabels: {example.com/tier: cache}
            """));
  }

  @ParameterizedTest(name = "{0}, patched by {1}")
  @MethodSource("cases")
  void chartEqualsPatchedFunction(
      Customization customization, Kustomize kustomize, Installation installation) {
    assumeTrue(kustomize.missing() == null, kustomize.missing());
    Map<String, Map<String, Object>> chart =
        Manifests.byIdentity(
            Manifests.parse(
                HelmRun.template(
                    installation.namespace(), installation.chartValues(customization))));
    Map<String, Map<String, Object>> function =
        Manifests.byIdentity(installation.functionOutput(customization, kustomize));

    assertThat(chart.keySet()).as("objects").containsExactlyInAnyOrderElementsOf(function.keySet());
    for (String identity : function.keySet()) {
      assertThat(chart.get(identity)).as(identity).isEqualTo(function.get(identity));
    }
    String daemonSet = String.format(DAEMON_SET, installation.namespace());
    Map<String, Object> uncustomized =
        Manifests.byIdentity(installation.functionOutput()).get(daemonSet);
    assertThat(function.get(daemonSet))
        .as("the customization changes the DaemonSet")
        .isNotEqualTo(uncustomized);
  }

  @Test
  @DisplayName(
      "docs/customizing.md has a patch for every production value, and the value beside it")
  void readmeCoversEveryValue() {
    Set<String> values = new TreeSet<>();
    for (Customization one : Customization.documented()) {
      assertThat(one.patches()).as(one.name()).isNotEmpty();
      one.values()
          .forEach(
              (key, value) -> {
                if (value instanceof Map<?, ?> map && key.equals("images")) {
                  map.keySet().forEach(child -> values.add(key + "." + child));
                } else {
                  values.add(key);
                }
              });
    }
    assertThat(values)
        .containsExactlyInAnyOrder(
            "resources",
            "imagePullSecrets",
            "priorityClassName",
            "updateStrategy",
            "podLabels",
            "images.pullPolicy");
  }
}
