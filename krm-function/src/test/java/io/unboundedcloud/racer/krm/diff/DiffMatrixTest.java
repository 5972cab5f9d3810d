package io.unboundedcloud.racer.krm.diff;

import static io.unboundedcloud.racer.krm.diff.DiffSides.ACCOUNT;
import static io.unboundedcloud.racer.krm.diff.DiffSides.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.diff.DiffSides.SETTINGS;
import static io.unboundedcloud.racer.krm.diff.DiffSides.at;
import static io.unboundedcloud.racer.krm.diff.DiffSides.edited;
import static io.unboundedcloud.racer.krm.diff.DiffSides.folder;
import static io.unboundedcloud.racer.krm.diff.DiffSides.inputs;
import static io.unboundedcloud.racer.krm.diff.DiffSides.json;
import static io.unboundedcloud.racer.krm.diff.DiffSides.rendered;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The matrix of changes of issue 20, each judged by {@code racer-krm diff}: whether it rolls the
 * dataplane and the cache origin, why, and at what pace. The old side is always the quickstart's
 * inputs (rendered by diff); the new side is either inputs too, or the rendered output edited as a
 * kustomize patch would, with the function config beside it (rendered again by diff).
 */
@DisplayName("racer-krm diff: what a change rolls, why and at what pace")
class DiffMatrixTest {
  private static final String ONE_NODE =
      "one node at a time (maxUnavailable 1), 10 s between (minReadySeconds), once the new pods"
          + " are ready";

  @TempDir Path root;
  private Path old;
  private String output;

  @BeforeEach
  void base() {
    old = inputs(root, "old", SETTINGS, FUNCTION_CONFIG);
    output = rendered(old);
  }

  /** The rendered output with the DaemonSet racer edited, and the function config beside it. */
  private Path patched(
      String kind, String name, java.util.function.Consumer<Map<String, Object>> edit) {
    return folder(
        root,
        "new",
        "function-config.yaml",
        FUNCTION_CONFIG,
        "rendered.yaml",
        edited(output, kind, name, edit));
  }

  @Nested
  @DisplayName("racer-settings")
  class Settings {
    @Test
    @DisplayName(
        "a shaping key (RACER_PEER_PORT) rolls the dataplane, naming the key; the origin stays")
    void shapingKey() {
      Path current =
          inputs(root, "new", SETTINGS + "  RACER_PEER_PORT: \"9090\"\n", FUNCTION_CONFIG);
      DiffSides.Report report = json(old, current);
      assertThat(report.rollout()).isTrue();
      Map<String, Object> dataplane = report.object("DaemonSet", "racer");
      assertThat(dataplane).containsEntry("change", "changed").containsEntry("rollout", true);
      assertThat(dataplane).containsEntry("pace", ONE_NODE);
      assertThat(report.reasons("DaemonSet", "racer"))
          .containsExactly("racer-settings changed: RACER_PEER_PORT none -> \"9090\"");
      assertThat(report.paths("DaemonSet", "racer"))
          .contains(
              "spec.template.metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]")
          .anyMatch(path -> path.contains("ports"));
      assertThat(report.paths("ConfigMap", "racer-settings"))
          .containsExactly("data.RACER_PEER_PORT");
      assertThat(report.object("DaemonSet", "models-origin")).isNull();
    }

    @Test
    @DisplayName(
        "a tuning key (RACER_SLAB_BYTES) rolls the dataplane through the settings-hash alone, naming the key")
    void tuningKey() {
      Path current =
          inputs(root, "new", SETTINGS.replace("2147483648", "4294967296"), FUNCTION_CONFIG);
      DiffSides.Report report = json(old, current);
      assertThat(report.object("DaemonSet", "racer")).containsEntry("rollout", true);
      assertThat(report.reasons("DaemonSet", "racer"))
          .containsExactly(
              "racer-settings changed: RACER_SLAB_BYTES \"2147483648\" -> \"4294967296\"");
      assertThat(report.paths("DaemonSet", "racer"))
          .containsExactly(
              "metadata.annotations[\"racer.unbounded-cloud.io/settings\"]",
              "spec.template.metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]");
    }

    @Test
    @DisplayName(
        "the settings record on the DaemonSet's metadata changed alone: a change, no rollout")
    void recordAlone() {
      // two rendered streams, no function config: compared as they are (not rendered again)
      Path before = folder(root, "before", "rendered.yaml", output);
      Path current =
          folder(
              root,
              "after",
              "rendered.yaml",
              edited(
                  output,
                  "DaemonSet",
                  "racer",
                  daemonSet ->
                      at(daemonSet, "metadata", "annotations")
                          .put("racer.unbounded-cloud.io/settings", "RACER_PEER_PORT=9100\n")));
      DiffSides.Report report = json(before, current);
      assertThat(report.rollout()).isFalse();
      assertThat(report.object("DaemonSet", "racer"))
          .containsEntry("change", "changed")
          .containsEntry("rollout", false);
      assertThat(report.paths("DaemonSet", "racer"))
          .containsExactly("metadata.annotations[\"racer.unbounded-cloud.io/settings\"]");
    }
  }

  @Test
  @DisplayName(
      "settings renamed by their hash (kustomize's generator), compared as they are: the keys named")
  @SuppressWarnings("unchecked")
  void hashedSettingsName() {
    String renamed =
        edited(
            edited(
                output,
                "ConfigMap",
                "racer-settings",
                settings -> at(settings, "metadata").put("name", "racer-settings-7b9f")),
            "DaemonSet",
            "racer",
            daemonSet -> {
              List<Map<String, Object>> containers =
                  (List<Map<String, Object>>)
                      at(daemonSet, "spec", "template", "spec").get("containers");
              for (Map<String, Object> source :
                  (List<Map<String, Object>>) containers.get(0).get("envFrom")) {
                ((Map<String, Object>) source.get("configMapRef"))
                    .put("name", "racer-settings-7b9f");
              }
            });
    Path before = folder(root, "before", "all.yaml", renamed);
    String changedSettings =
        edited(
            renamed.replace("racer-settings-7b9f", "racer-settings-c41d"),
            "ConfigMap",
            "racer-settings-c41d",
            settings -> at(settings, "data").put("RACER_SLAB_BYTES", "1073741824"));
    Path after = folder(root, "after", "all.yaml", changedSettings);
    DiffSides.Report report = json(before, after);
    assertThat(report.object("ConfigMap", "racer-settings-7b9f"))
        .containsEntry("change", "removed");
    assertThat(report.object("ConfigMap", "racer-settings-c41d")).containsEntry("change", "added");
    assertThat(report.object("DaemonSet", "racer")).containsEntry("rollout", true);
    assertThat(report.reasons("DaemonSet", "racer"))
        .containsExactly(
            "racer-settings changed: RACER_SLAB_BYTES \"2147483648\" -> \"1073741824\"");
  }

  @Test
  @DisplayName("a ServiceAccount annotation changes the ServiceAccount and rolls nothing")
  void serviceAccountAnnotation() {
    Path current =
        folder(
            inputs(root, "new", SETTINGS, FUNCTION_CONFIG).getParent(),
            "new",
            "serviceaccount.yaml",
            ACCOUNT + "  annotations:\n    azure.workload.identity/client-id: 0000-1111\n");
    DiffSides.Report report = json(old, current);
    assertThat(report.rollout()).isFalse();
    assertThat(report.object("ServiceAccount", "racer"))
        .containsEntry("change", "changed")
        .containsEntry("rollout", null)
        .containsEntry("pace", null);
    assertThat(report.paths("ServiceAccount", "racer"))
        .containsExactly("metadata.annotations[\"azure.workload.identity/client-id\"]");
    assertThat(report.object("DaemonSet", "racer")).isNull();
  }

  @Test
  @DisplayName("the image tag rolls the dataplane, naming both images")
  void imageTag() {
    Path current = inputs(root, "new", SETTINGS, FUNCTION_CONFIG + "  imageTag: 0.19.1\n");
    DiffSides.Report report = json(old, current);
    assertThat(report.object("DaemonSet", "racer")).containsEntry("rollout", true);
    assertThat(report.reasons("DaemonSet", "racer"))
        .containsExactlyInAnyOrder(
            "the image of container dataplane: \"registry.example.com/racer/racer-dataplane:0.19.0\""
                + " -> \"registry.example.com/racer/racer-dataplane:0.19.1\"",
            "the racer-object image: \"registry.example.com/racer/racer-object:0.19.0\""
                + " -> \"registry.example.com/racer/racer-object:0.19.1\"");
  }

  @Test
  @DisplayName("the update strategy rolls no pod, and the new pace is said")
  void updateStrategy() {
    Path current =
        patched(
            "DaemonSet",
            "racer",
            daemonSet ->
                at(daemonSet, "spec")
                    .put(
                        "updateStrategy",
                        Map.of(
                            "type",
                            "RollingUpdate",
                            "rollingUpdate",
                            Map.of("maxUnavailable", "10%"))));
    DiffSides.Report report = json(old, current);
    assertThat(report.rollout()).isFalse();
    assertThat(report.object("DaemonSet", "racer"))
        .containsEntry("rollout", false)
        .containsEntry(
            "pace",
            "10% of the nodes at a time (maxUnavailable 10%), 10 s between (minReadySeconds), once"
                + " the new pods are ready");
    assertThat(report.reasons("DaemonSet", "racer")).isEmpty();
    assertThat(report.paths("DaemonSet", "racer"))
        .containsExactly("spec.updateStrategy.rollingUpdate.maxUnavailable");
  }

  @Test
  @DisplayName(
      "a toleration patched onto the dataplane rolls it and the cache origin, which follows its placement")
  void toleration() {
    Path current =
        patched(
            "DaemonSet",
            "racer",
            daemonSet ->
                at(daemonSet, "spec", "template", "spec")
                    .put(
                        "tolerations",
                        List.of(
                            Map.of("key", "gpu", "operator", "Exists", "effect", "NoSchedule"))));
    DiffSides.Report report = json(old, current);
    for (String name : List.of("racer", "models-origin")) {
      assertThat(report.object("DaemonSet", name)).as(name).containsEntry("rollout", true);
      assertThat(report.reasons("DaemonSet", name))
          .as(name)
          .containsExactly("the placement: tolerations");
    }
  }

  @Test
  @DisplayName("a label on the DaemonSet's own metadata changes it and rolls nothing")
  void ownLabel() {
    Path current =
        patched(
            "DaemonSet",
            "racer",
            daemonSet -> at(daemonSet, "metadata", "labels").put("team", "ml"));
    DiffSides.Report report = json(old, current);
    assertThat(report.rollout()).isFalse();
    assertThat(report.object("DaemonSet", "racer")).containsEntry("rollout", false);
    assertThat(report.paths("DaemonSet", "racer")).containsExactly("metadata.labels.team");
  }

  @Test
  @DisplayName("comments and key order only: no change at all")
  void commentsAndOrder() {
    String reordered =
        """
        # the settings, keys in another order
        data:
          RACER_SLAB_BYTES: "2147483648"   # 2 GiB
          RACER_CONTROL_SEATS: "3"
          RACER_NVIDIA: "off"
        metadata:
          namespace: racer
          name: racer-settings
        kind: ConfigMap
        apiVersion: v1
        """;
    Path current = inputs(root, "new", reordered, FUNCTION_CONFIG);
    DiffSides.Report report = json(old, current);
    assertThat(report.rollout()).isFalse();
    assertThat(report.objects()).isEmpty();
    assertThat(report.tree()).containsEntry("unchanged", 4);
  }

  @Test
  @DisplayName("an API-server default written on one side only is no change")
  void defaultOnOneSide() {
    Path current =
        patched(
            "DaemonSet",
            "models-origin",
            origin -> {
              at(origin, "spec").put("revisionHistoryLimit", 10);
              at(origin, "spec", "template", "spec").put("schedulerName", "default-scheduler");
              at(origin, "spec", "template", "spec").put("dnsPolicy", "ClusterFirst");
            });
    DiffSides.Report report = json(old, current);
    assertThat(report.rollout()).isFalse();
    assertThat(report.objects()).isEmpty();
  }

  @Test
  @DisplayName("a changed selector is an error: the API server refuses it")
  void selector() {
    Path current =
        patched(
            "DaemonSet",
            "models-origin",
            origin -> {
              at(origin, "spec", "selector", "matchLabels").put("tier", "cache");
              at(origin, "spec", "template", "metadata", "labels").put("tier", "cache");
            });
    KrmRun run = KrmRun.command("diff", old.toString(), current.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).isEmpty();
    assertThat(run.stderr())
        .contains(
            "error: NEW (" + current + "): DaemonSet racer/models-origin: the selector changes")
        .contains("(the selector of a DaemonSet is immutable): applying the new side would fail");
  }
}
