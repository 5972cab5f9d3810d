package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.codec.Fabric8Trees;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code placement.affinity}, the one value combined with its field by a rule of its own (the
 * table's {@code COMBINES}): the chart puts the dataplane's two required expressions first in every
 * required term of it, so it is written from the adopted pod's affinity without them, and applied
 * merged into the pod spec key by key, as a strategic merge patch does (the function restores the
 * dataplane's terms). The other placement values are plain fields ({@link FieldValues}).
 */
final class AffinityValue implements ValueGroup {
  private static final FieldPath AFFINITY =
      FieldValues.path(ChartValue.PLACEMENT_AFFINITY.field().orElseThrow());
  private static final FieldPath VALUE = FieldPath.of(ChartValue.PLACEMENT_AFFINITY.path());

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    Map<String, Object> affinity = PlainTrees.asMap(PlainTrees.copy(dataplane.value(AFFINITY)));
    if (affinity != null) {
      withoutDataplaneTerm(affinity);
      if (!affinity.isEmpty()) {
        VALUE.putIn(values, affinity);
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    Map<String, Object> affinity = PlainTrees.asMap(VALUE.valueIn(values));
    if (affinity == null) {
      return;
    }
    Map<String, Object> own = PlainTrees.asMap(AFFINITY.valueIn(daemonSet));
    if (own == null) {
      AFFINITY.putIn(daemonSet, PlainTrees.copy(affinity));
    } else {
      PlainTrees.merge(own, affinity);
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
