package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;

/**
 * The values that replace one field of the DaemonSet whole when given, and leave the builder's (or
 * nothing) when empty: {@code images.pullPolicy} and {@code resources} (the dataplane container's
 * only, never a sidecar's), {@code imagePullSecrets}, {@code priorityClassName}, {@code
 * runtimeClassName} and {@code terminationGracePeriodSeconds} (the pod's), {@code updateStrategy},
 * {@code minReadySeconds} and {@code revisionHistoryLimit} (the DaemonSet's). Each is written, as
 * the adopted DaemonSet holds the field, where the field differs from a default install (0 is a
 * value).
 */
final class ReplacingValues implements ValueGroup {
  /**
   * One value and the field it replaces.
   *
   * @param value where the value sits in the values
   * @param field the DaemonSet's field
   */
  private record Replacing(FieldPath value, FieldPath field) {
    Replacing(ChartValue value, FieldPath field) {
      this(FieldPath.of(value.path()), field);
    }
  }

  private static final FieldPath POD = FieldPath.of("spec.template.spec");

  private static final List<Replacing> VALUES =
      List.of(
          new Replacing(
              ChartValue.IMAGES_PULL_POLICY, AdoptedDataplane.CONTAINER.key("imagePullPolicy")),
          new Replacing(ChartValue.IMAGE_PULL_SECRETS, POD.key("imagePullSecrets")),
          new Replacing(ChartValue.RESOURCES, AdoptedDataplane.CONTAINER.key("resources")),
          new Replacing(ChartValue.UPDATE_STRATEGY, FieldPath.of("spec.updateStrategy")),
          new Replacing(ChartValue.PRIORITY_CLASS_NAME, POD.key("priorityClassName")),
          new Replacing(ChartValue.RUNTIME_CLASS_NAME, POD.key("runtimeClassName")),
          new Replacing(
              ChartValue.TERMINATION_GRACE_PERIOD_SECONDS,
              POD.key("terminationGracePeriodSeconds")),
          new Replacing(ChartValue.MIN_READY_SECONDS, FieldPath.of("spec.minReadySeconds")),
          new Replacing(
              ChartValue.REVISION_HISTORY_LIMIT, FieldPath.of("spec.revisionHistoryLimit")));

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    for (Replacing replacing : VALUES) {
      Object adopted = dataplane.value(replacing.field());
      // an empty value means the builder's, or none: one the chart would not render as it stands
      if (!empty(adopted) && dataplane.differs(replacing.field())) {
        replacing.value().putIn(values, PlainTrees.copy(adopted));
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    for (Replacing replacing : VALUES) {
      Object value = replacing.value().valueIn(values);
      if (!empty(value) && !replacing.field().putIn(daemonSet, PlainTrees.copy(value))) {
        throw new IllegalStateException("the chart's equivalent has no " + replacing.field());
      }
    }
  }

  private static boolean empty(Object value) {
    return value == null
        || "".equals(value)
        || value instanceof Map<?, ?> map && map.isEmpty()
        || value instanceof List<?> list && list.isEmpty();
  }
}
