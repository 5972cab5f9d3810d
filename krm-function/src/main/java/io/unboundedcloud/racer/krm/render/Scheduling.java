package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.List;

/**
 * Dataplane scheduling is added to, never replaced: every required node-selector term gets the
 * dataplane's two expressions first, the user's terms, expressions, fields, preferences and pod
 * (anti-)affinity stay.
 */
final class Scheduling {
  private Scheduling() {}

  static Affinity addDataplaneTerms(Affinity affinity) {
    Affinity result = affinity == null ? new Affinity() : new AffinityBuilder(affinity).build();
    NodeAffinity node =
        result.getNodeAffinity() == null ? new NodeAffinity() : result.getNodeAffinity();
    result.setNodeAffinity(node);
    NodeSelector required = node.getRequiredDuringSchedulingIgnoredDuringExecution();
    List<NodeSelectorTerm> terms =
        required == null || required.getNodeSelectorTerms() == null
            ? List.of()
            : required.getNodeSelectorTerms();
    List<NodeSelectorTerm> merged = new ArrayList<>();
    for (NodeSelectorTerm term : terms) {
      merged.add(withDataplaneExpressions(term));
    }
    if (merged.isEmpty()) {
      merged.add(withDataplaneExpressions(new NodeSelectorTerm()));
    }
    NodeSelector selector = required == null ? new NodeSelector() : required;
    selector.setNodeSelectorTerms(merged);
    node.setRequiredDuringSchedulingIgnoredDuringExecution(selector);
    return result;
  }

  private static NodeSelectorTerm withDataplaneExpressions(NodeSelectorTerm term) {
    List<NodeSelectorRequirement> ours = Dataplane.requiredExpressions();
    List<NodeSelectorRequirement> expressions = new ArrayList<>(ours);
    if (term.getMatchExpressions() != null) {
      for (NodeSelectorRequirement expression : term.getMatchExpressions()) {
        if (!ours.contains(expression)) {
          expressions.add(expression);
        }
      }
    }
    return new NodeSelectorTermBuilder(term).withMatchExpressions(expressions).build();
  }
}
