package io.unboundedcloud.racer.chart.objects;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueField;
import java.util.List;
import java.util.Map;

/**
 * What the dataplane builder renders at the field a chart value sets ({@link ValueField}): the
 * values' defaults and their documentation are read from here, so neither restates the builder. The
 * templates replace these very subtrees, which must be the same in every variant (or generation
 * fails, naming the unused default).
 */
public final class DataplaneDefaults {
  private DataplaneDefaults() {}

  /**
   * The builder's value of the field {@code value} sets, as a plain tree; {@code null} where the
   * builder renders none (or an empty one).
   *
   * @throws IllegalArgumentException for a value that sets no field
   */
  public static Object of(ChartValue value) {
    ValueField field =
        value
            .field()
            .orElseThrow(() -> new IllegalArgumentException(value.path() + " sets no field"));
    Object holder = ModelTree.of(built(field.holder().objectKind()));
    for (String key : field.holder().keys().split("\\.")) {
      holder = holder instanceof Map<?, ?> map ? map.get(key) : null;
    }
    if (field.holder().itemName() != null) {
      holder = named(holder, field.holder().itemName());
    }
    Object builders = holder instanceof Map<?, ?> map ? map.get(field.key()) : null;
    return empty(builders) ? null : builders;
  }

  private static Object named(Object list, String name) {
    if (list instanceof List<?> items) {
      for (Object item : items) {
        if (item instanceof Map<?, ?> map && name.equals(map.get("name"))) {
          return item;
        }
      }
    }
    throw new IllegalStateException("the dataplane builder made no " + name + " item");
  }

  private static boolean empty(Object value) {
    return value == null
        || value instanceof Map<?, ?> map && map.isEmpty()
        || value instanceof List<?> list && list.isEmpty();
  }

  /** The object of {@code kind} as the dataplane builders make it (in the first variant). */
  private static HasMetadata built(String kind) {
    Config config = DataplaneSwitches.config(DataplaneSwitches.space().variants().get(0));
    return switch (String.valueOf(kind)) {
      case "DaemonSet" ->
          Dataplane.daemonSet(
              config, HelmPlaceholders.SETTINGS_HASH, HelmPlaceholders.SETTINGS_RECORD);
      case "ServiceAccount" -> Dataplane.serviceAccount(config);
      default -> throw new IllegalArgumentException("the dataplane builders make no " + kind);
    };
  }
}
