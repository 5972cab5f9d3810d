package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Installation.Origin;
import io.unboundedcloud.racer.chart.support.Manifests;
import io.unboundedcloud.racer.chart.support.Parity;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import io.unboundedcloud.racer.workload.shape.ChartPlaceholder;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parity: for each installation of the matrix, {@code helm template} of the committed chart equals
 * the KRM function's output for the equivalent input, object by object on parsed trees, ignoring
 * only the delivery labels.
 */
@Tag("slow")
@DisplayName("helm template equals the KRM function's output for the equivalent input")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class ParityTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(ParityTest.class);
  }

  private static final Origin MODELS =
      new Origin(
          "models-origin",
          null,
          "models",
          "registry.example.com/blob-origin:1.4.2",
          List.of("--socket-dir", "/run/racer/models/origin"),
          List.of(Map.of("name", "ORIGIN_ACCOUNT", "value", "modelstore")),
          Map.of(
              "requests",
              Map.of("cpu", "100m", "memory", "256Mi"),
              "limits",
              Map.of("memory", "1Gi")));
  private static final Origin DATASETS =
      new Origin(
          "datasets-origin",
          "origins",
          "datasets",
          "registry.example.com/nfs-origin@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
          List.of(),
          List.of(),
          null);

  /**
   * The affinity merge at its hardest: two required terms, one repeating a dataplane expression,
   * one with matchFields, pod anti-affinity, and cache origins (which take the node affinity only).
   * {@code RuleFamilyParityTest} runs it in the fast loop.
   */
  static final Installation TWO_REQUIRED_TERMS =
      Installation.of("gpu-system")
          .withPlacement(
              yaml(
                  """
                    affinity:
                      nodeAffinity:
                        requiredDuringSchedulingIgnoredDuringExecution:
                          nodeSelectorTerms:
                            - matchExpressions:
                                - {key: kubernetes.io/os, operator: In, values: [linux]}
                                - {key: racer.example.com/pool, operator: Exists}
                            - matchFields:
                                - {key: metadata.name, operator: In, values: [node-a]}
                      podAntiAffinity:
                        requiredDuringSchedulingIgnoredDuringExecution:
                          - topologyKey: kubernetes.io/hostname
                            labelSelector: {matchLabels: {app: other}}
                    """))
          .withOrigins(List.of(MODELS, DATASETS));

  static Stream<Arguments> installations() {
    return Stream.concat(listed(), everyShapeVariant());
  }

  /**
   * Every value of every shape key the chart renders as variants, set alone: a new such key is held
   * here without a case of its own.
   */
  private static Stream<Arguments> everyShapeVariant() {
    return ShapeKeys.all().stream()
        .filter(key -> key.placeholder() instanceof ChartPlaceholder.Variants)
        .flatMap(
            key ->
                key.parser().values().stream()
                    .map(
                        value ->
                            named(
                                "shape key " + key.name() + "=" + value,
                                Installation.of("racer").withSettings(Map.of(key.name(), value)))));
  }

  private static Stream<Arguments> listed() {
    return Stream.of(
        named("the defaults plus a registry", Installation.of("racer")),
        named("NVIDIA off", Installation.of("racer").withSettings(Map.of("RACER_NVIDIA", "off"))),
        named(
            "NVIDIA env, written out",
            Installation.of("racer").withSettings(Map.of("RACER_NVIDIA", "env"))),
        named(
            "NVIDIA empty means env",
            Installation.of("racer").withSettings(Map.of("RACER_NVIDIA", ""))),
        named(
            "NVIDIA cdi",
            Installation.of("gpu-system").withSettings(Map.of("RACER_NVIDIA", "cdi"))),
        named(
            "host network on",
            Installation.of("racer").withSettings(Map.of("RACER_HOST_NETWORK", "true"))),
        named(
            "host network off, written out",
            Installation.of("racer").withSettings(Map.of("RACER_HOST_NETWORK", "false"))),
        named(
            "host network with NVIDIA off",
            Installation.of("gpu-system")
                .withSettings(Map.of("RACER_HOST_NETWORK", "true", "RACER_NVIDIA", "off"))),
        named(
            "host network with NVIDIA cdi",
            Installation.of("racer")
                .withSettings(Map.of("RACER_HOST_NETWORK", "true", "RACER_NVIDIA", "cdi"))),
        named(
            "peer port 9090 moves diagnostics to 9091",
            Installation.of("racer").withSettings(Map.of("RACER_PEER_PORT", "9090"))),
        named(
            "peer port 8082, written out",
            Installation.of("racer").withSettings(Map.of("RACER_PEER_PORT", "8082"))),
        named(
            "an explicit diagnostics port",
            Installation.of("racer").withSettings(Map.of("RACER_DIAGNOSTICS_PORT", "9100"))),
        named(
            "peer port 9090 with an explicit diagnostics port 9095",
            Installation.of("gpu-system")
                .withSettings(Map.of("RACER_PEER_PORT", "9090", "RACER_DIAGNOSTICS_PORT", "9095"))),
        named(
            "tuning keys, seats, an unknown RACER_ key and an administrator's own key",
            Installation.of("racer")
                .withSettings(
                    settings(
                        "RACER_MAX_THREADS",
                        "16",
                        "RACER_SLAB_BYTES",
                        "2147483648",
                        "RACER_SEGMENT_BYTES",
                        "134217728",
                        "RACER_FREE_SEGMENT_RESERVE",
                        "4",
                        "RACER_CONTROL_SEATS",
                        "3",
                        "RACER_ENABLE_RDMA",
                        "true",
                        "RACER_READER_STALL_TIMEOUT_MS",
                        "30000",
                        "RACER_FUTURE_KNOB",
                        "1",
                        "team",
                        "ml-platform",
                        "notes.txt",
                        "line one\nline two: \"quoted\"\n"))),
        named(
            "settings values at the record's limit: 256 bytes of UTF-8 as they are, 257 and more by their sha256",
            Installation.of("racer")
                .withSettings(
                    settings(
                        "at-limit",
                        "a".repeat(254) + "\u00e9",
                        "over-limit-in-bytes",
                        "a".repeat(255) + "\u00e9",
                        "long",
                        "x".repeat(4000)))),
        named(
            "settings too many to record (over 64 KiB): no settings record in either",
            Installation.of("racer").withSettings(manyKeys())),
        named(
            "full image references win over the registry",
            Installation.of("racer")
                .withImages(
                    Map.of(
                        "registry", "ignored.example.com",
                        "dataplane", "mirror.example.com:5000/racer/racer-dataplane:0.19.0-rc1",
                        "object",
                            "mirror.example.com:5000/racer/racer-object@sha256:"
                                + "abcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcd"))),
        named(
            "a registry with a trailing slash and a tag",
            Installation.of("racer")
                .withImages(Map.of("registry", "localhost:5000/", "tag", "0.19.1"))),
        named(
            "placement, annotations and two cache origins",
            Installation.of("racer-gpu")
                .withSettings(Map.of("RACER_NVIDIA", "cdi"))
                .withPlacement(
                    yaml(
                        """
                nodeSelector:
                  node.kubernetes.io/instance-type: Standard_ND96isr_H100_v5
                  racer.example.com/pool: gpu
                tolerations:
                  - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
                  - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 300}
                affinity:
                  nodeAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                      nodeSelectorTerms:
                        - matchExpressions:
                            - {key: racer.example.com/pool, operator: In, values: [gpu, cpu]}
                    preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 10
                        preference:
                          matchExpressions:
                            - {key: racer.example.com/zone, operator: In, values: [a]}
                """))
                .withServiceAccountAnnotations(
                    Map.of(
                        "azure.workload.identity/client-id",
                        "00000000-0000-0000-0000-000000000000"))
                .withPodAnnotations(
                    Map.of("prometheus.io/scrape", "true", "example.com/owner", "ml-platform"))
                .withOrigins(List.of(MODELS, DATASETS))),
        named(
            "two required terms, one repeating a dataplane expression, one with matchFields, and pod anti-affinity",
            TWO_REQUIRED_TERMS),
        named(
            "preferred node affinity only",
            Installation.of("racer")
                .withPlacement(
                    yaml(
                        """
                affinity:
                  nodeAffinity:
                    preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 1
                        preference: {matchExpressions: [{key: gpu, operator: Exists}]}
                """))
                .withOrigins(List.of(MODELS))),
        named(
            "two cache origins and no placement, in a second namespace",
            Installation.of("gpu-system").withOrigins(List.of(DATASETS, MODELS))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("installations")
  void chartEqualsFunction(String name, Installation installation) {
    Parity.objects(helm, installation, name);
  }

  @Test
  @DisplayName(
      "the settings record: a value of 256 bytes as it is, of 257 bytes by its sha256; too many keys, none")
  void settingsRecordLimits() {
    String atLimit = "a".repeat(254) + "\u00e9";
    String overLimit = "a".repeat(255) + "\u00e9";
    Installation limits =
        Installation.of("racer")
            .withSettings(settings("at-limit", atLimit, "over-limit-in-bytes", overLimit));
    Object record = recordOf(helm.template(limits.namespace(), limits.chartValues()));
    assertThat(record)
        .isEqualTo(
            "at-limit="
                + atLimit
                + "\nover-limit-in-bytes sha256:"
                + SettingsRecord.digest(overLimit)
                + "\n");

    Installation many = Installation.of("racer").withSettings(manyKeys());
    assertThat(recordOf(helm.template(many.namespace(), many.chartValues()))).isNull();
  }

  /** The settings record on the DaemonSet racer/racer, or null when it has none. */
  @SuppressWarnings("unchecked")
  private static Object recordOf(String rendered) {
    Map<String, Object> daemonSet =
        Manifests.byIdentity(Manifests.parse(rendered)).get("DaemonSet racer/racer");
    Map<String, Object> metadata = (Map<String, Object>) daemonSet.get("metadata");
    return ((Map<String, Object>) metadata.get("annotations"))
        .get("racer.unbounded-cloud.io/settings");
  }

  private static Arguments named(String name, Installation installation) {
    return Arguments.of(name, installation);
  }

  /** 300 keys of 250-byte values: a record of about 77 KB, over its 64 KiB limit. */
  private static Map<String, String> manyKeys() {
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      settings.put(String.format("team-key-%03d", i), "v".repeat(250));
    }
    return settings;
  }

  private static Map<String, String> settings(String... keysAndValues) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      settings.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return settings;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> yaml(String text) {
    return (Map<String, Object>) new org.yaml.snakeyaml.Yaml().load(text);
  }
}
