package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values that add items to one of the dataplane's lists beside the chart's own: {@code
 * extraEnv}, {@code extraEnvFrom} (before racer-settings), {@code extraVolumeMounts} (the dataplane
 * container's), {@code extraVolumes}, {@code initContainers} and {@code extraContainers} (the
 * pod's). Each is written with the adopted list's items that a default install does not have (by
 * name, or whole for env sources), in the adopted order.
 */
final class PodAdditionValues implements ValueGroup {
  /**
   * One value and the list its items join.
   *
   * @param value the value
   * @param list the DaemonSet's list
   * @param first whether the chart writes the items before its own (else after)
   */
  private record Added(ChartValue value, FieldPath list, boolean first) {}

  private static final FieldPath POD = FieldPath.of("spec.template.spec");

  private static final List<Added> VALUES =
      List.of(
          new Added(ChartValue.EXTRA_ENV, AdoptedDataplane.CONTAINER.key("env"), false),
          new Added(ChartValue.EXTRA_ENV_FROM, DataplaneWiring.ENV_FROM, true),
          new Added(ChartValue.EXTRA_VOLUMES, POD.key("volumes"), false),
          new Added(
              ChartValue.EXTRA_VOLUME_MOUNTS,
              AdoptedDataplane.CONTAINER.key("volumeMounts"),
              false),
          new Added(ChartValue.INIT_CONTAINERS, POD.key("initContainers"), false),
          new Added(ChartValue.EXTRA_CONTAINERS, POD.key("containers"), false));

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    for (Added added : VALUES) {
      List<Object> own = items(dataplane.defaultValue(added.list()));
      List<Object> extra = new ArrayList<>();
      for (Object item : items(dataplane.value(added.list()))) {
        if (own.stream().noneMatch(ours -> sameItem(ours, item))) {
          extra.add(PlainTrees.copy(item));
        }
      }
      if (!extra.isEmpty()) {
        values.put(added.value().path(), extra);
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    for (Added added : VALUES) {
      List<Object> extra = items(values.get(added.value().path()));
      if (extra.isEmpty()) {
        continue;
      }
      List<Object> list = new ArrayList<>();
      List<Object> own = items(added.list().valueIn(daemonSet));
      if (!added.first()) {
        list.addAll(own);
      }
      extra.forEach(item -> list.add(PlainTrees.copy(item)));
      if (added.first()) {
        list.addAll(own);
      }
      if (!added.list().putIn(daemonSet, list)) {
        throw new IllegalStateException("the chart's equivalent has no " + added.list());
      }
    }
  }

  /** The same item: by name where both have one, else whole. */
  private static boolean sameItem(Object ours, Object item) {
    if (ours instanceof Map<?, ?> a
        && item instanceof Map<?, ?> b
        && a.get("name") instanceof String name) {
      return name.equals(b.get("name"));
    }
    return Objects.equals(ours, item);
  }

  private static List<Object> items(Object list) {
    return list instanceof List<?> items ? new ArrayList<>(items) : new ArrayList<>();
  }
}
