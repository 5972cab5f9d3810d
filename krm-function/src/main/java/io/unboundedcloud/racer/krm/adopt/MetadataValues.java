package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.chart.DeliveryLabels;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values of the objects' metadata, which no pod template holds: {@code daemonSetAnnotations},
 * the adopted DaemonSet's annotations but the record of its images, and {@code commonLabels}, the
 * labels that the DaemonSet, its ServiceAccount and racer-settings all carry with one value, but
 * the chart's own (selector and delivery labels).
 */
final class MetadataValues implements ValueGroup {
  private static final FieldPath ANNOTATIONS = FieldPath.of("metadata.annotations");
  private static final FieldPath LABELS = FieldPath.of("metadata.labels");

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    Map<String, Object> annotations = PlainTrees.asMap(dataplane.value(ANNOTATIONS));
    if (annotations != null) {
      // the record of the images is the chart's own, rendered from the images' values
      Map<String, Object> theirs = PlainTrees.copyMap(annotations);
      theirs.keySet().removeAll(Dataplane.RECORD_ANNOTATIONS);
      if (!theirs.isEmpty()) {
        values.put(ChartValue.DAEMON_SET_ANNOTATIONS.path(), theirs);
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    Map<String, Object> annotations =
        PlainTrees.asMap(values.get(ChartValue.DAEMON_SET_ANNOTATIONS.path()));
    if (annotations != null && !annotations.isEmpty()) {
      ANNOTATIONS.putIn(daemonSet, PlainTrees.copyMap(annotations));
    }
  }

  /**
   * {@code commonLabels}: the labels every one of {@code objects} carries with the same value,
   * without the chart's own; empty when there are none.
   */
  static Map<String, Object> commonLabels(List<Map<String, Object>> objects) {
    Map<String, Object> common = null;
    for (Map<String, Object> object : objects) {
      Map<String, Object> labels = object == null ? null : PlainTrees.asMap(LABELS.valueIn(object));
      Map<String, Object> these = labels == null ? Map.of() : labels;
      if (common == null) {
        common = new LinkedHashMap<>(these);
      } else {
        common.entrySet().removeIf(e -> !Objects.equals(these.get(e.getKey()), e.getValue()));
      }
    }
    if (common == null) {
      return new LinkedHashMap<>();
    }
    common.keySet().removeAll(Dataplane.labels().keySet());
    common.keySet().remove(CacheOrigin.LABEL);
    common.keySet().removeAll(DeliveryLabels.KEYS);
    return common;
  }
}
