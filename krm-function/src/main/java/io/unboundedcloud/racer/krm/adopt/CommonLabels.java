package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueField;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code commonLabels}, the one value on every object the chart renders, where a field value is on
 * one: the labels that every one of the adopted objects carries with the same value, but the
 * chart's own keys (selector and delivery labels), which the table names.
 */
final class CommonLabels {
  private static final ValueField FIELD = ChartValue.COMMON_LABELS.field().orElseThrow();
  private static final FieldPath LABELS = FieldValues.path(FIELD);

  private CommonLabels() {}

  /** The labels every one of {@code objects} carries with one value; empty when there are none. */
  static Map<String, Object> of(List<Map<String, Object>> objects) {
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
    common.keySet().removeAll(FIELD.ownKeys());
    return common;
  }
}
