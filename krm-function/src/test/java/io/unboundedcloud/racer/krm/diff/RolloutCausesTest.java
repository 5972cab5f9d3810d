package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reasons diff gives for a rollout, from the differences of a DaemonSet's pod template: each
 * cause named once, a field named as itself unless the settings explain it.
 */
@DisplayName("RolloutCauses: why a workload's pods restart, in words")
class RolloutCausesTest {
  private static final FieldPath TEMPLATE = FieldPath.of("spec.template");
  private static final FieldPath POD_SPEC = TEMPLATE.key("spec");
  private static final List<String> NVIDIA_CHANGED = List.of("RACER_NVIDIA: \"off\" -> \"cdi\"");

  private static Difference changed(FieldPath at, Object before, Object after) {
    return new Difference(at, before, after, false);
  }

  /** The CDI request the function adds to the pod template when NVIDIA mode becomes cdi. */
  private static final Difference CDI_REQUESTED =
      changed(
          TEMPLATE.key("metadata").key("annotations").key(NvidiaInjection.CDI_ANNOTATION),
          null,
          "nvidia.com/gpu=all");

  private static List<String> reasons(List<String> settings, Difference... differences) {
    return RolloutCauses.of(List.of(differences), TEMPLATE, settings);
  }

  @Nested
  @DisplayName("images and resources: the container named, containers and init containers alike")
  class Containers {
    @Test
    @DisplayName("an init container's image: its name and both images")
    void initContainerImage() {
      assertThat(
              reasons(
                  List.of(),
                  changed(
                      POD_SPEC.key("initContainers").named("wait-for-gpu").key("image"),
                      "busybox:1.36",
                      "busybox:1.37")))
          .containsExactly(
              "the image of container wait-for-gpu: \"busybox:1.36\" -> \"busybox:1.37\"");
    }

    @Test
    @DisplayName(
        "an image volume's image and a volume's resources are no container's: fields of the pod template")
    void volumesAreNoContainers() {
      FieldPath image = POD_SPEC.key("volumes").named("models").key("image");
      FieldPath resources = POD_SPEC.key("volumes").named("scratch").key("resources");
      assertThat(
              reasons(
                  List.of(),
                  changed(image, null, Map.of("reference", "registry.example.com/models:2")),
                  changed(resources, null, Map.of("requests", Map.of("storage", "1Gi")))))
          .containsExactly(
              "a field of the pod template: " + image, "a field of the pod template: " + resources);
    }

    @Test
    @DisplayName("a container's resources: the container named")
    void resources() {
      assertThat(
              reasons(
                  List.of(),
                  changed(
                      POD_SPEC.key("containers").named("dataplane").key("resources"),
                      Map.of("limits", Map.of("memory", "1Gi")),
                      Map.of("limits", Map.of("memory", "2Gi")))))
          .containsExactly("the resources of container dataplane");
    }

    @Test
    @DisplayName("a container added whole: named as a field of the pod template")
    void containerAdded() {
      assertThat(
              reasons(
                  List.of(),
                  changed(
                      POD_SPEC.key("containers").named("sidecar"),
                      null,
                      Map.of("name", "sidecar", "image", "sidecar:1"))))
          .containsExactly(
              "a field of the pod template: spec.template.spec.containers[name=sidecar]");
    }

    @Test
    @DisplayName("the pod template gaining metadata whole: named as a field of the pod template")
    void metadataAdded() {
      assertThat(
              reasons(
                  List.of(),
                  changed(TEMPLATE.key("metadata"), null, Map.of("labels", Map.of("a", "b")))))
          .containsExactly("a field of the pod template: spec.template.metadata");
    }
  }

  @Nested
  @DisplayName("racer-settings changed: the fields they shape are the settings' doing, others not")
  class Settings {
    @Test
    @DisplayName(
        "the CDI annotation and the NVIDIA env changed with the settings: one reason, the keys")
    void shapedBySettings() {
      assertThat(
              reasons(
                  NVIDIA_CHANGED,
                  CDI_REQUESTED,
                  changed(
                      POD_SPEC
                          .key("containers")
                          .named("dataplane")
                          .key("env")
                          .named("NVIDIA_VISIBLE_DEVICES"),
                      null,
                      Map.of("name", "NVIDIA_VISIBLE_DEVICES", "value", "void"))))
          .containsExactly("racer-settings changed: RACER_NVIDIA: \"off\" -> \"cdi\"");
    }

    @Test
    @DisplayName(
        "a field the settings do not shape, changed with them: named apart, after the settings")
    void notShaped() {
      assertThat(
              reasons(
                  NVIDIA_CHANGED,
                  CDI_REQUESTED,
                  changed(POD_SPEC.key("priorityClassName"), null, "system-node-critical")))
          .containsExactly(
              "racer-settings changed: RACER_NVIDIA: \"off\" -> \"cdi\"",
              "a field of the pod template: spec.template.spec.priorityClassName");
    }

    @Test
    @DisplayName("the CDI annotation changed while the settings did not: named as a field")
    void cdiWithoutSettings() {
      assertThat(reasons(List.of(), CDI_REQUESTED))
          .containsExactly(
              "a field of the pod template: spec.template.metadata.annotations[\"cdi.k8s.io/racer\"]");
    }

    /**
     * Fields the settings shape in any container or workload, and each field the shape-key table
     * says its keys shape in the dataplane (a new shape key's fields are held here as soon as it is
     * in the table).
     */
    static List<FieldPath> shapedAnywhere() {
      FieldPath origin = POD_SPEC.key("containers").named("origin");
      List<FieldPath> fields =
          new ArrayList<>(
              List.of(
                  origin.key("env").named("RACER_PEER_PORT"),
                  origin.key("envFrom"),
                  origin.key("ports"),
                  POD_SPEC.key("initContainers").named("init").key("volumeMounts"),
                  POD_SPEC.key("volumes").named("nvidia"),
                  POD_SPEC.key("hostNetwork"),
                  POD_SPEC.key("dnsPolicy")));
      ShapeKeys.shapedFields().keySet().forEach(field -> fields.add(DataplaneWiring.at(field)));
      return fields;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    @DisplayName(
        "a field the settings shape, in any container or workload or by the shape-key table: the"
            + " settings' doing")
    void shapedAnywhere(FieldPath at) {
      assertThat(reasons(NVIDIA_CHANGED, changed(at, null, "x")))
          .containsExactly("racer-settings changed: RACER_NVIDIA: \"off\" -> \"cdi\"");
    }
  }
}
