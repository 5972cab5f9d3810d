package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** NodePlacement.placementOf and applyTo: what a cache origin copies from the dataplane. */
@DisplayName("NodePlacement")
class NodePlacementTest {

  /**
   * A dataplane pod spec a user changed: extra node affinity, a node selector, tolerations, pod
   * rules.
   */
  private static PodSpec dataplanePod() {
    return new PodSpecBuilder()
        .withAffinity(
            new AffinityBuilder()
                .withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addToNodeSelectorTerms(
                    term("racer.unbounded-cloud.io/exclude", "DoesNotExist"),
                    term("topology.kubernetes.io/zone", "In", "zone-a", "zone-b"))
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewPreferredDuringSchedulingIgnoredDuringExecution()
                .withWeight(10)
                .withPreference(term("accelerator", "Exists"))
                .endPreferredDuringSchedulingIgnoredDuringExecution()
                .endNodeAffinity()
                .withNewPodAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector()
                .addToMatchLabels("app", "cache")
                .endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAffinity()
                .withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector()
                .addToMatchLabels("app.kubernetes.io/name", "racer")
                .endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity()
                .build())
        .addToNodeSelector("pool", "gpu")
        .addToNodeSelector("kubernetes.io/arch", "amd64")
        .withTolerations(
            new TolerationBuilder()
                .withKey("nvidia.com/gpu")
                .withOperator("Exists")
                .withEffect("NoSchedule")
                .build(),
            new TolerationBuilder()
                .withKey("dedicated")
                .withOperator("Equal")
                .withValue("racer")
                .withEffect("NoExecute")
                .withTolerationSeconds(30L)
                .build())
        .build();
  }

  /** An origin pod spec with placement of its own and pod (anti-)affinity it must keep. */
  private static PodSpec originPod() {
    return new PodSpecBuilder()
        .withAffinity(
            new AffinityBuilder()
                .withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addToNodeSelectorTerms(term("origin-only", "Exists"))
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endNodeAffinity()
                .withNewPodAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector()
                .addToMatchLabels("app.kubernetes.io/name", "racer")
                .endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAffinity()
                .withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector()
                .addToMatchLabels("app", "other-origin")
                .endLabelSelector()
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity()
                .build())
        .addToNodeSelector("origin", "yes")
        .withTolerations(new TolerationBuilder().withKey("origin").withOperator("Exists").build())
        .build();
  }

  private static NodeSelectorTerm term(String key, String operator, String... values) {
    return new NodeSelectorTermBuilder()
        .addToMatchExpressions(
            new NodeSelectorRequirementBuilder()
                .withKey(key)
                .withOperator(operator)
                .withValues(values.length == 0 ? null : new ArrayList<>(List.of(values)))
                .build())
        .build();
  }

  @Nested
  @DisplayName("placementOf")
  class PlacementOf {
    @Test
    @DisplayName("copies the node affinity, node selector and tolerations")
    void copiesNodeLevelConstraints() {
      NodePlacement placement = NodePlacement.placementOf(dataplanePod());

      assertThat(plain(placement.affinity().getNodeAffinity()))
          .isEqualTo(plain(dataplanePod().getAffinity().getNodeAffinity()));
      assertThat(placement.nodeSelector())
          .isEqualTo(Map.of("pool", "gpu", "kubernetes.io/arch", "amd64"));
      assertThat(plain(placement.tolerations())).isEqualTo(plain(dataplanePod().getTolerations()));
    }

    @Test
    @DisplayName("never copies pod affinity or anti-affinity: they are relative to dataplane pods")
    void neverCopiesPodAffinity() {
      Affinity affinity = NodePlacement.placementOf(dataplanePod()).affinity();

      assertThat(affinity.getPodAffinity()).isNull();
      assertThat(affinity.getPodAntiAffinity()).isNull();
    }

    @Test
    @DisplayName("a pod with only pod (anti-)affinity gives no affinity")
    void onlyPodAffinityGivesNone() {
      PodSpec pod = dataplanePod();
      pod.getAffinity().setNodeAffinity(null);

      assertThat(NodePlacement.placementOf(pod).affinity()).isNull();
    }

    @Test
    @DisplayName("an empty pod spec gives an empty placement")
    void emptyPodSpec() {
      PodSpec withNulls = new PodSpec();
      withNulls.setNodeSelector(null);
      withNulls.setTolerations(null);

      for (PodSpec pod : List.of(new PodSpec(), withNulls)) {
        NodePlacement placement = NodePlacement.placementOf(pod);

        assertThat(placement.affinity()).isNull();
        assertThat(placement.nodeSelector()).isEmpty();
        assertThat(placement.tolerations()).isEmpty();
      }
    }

    @Test
    @DisplayName(
        "is a deep copy: changing the copy's terms, tolerations or node selector never changes the pod")
    void changingTheCopyLeavesThePod() {
      PodSpec pod = dataplanePod();
      NodePlacement copy = NodePlacement.placementOf(pod);

      var required =
          copy.affinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
      required.getNodeSelectorTerms().get(0).getMatchExpressions().get(0).setKey("changed");
      required.getNodeSelectorTerms().get(1).getMatchExpressions().get(0).getValues().add("zone-c");
      required
          .getNodeSelectorTerms()
          .get(1)
          .getMatchExpressions()
          .add(term("added", "Exists").getMatchExpressions().get(0));
      required.getNodeSelectorTerms().add(term("another", "Exists"));
      copy.affinity()
          .getNodeAffinity()
          .getPreferredDuringSchedulingIgnoredDuringExecution()
          .get(0)
          .setWeight(99);
      copy.tolerations().get(0).setKey("changed");
      copy.tolerations().get(1).setTolerationSeconds(1L);
      // the record is immutable: its map and list refuse changes, which can then never reach the
      // pod
      Throwable selectorChange = catchThrowable(() -> copy.nodeSelector().put("pool", "cpu"));
      Throwable tolerationsChange = catchThrowable(() -> copy.tolerations().add(new Toleration()));

      assertThat(selectorChange).isInstanceOf(UnsupportedOperationException.class);
      assertThat(tolerationsChange).isInstanceOf(UnsupportedOperationException.class);
      assertThat(plain(pod)).isEqualTo(plain(dataplanePod()));
    }

    @Test
    @DisplayName("is a deep copy: changing the pod never changes the copy")
    void changingThePodLeavesTheCopy() {
      PodSpec pod = dataplanePod();
      NodePlacement copy = NodePlacement.placementOf(pod);
      Map<String, Object> before = plain(NodePlacement.placementOf(dataplanePod()));

      var required =
          pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
      required.getNodeSelectorTerms().get(0).getMatchExpressions().get(0).setOperator("Exists");
      required.getNodeSelectorTerms().get(1).getMatchExpressions().get(0).getValues().clear();
      required.getNodeSelectorTerms().add(term("another", "Exists"));
      pod.getAffinity()
          .getNodeAffinity()
          .getPreferredDuringSchedulingIgnoredDuringExecution()
          .clear();
      pod.getNodeSelector().put("pool", "cpu");
      pod.getNodeSelector().put("new", "entry");
      pod.getTolerations().get(0).setEffect("NoExecute");
      pod.getTolerations()
          .add(new TolerationBuilder().withKey("added").withOperator("Exists").build());

      assertThat(plain(copy)).isEqualTo(before);
    }
  }

  @Nested
  @DisplayName("applyTo")
  class ApplyTo {
    @Test
    @DisplayName("replaces the node affinity, node selector and tolerations of the target")
    void replacesPlacement() {
      PodSpec origin = originPod();

      NodePlacement.placementOf(dataplanePod()).applyTo(origin);

      assertThat(plain(origin.getAffinity().getNodeAffinity()))
          .isEqualTo(plain(dataplanePod().getAffinity().getNodeAffinity()));
      assertThat(origin.getNodeSelector())
          .isEqualTo(Map.of("pool", "gpu", "kubernetes.io/arch", "amd64"));
      assertThat(plain(origin.getTolerations())).isEqualTo(plain(dataplanePod().getTolerations()));
    }

    @Test
    @DisplayName("keeps the target's own pod affinity and anti-affinity")
    void keepsPodAffinity() {
      PodSpec origin = originPod();

      NodePlacement.placementOf(dataplanePod()).applyTo(origin);

      assertThat(plain(origin.getAffinity().getPodAffinity()))
          .isEqualTo(plain(originPod().getAffinity().getPodAffinity()));
      assertThat(plain(origin.getAffinity().getPodAntiAffinity()))
          .isEqualTo(plain(originPod().getAffinity().getPodAntiAffinity()));
    }

    @Test
    @DisplayName(
        "an empty placement removes the target's node-level constraints and keeps its pod affinity")
    void emptyPlacement() {
      PodSpec origin = originPod();

      NodePlacement.placementOf(new PodSpec()).applyTo(origin);

      assertThat(origin.getAffinity().getNodeAffinity()).isNull();
      assertThat(origin.getNodeSelector()).isNullOrEmpty();
      assertThat(origin.getTolerations()).isNullOrEmpty();
      assertThat(plain(origin.getAffinity().getPodAffinity()))
          .isEqualTo(plain(originPod().getAffinity().getPodAffinity()));
    }

    @Test
    @DisplayName("an empty placement on a target without pod affinity leaves no affinity at all")
    void emptyPlacementNoAffinity() {
      PodSpec target = new PodSpecBuilder().withAffinity(Dataplane.dataplaneAffinity()).build();

      NodePlacement.placementOf(new PodSpec()).applyTo(target);

      assertThat(target.getAffinity()).isNull();
    }

    @Test
    @DisplayName("puts a copy: changing the target afterwards never changes the placement")
    void appliesACopy() {
      NodePlacement placement = NodePlacement.placementOf(dataplanePod());
      Map<String, Object> before = plain(placement);
      PodSpec origin = originPod();

      placement.applyTo(origin);
      origin
          .getAffinity()
          .getNodeAffinity()
          .getRequiredDuringSchedulingIgnoredDuringExecution()
          .getNodeSelectorTerms()
          .get(0)
          .getMatchExpressions()
          .get(0)
          .setKey("changed");
      origin.getNodeSelector().put("pool", "cpu");
      origin.getTolerations().get(0).setKey("changed");

      assertThat(plain(placement)).isEqualTo(before);
    }

    @Test
    @DisplayName("round-trips: the placement of the target is the placement applied")
    void roundTrip() {
      NodePlacement placement = NodePlacement.placementOf(dataplanePod());
      PodSpec origin = originPod();

      placement.applyTo(origin);

      assertThat(plain(NodePlacement.placementOf(origin))).isEqualTo(plain(placement));
    }
  }
}
