package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The matrix of changes of {@code racer-krm diff} (see krm-function's DiffMatrixTest) made as chart
 * values: {@code helm template} of charts/racer with the base values and with the changed ones, two
 * streams that diff compares as they are (no function config in them). The chart has no value for a
 * label on the DaemonSet's own metadata nor for its selector, so those two cases are the function's
 * alone.
 */
@Tag("slow")
@DisplayName("racer-krm diff of two helm template streams: what a change of chart values rolls")
class ChartDiffTest {
  private static final String NAMESPACE = "racer";
  private static final String ONE_NODE =
      "one node at a time (maxUnavailable 1), 10 s between (minReadySeconds), once the new pods"
          + " are ready";

  @TempDir Path dir;

  /** The quickstart as chart values: the registry, three settings, one cache origin. */
  private static Map<String, Object> base() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("images", new LinkedHashMap<>(Map.of("registry", "registry.example.com/racer")));
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("RACER_NVIDIA", "off");
    settings.put("RACER_CONTROL_SEATS", "3");
    settings.put("RACER_SLAB_BYTES", "2147483648");
    values.put("settings", settings);
    values.put(
        "cacheOrigins",
        List.of(
            Map.of(
                "name",
                "models-origin",
                "volume",
                "models",
                "image",
                "registry.example.com/models-origin:1.4.2")));
    return values;
  }

  private static Map<String, Object> rollingUpdate(Map<String, Object> rollingUpdate) {
    return Map.of("type", "RollingUpdate", "rollingUpdate", rollingUpdate);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> values, String key) {
    return (Map<String, Object>) values.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }

  /** diff's JSON report of the base values against the base values changed by {@code change}. */
  @SuppressWarnings("unchecked")
  private Map<String, Object> diff(Consumer<Map<String, Object>> change) throws IOException {
    Map<String, Object> changed = base();
    change.accept(changed);
    Path old = dir.resolve("old.yaml");
    Path current = dir.resolve("new.yaml");
    Files.writeString(old, HelmRun.HELM3.template(NAMESPACE, base()));
    Files.writeString(current, HelmRun.HELM3.template(NAMESPACE, changed));
    KrmRun run = KrmRun.command("diff", old.toString(), current.toString(), "--output", "json");
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    return (Map<String, Object>) new Yaml().load(run.stdout());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> report, String kind, String name) {
    return ((List<Map<String, Object>>) report.get("objects"))
        .stream()
            .filter(o -> kind.equals(o.get("kind")) && name.equals(o.get("name")))
            .findFirst()
            .orElse(null);
  }

  @Test
  @DisplayName(
      "settings.RACER_PEER_PORT (shaping): the dataplane rolls, the key named; the origin stays")
  void shapingKey() throws IOException {
    Map<String, Object> report =
        diff(values -> map(values, "settings").put("RACER_PEER_PORT", "9090"));
    assertThat(object(report, "DaemonSet", "racer"))
        .containsEntry("rollout", true)
        .containsEntry("pace", ONE_NODE)
        .containsEntry(
            "reasons", List.of("racer-settings changed: RACER_PEER_PORT none -> \"9090\""));
    assertThat(object(report, "DaemonSet", "models-origin")).isNull();
  }

  @Test
  @DisplayName(
      "settings.RACER_SLAB_BYTES (tuning): the dataplane rolls through the settings-hash, the key named")
  void tuningKey() throws IOException {
    Map<String, Object> report =
        diff(values -> map(values, "settings").put("RACER_SLAB_BYTES", "4294967296"));
    assertThat(object(report, "DaemonSet", "racer"))
        .containsEntry("rollout", true)
        .containsEntry(
            "reasons",
            List.of("racer-settings changed: RACER_SLAB_BYTES \"2147483648\" -> \"4294967296\""));
  }

  @Test
  @DisplayName("serviceAccount.annotations: the ServiceAccount changes, nothing rolls")
  void serviceAccountAnnotation() throws IOException {
    Map<String, Object> report =
        diff(
            values ->
                map(values, "serviceAccount")
                    .put("annotations", Map.of("azure.workload.identity/client-id", "0000")));
    assertThat(report).containsEntry("rollout", false);
    assertThat(object(report, "ServiceAccount", "racer"))
        .containsEntry("change", "changed")
        .containsEntry("rollout", null);
  }

  @Test
  @DisplayName("images.tag: the dataplane rolls, both images named")
  void imageTag() throws IOException {
    Map<String, Object> report = diff(values -> map(values, "images").put("tag", "0.19.1"));
    assertThat(object(report, "DaemonSet", "racer")).containsEntry("rollout", true);
    assertThat((List<String>) object(report, "DaemonSet", "racer").get("reasons"))
        .containsExactlyInAnyOrder(
            "the image of container dataplane: \"registry.example.com/racer/racer-dataplane:0.19.0\""
                + " -> \"registry.example.com/racer/racer-dataplane:0.19.1\"",
            "the racer-object image: \"registry.example.com/racer/racer-object:0.19.0\""
                + " -> \"registry.example.com/racer/racer-object:0.19.1\"");
  }

  @Test
  @DisplayName("updateStrategy: no pod rolls, the new pace said")
  void updateStrategy() throws IOException {
    Map<String, Object> report =
        diff(
            values -> values.put("updateStrategy", rollingUpdate(Map.of("maxUnavailable", "10%"))));
    assertThat(report).containsEntry("rollout", false);
    assertThat(object(report, "DaemonSet", "racer"))
        .containsEntry("rollout", false)
        .containsEntry(
            "pace",
            "10% of the nodes at a time (maxUnavailable 10%), 10 s between (minReadySeconds), once"
                + " the new pods are ready");
  }

  @Test
  @DisplayName("placement.tolerations: the dataplane and the cache origin roll")
  void toleration() throws IOException {
    Map<String, Object> report =
        diff(
            values ->
                map(values, "placement")
                    .put(
                        "tolerations",
                        List.of(
                            Map.of("key", "gpu", "operator", "Exists", "effect", "NoSchedule"))));
    for (String name : List.of("racer", "models-origin")) {
      assertThat(object(report, "DaemonSet", name))
          .as(name)
          .containsEntry("rollout", true)
          .containsEntry("reasons", List.of("the placement: tolerations"));
    }
  }

  @Test
  @DisplayName("the same values written in another key order: no change")
  void keyOrderOnly() throws IOException {
    Map<String, Object> report =
        diff(
            values -> {
              Map<String, Object> settings = new LinkedHashMap<>();
              settings.put("RACER_SLAB_BYTES", "2147483648");
              settings.put("RACER_CONTROL_SEATS", "3");
              settings.put("RACER_NVIDIA", "off");
              values.put("settings", settings);
            });
    assertThat(report).containsEntry("rollout", false).containsEntry("objects", List.of());
  }

  @Test
  @DisplayName("the default update strategy written out: no change")
  void defaultWrittenOut() throws IOException {
    Map<String, Object> report =
        diff(
            values ->
                values.put(
                    "updateStrategy", rollingUpdate(Map.of("maxUnavailable", 1, "maxSurge", 0))));
    assertThat(report).containsEntry("rollout", false).containsEntry("objects", List.of());
  }
}
