package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;

/**
 * The values that replace one field of the DaemonSet whole when given, and leave the builder's (or
 * nothing) when empty: {@code images.pullPolicy} and {@code resources} (the dataplane container's
 * only, never a sidecar's), {@code imagePullSecrets} and {@code priorityClassName} (the pod's),
 * {@code updateStrategy} (the DaemonSet's). Each is written, as the adopted DaemonSet holds the
 * field, where the field differs from a default install.
 */
final class ReplacingValues implements ValueGroup {
  /**
   * One value and the field it replaces.
   *
   * @param value where the value sits in the values
   * @param field the DaemonSet's field
   */
  private record Replacing(FieldPath value, FieldPath field) {}

  private static final List<Replacing> VALUES =
      List.of(
          new Replacing(
              FieldPath.of("images.pullPolicy"), AdoptedDataplane.CONTAINER.key("imagePullPolicy")),
          new Replacing(
              FieldPath.of("imagePullSecrets"),
              FieldPath.of("spec.template.spec.imagePullSecrets")),
          new Replacing(FieldPath.of("resources"), AdoptedDataplane.CONTAINER.key("resources")),
          new Replacing(FieldPath.of("updateStrategy"), FieldPath.of("spec.updateStrategy")),
          new Replacing(
              FieldPath.of("priorityClassName"),
              FieldPath.of("spec.template.spec.priorityClassName")));

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
