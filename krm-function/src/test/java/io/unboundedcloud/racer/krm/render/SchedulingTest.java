package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTermBuilder;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName(
    "Scheduling: the dataplane's node-selector expressions are added to the user's affinity, never replace it")
class SchedulingTest {
  private static final List<NodeSelectorRequirement> OURS = Dataplane.requiredExpressions();
  private static final NodeSelectorRequirement GPU =
      new NodeSelectorRequirementBuilder()
          .withKey("nvidia.com/gpu.present")
          .withOperator("Exists")
          .build();
  private static final NodeSelectorRequirement ZONE =
      new NodeSelectorRequirementBuilder()
          .withKey("topology.kubernetes.io/zone")
          .withOperator("In")
          .withValues("a", "b")
          .build();

  private static List<NodeSelectorTerm> requiredTerms(Affinity affinity) {
    return affinity
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms();
  }

  private static Affinity required(NodeSelectorTerm... terms) {
    return new AffinityBuilder()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .withNodeSelectorTerms(terms)
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .build();
  }

  private static NodeSelectorTerm term(NodeSelectorRequirement... expressions) {
    return new NodeSelectorTermBuilder().withMatchExpressions(expressions).build();
  }

  private static List<NodeSelectorRequirement> oursThen(NodeSelectorRequirement... theirs) {
    List<NodeSelectorRequirement> expressions = new ArrayList<>(OURS);
    expressions.addAll(List.of(theirs));
    return expressions;
  }

  @Nested
  @DisplayName("where the user has no required node affinity")
  class NoneOfTheirs {
    @Test
    @DisplayName("no affinity at all becomes exactly the dataplane's own")
    void noAffinity() {
      assertThat(Scheduling.addDataplaneTerms(null)).isEqualTo(Dataplane.dataplaneAffinity());
    }

    @Test
    @DisplayName("pod anti-affinity stays, and the dataplane's required term is added beside it")
    void podAntiAffinityStays() {
      Affinity theirs =
          new AffinityBuilder()
              .withNewPodAntiAffinity()
              .addToRequiredDuringSchedulingIgnoredDuringExecution(
                  new PodAffinityTermBuilder().withTopologyKey("kubernetes.io/hostname").build())
              .endPodAntiAffinity()
              .build();

      Affinity merged = Scheduling.addDataplaneTerms(theirs);

      assertThat(merged.getPodAntiAffinity()).isEqualTo(theirs.getPodAntiAffinity());
      assertThat(requiredTerms(merged))
          .containsExactly(term(OURS.toArray(NodeSelectorRequirement[]::new)));
    }

    @Test
    @DisplayName("preferred node terms stay, and the dataplane's required term is added")
    void preferredStays() {
      Affinity theirs =
          new AffinityBuilder()
              .withNewNodeAffinity()
              .addToPreferredDuringSchedulingIgnoredDuringExecution(
                  new PreferredSchedulingTermBuilder()
                      .withWeight(10)
                      .withPreference(term(ZONE))
                      .build())
              .endNodeAffinity()
              .build();

      Affinity merged = Scheduling.addDataplaneTerms(theirs);

      assertThat(merged.getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution())
          .isEqualTo(theirs.getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution());
      assertThat(requiredTerms(merged))
          .containsExactly(term(OURS.toArray(NodeSelectorRequirement[]::new)));
    }

    @Test
    @DisplayName("an empty list of required terms gets the dataplane's one term")
    void emptyTerms() {
      assertThat(requiredTerms(Scheduling.addDataplaneTerms(required())))
          .containsExactly(term(OURS.toArray(NodeSelectorRequirement[]::new)));
    }
  }

  @Nested
  @DisplayName("the user's required terms")
  class TheirTerms {
    @Test
    @DisplayName(
        "each keeps its expressions, after the dataplane's two, in order: the terms are ORed")
    void eachTermGetsOurs() {
      Affinity merged = Scheduling.addDataplaneTerms(required(term(GPU), term(ZONE, GPU)));

      assertThat(requiredTerms(merged))
          .extracting(NodeSelectorTerm::getMatchExpressions)
          .containsExactly(oursThen(GPU), oursThen(ZONE, GPU));
    }

    @Test
    @DisplayName(
        "an expression equal to one of the dataplane's is not written twice; ours come first")
    void noDuplicates() {
      Affinity merged = Scheduling.addDataplaneTerms(required(term(GPU, OURS.get(1), OURS.get(0))));

      assertThat(requiredTerms(merged).get(0).getMatchExpressions())
          .containsExactlyElementsOf(oursThen(GPU));
    }

    @Test
    @DisplayName("match fields stay")
    void matchFieldsStay() {
      NodeSelectorTerm withFields =
          new NodeSelectorTermBuilder()
              .addNewMatchField()
              .withKey("metadata.name")
              .withOperator("In")
              .withValues("node-1")
              .endMatchField()
              .build();

      Affinity merged = Scheduling.addDataplaneTerms(required(withFields));

      assertThat(requiredTerms(merged).get(0).getMatchFields())
          .isEqualTo(withFields.getMatchFields());
      assertThat(requiredTerms(merged).get(0).getMatchExpressions()).isEqualTo(OURS);
    }
  }

  @Test
  @DisplayName("adding twice gives what adding once gives")
  void idempotent() {
    Affinity once = Scheduling.addDataplaneTerms(required(term(GPU), term(ZONE)));
    assertThat(Scheduling.addDataplaneTerms(once)).isEqualTo(once);
  }

  @Test
  @DisplayName("the user's affinity object is left as it was")
  void inputUnchanged() {
    Affinity theirs = required(term(GPU));

    Scheduling.addDataplaneTerms(theirs);

    assertThat(theirs).isEqualTo(required(term(GPU)));
  }
}
