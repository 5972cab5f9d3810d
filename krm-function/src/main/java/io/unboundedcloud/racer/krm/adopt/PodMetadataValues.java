package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code podLabels} and {@code podAnnotations}: entries added to the dataplane pods' labels and
 * annotations, beside the chart's own, which always win: the selector labels ({@code podLabels}
 * refuses them: the selector is immutable), the settings-hash and the CDI request. Each is written
 * with the adopted pod template's entries other than the chart's own.
 */
final class PodMetadataValues implements ValueGroup {
  /**
   * One value and the map its entries are added to.
   *
   * @param value the value's key
   * @param field the pod template's map
   * @param chartOwn the keys the chart sets itself
   */
  private record Added(String value, FieldPath field, Set<String> chartOwn) {
    Added(ChartValue value, FieldPath field, Set<String> chartOwn) {
      this(value.path(), field, chartOwn);
    }
  }

  private static final List<Added> VALUES =
      List.of(
          new Added(
              ChartValue.POD_ANNOTATIONS,
              FieldPath.of("spec.template.metadata.annotations"),
              Set.of(Dataplane.SETTINGS_HASH_ANNOTATION, Dataplane.CDI_ANNOTATION)),
          new Added(
              ChartValue.POD_LABELS,
              FieldPath.of("spec.template.metadata.labels"),
              Dataplane.labels().keySet()));

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    for (Added added : VALUES) {
      Map<String, Object> entries = PlainTrees.asMap(dataplane.value(added.field()));
      if (entries == null) {
        continue;
      }
      Map<String, Object> own = PlainTrees.copyMap(entries);
      own.keySet().removeAll(added.chartOwn());
      if (!own.isEmpty()) {
        values.put(added.value(), own);
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    for (Added added : VALUES) {
      Map<String, Object> entries = PlainTrees.asMap(values.get(added.value()));
      if (entries == null || entries.isEmpty()) {
        continue;
      }
      Map<String, Object> own = PlainTrees.copyMap(entries);
      own.keySet().removeAll(added.chartOwn());
      Map<String, Object> rendered = PlainTrees.asMap(added.field().valueIn(daemonSet));
      if (rendered == null) {
        added.field().putIn(daemonSet, own);
      } else {
        rendered.putAll(own);
      }
    }
  }
}
