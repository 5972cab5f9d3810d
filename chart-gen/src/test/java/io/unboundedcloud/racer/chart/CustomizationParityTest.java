package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.chart.support.Customization;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Kustomize;
import io.unboundedcloud.racer.chart.support.Manifests;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The production values and the pod additions against the function: {@code helm template} with a
 * value equals the KRM function's output after the kustomize patch docs/customizing.md gives for
 * it, run again on its own patched output, which is what shows that field ownership keeps the
 * change. Each patch is applied in-process everywhere, and by {@code kubectl kustomize} where
 * kubectl is installed (otherwise one SKIPPED line, those cases skipped).
 */
@DisplayName(
    "helm template with each production value or pod addition equals the function's output after the"
        + " same kustomize patch")
@Tag("slow")
class CustomizationParityTest {
  @BeforeAll
  static void announce() {
    Kustomize.announceMissing("CustomizationParityTest");
  }

  private static boolean pinned(Kustomize kustomize) {
    return kustomize == Kustomize.KUBECTL_PINNED || kustomize == Kustomize.KUBECTL_PINNED_58;
  }

  static Stream<Arguments> cases() {
    List<Customization> documented = Customization.documented();
    List<Arguments> cases = new ArrayList<>();
    for (Kustomize kustomize : Kustomize.values()) {
      // a pinned kustomize (5.7, 5.8) applies the patches all together, not each alone again
      for (Customization one : pinned(kustomize) ? List.<Customization>of() : documented) {
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
      for (Customization extra : pinned(kustomize) ? List.<Customization>of() : extras()) {
        cases.add(Arguments.of(extra, kustomize, Installation.of("racer")));
      }
    }
    return cases.stream();
  }

  /**
   * What docs/customizing.md does not show: number quantities, a GPU limit, a claim, limits alone,
   * OnDelete, one pod label; each pod addition docs/customizing.md shows with another alone,
   * several items of a list, and 0 where the builder has a default.
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
            """),
        Customization.ofSpec(
            "two env vars, the second referring to the dataplane's own",
            """
            template:
              spec:
                containers:
                  - name: dataplane
                    env:
                      - {name: NO_PROXY, value: "10.0.0.0/8"}
                      - {name: PEER, value: "$(RACER_PEER_LISTEN)"}
            """,
            """
            extraEnv:
              - {name: NO_PROXY, value: "10.0.0.0/8"}
              - {name: PEER, value: "$(RACER_PEER_LISTEN)"}
            """),
        Customization.ofSpec(
            "a volume alone",
            """
            template:
              spec:
                volumes: [{name: scratch, emptyDir: {sizeLimit: 1Gi}}]
            """,
            """
            extraVolumes: [{name: scratch, emptyDir: {sizeLimit: 1Gi}}]
            """),
        Customization.ofSpec(
            "a mount alone (its volume given elsewhere)",
            """
            template:
              spec:
                containers:
                  - name: dataplane
                    volumeMounts: [{name: scratch, mountPath: /scratch}]
            """,
            """
            extraVolumeMounts: [{name: scratch, mountPath: /scratch}]
            """),
        Customization.ofSpec(
            "two sidecars and two init containers",
            """
            template:
              spec:
                initContainers:
                  - {name: first, image: busybox:1.36}
                  - {name: second, image: busybox:1.36, args: [sleep, "1"]}
                containers:
                  - name: dataplane
                  - {name: shipper, image: fluent/fluent-bit:3.1}
                  - {name: exporter, image: registry.example.com/exporter:2, ports: [{containerPort: 9400}]}
            """,
            """
            initContainers:
              - {name: first, image: busybox:1.36}
              - {name: second, image: busybox:1.36, args: [sleep, "1"]}
            extraContainers:
              - {name: shipper, image: fluent/fluent-bit:3.1}
              - {name: exporter, image: registry.example.com/exporter:2, ports: [{containerPort: 9400}]}
            """),
        Customization.ofSpec(
            "minReadySeconds 0 stays 0",
            """
            minReadySeconds: 0
            """,
            """
            minReadySeconds: 0
            """),
        Customization.ofSpec(
            "a grace period of 0 stays 0",
            """
            template:
              spec:
                terminationGracePeriodSeconds: 0
            """,
            """
            terminationGracePeriodSeconds: 0
            """),
        Customization.ofSpec(
            "a grace period of an hour and a revision history of 0",
            """
            revisionHistoryLimit: 0
            template:
              spec:
                terminationGracePeriodSeconds: 3600
            """,
            """
            revisionHistoryLimit: 0
            terminationGracePeriodSeconds: 3600
            """),
        Customization.ofSpec(
            "revisionHistoryLimit alone",
            """
            revisionHistoryLimit: 3
            """,
            """
            revisionHistoryLimit: 3
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
                HelmRun.HELM3.template(
                    installation.namespace(), installation.chartValues(customization))));
    Map<String, Map<String, Object>> function =
        Manifests.byIdentity(installation.functionOutput(customization, kustomize));

    assertThat(chart.keySet()).as("objects").containsExactlyInAnyOrderElementsOf(function.keySet());
    for (String identity : function.keySet()) {
      assertThat(chart.get(identity)).as(identity).isEqualTo(function.get(identity));
    }
    assertThat(function)
        .as("the customization changes the function's output")
        .isNotEqualTo(Manifests.byIdentity(installation.functionOutput()));
  }

  /**
   * The values the Customizing section need not show: the function config's images, strict mode and
   * unchecked settings keys, settings and cache origins (the function's inputs), placement and
   * annotations ({@link Installation}), values the function has no twin for (an existing
   * racer-settings) and the subchart's.
   */
  private static final Set<String> NOT_CUSTOMIZATIONS =
      Set.of(
          "images.registry",
          "images.tag",
          "images.dataplane",
          "images.object",
          "settings",
          "settingsConfigMap.create",
          "placement.nodeSelector",
          "placement.tolerations",
          "placement.affinity",
          "serviceAccount.annotations",
          "podAnnotations",
          "cacheOrigins",
          "strict",
          "uncheckedSettings",
          "global",
          "enabled");

  @Test
  @DisplayName(
      "docs/customizing.md has a patch for every other value of the chart, and the value beside it")
  void readmeCoversEveryValue() {
    Set<String> values = new TreeSet<>();
    for (Customization one : Customization.documented()) {
      assertThat(one.patches()).as(one.name()).isNotEmpty();
      one.values().forEach((key, value) -> values.addAll(leaves(key, value)));
    }
    List<String> every =
        Arrays.stream(ChartValue.values())
            .map(ChartValue::path)
            .filter(
                path ->
                    Arrays.stream(ChartValue.values())
                        .noneMatch(v -> v.path().startsWith(path + ".")))
            .filter(path -> !NOT_CUSTOMIZATIONS.contains(path))
            .toList();
    assertThat(values).containsExactlyInAnyOrderElementsOf(every);
  }

  /** The value paths a values map sets: a group's children, any other value itself. */
  private static List<String> leaves(String key, Object value) {
    if (value instanceof Map<?, ?> map
        && ChartValue.at(key + "." + map.keySet().iterator().next()).isPresent()) {
      return map.keySet().stream().map(child -> key + "." + child).toList();
    }
    return List.of(key);
  }
}
