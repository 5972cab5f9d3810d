package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.codec.Fabric8Trees;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code placement}: the node selector, the tolerations and the affinity of the dataplane pods,
 * added to the dataplane's own. Written from the adopted pod spec, without the dataplane's two
 * required expressions, which the chart puts first in every required term again.
 */
final class PlacementValues implements ValueGroup {
  private static final FieldPath POD = FieldPath.of("spec.template.spec");

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    Map<String, Object> pod = PlainTrees.asMap(dataplane.value(POD));
    Map<String, Object> placement = new LinkedHashMap<>();
    if (pod.get("nodeSelector") instanceof Map<?, ?> selector && !selector.isEmpty()) {
      placement.put(ChartValue.PLACEMENT_NODE_SELECTOR.key(), PlainTrees.copy(selector));
    }
    if (pod.get("tolerations") instanceof List<?> tolerations && !tolerations.isEmpty()) {
      placement.put(ChartValue.PLACEMENT_TOLERATIONS.key(), PlainTrees.copy(tolerations));
    }
    Map<String, Object> affinity = PlainTrees.asMap(PlainTrees.copy(pod.get("affinity")));
    if (affinity != null) {
      withoutDataplaneTerm(affinity);
      if (!affinity.isEmpty()) {
        placement.put(ChartValue.PLACEMENT_AFFINITY.key(), affinity);
      }
    }
    if (!placement.isEmpty()) {
      values.put(ChartValue.PLACEMENT.path(), placement);
    }
  }

  /**
   * Merged into the pod spec key by key, as a strategic merge patch does; the function restores the
   * dataplane's terms.
   */
  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    Map<String, Object> placement = PlainTrees.asMap(values.get(ChartValue.PLACEMENT.path()));
    if (placement != null) {
      PlainTrees.merge(PlainTrees.asMap(POD.valueIn(daemonSet)), placement);
    }
  }

  /**
   * Removes the dataplane's two expressions from each required term (the chart puts them first
   * again), and the required terms altogether when all that is left is one empty term (the chart
   * then renders the dataplane's).
   */
  private static void withoutDataplaneTerm(Map<String, Object> affinity) {
    Map<String, Object> node = PlainTrees.asMap(affinity.get("nodeAffinity"));
    if (node == null) {
      return;
    }
    Map<String, Object> required =
        PlainTrees.asMap(node.get("requiredDuringSchedulingIgnoredDuringExecution"));
    if (required != null && required.get("nodeSelectorTerms") instanceof List<?> terms) {
      List<Object> ours =
          Dataplane.requiredExpressions().stream()
              .map(e -> (Object) Fabric8Trees.write(e))
              .toList();
      List<Map<String, Object>> kept = new ArrayList<>();
      for (Object term : terms) {
        Map<String, Object> copy = PlainTrees.copyMap(PlainTrees.asMap(term));
        if (copy.get("matchExpressions") instanceof List<?> expressions) {
          List<Object> own =
              expressions.stream()
                  .filter(
                      expression ->
                          ours.stream().noneMatch(our -> PlainTrees.same(our, expression)))
                  .map(expression -> (Object) expression)
                  .toList();
          if (own.isEmpty()) {
            copy.remove("matchExpressions");
          } else {
            copy.put("matchExpressions", own);
          }
        }
        kept.add(copy);
      }
      if (kept.size() == 1 && kept.get(0).isEmpty()) {
        node.remove("requiredDuringSchedulingIgnoredDuringExecution");
      } else {
        required.put("nodeSelectorTerms", kept);
      }
    }
    if (node.isEmpty()) {
      affinity.remove("nodeAffinity");
    }
  }
}
