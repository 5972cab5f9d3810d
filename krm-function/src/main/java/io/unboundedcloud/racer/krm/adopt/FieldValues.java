package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.chart.ValueField;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values that set one field of the DaemonSet ({@link ChartValue#fieldValues()}), read back from
 * that field as the table says the chart writes them. A value that replaces its field is written,
 * as the adopted DaemonSet holds the field, where the field differs from a default install (0 is a
 * value; an empty field is the builder's, or nothing). A value that adds to a list is written with
 * the adopted list's items that a default install does not have (by name, or whole for env
 * sources), in the adopted order.
 */
final class FieldValues implements ValueGroup {
  /**
   * One value and its field in the DaemonSet.
   *
   * @param value where the value sits in the values
   * @param field the DaemonSet's field (a list, for a value that adds to one)
   * @param kind how the value meets the field
   */
  private record Mapped(FieldPath value, FieldPath field, ValueField.Kind kind) {
    static Mapped of(ChartValue value) {
      ValueField field = value.field().orElseThrow();
      FieldPath holder = FieldPath.of(field.holder().keys());
      if (field.holder().itemName() != null) {
        holder = holder.named(field.holder().itemName());
      }
      return new Mapped(FieldPath.of(value.path()), holder.key(field.key()), field.kind());
    }
  }

  private static final List<Mapped> VALUES =
      ChartValue.fieldValues().stream().map(Mapped::of).toList();

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    for (Mapped mapped : VALUES) {
      Object value =
          mapped.kind() == ValueField.Kind.REPLACES
              ? replacing(dataplane, mapped.field())
              : added(dataplane, mapped.field());
      if (value != null) {
        mapped.value().putIn(values, value);
      }
    }
  }

  @Override
  public void apply(Map<String, Object> values, Map<String, Object> daemonSet) {
    for (Mapped mapped : VALUES) {
      Object value = mapped.value().valueIn(values);
      if (empty(value)) {
        continue;
      }
      Object field =
          switch (mapped.kind()) {
            case REPLACES -> PlainTrees.copy(value);
            case APPENDS -> joined(items(mapped.field().valueIn(daemonSet)), items(value));
            case PREPENDS -> joined(items(value), items(mapped.field().valueIn(daemonSet)));
          };
      if (!mapped.field().putIn(daemonSet, field)) {
        throw new IllegalStateException("the chart's equivalent has no " + mapped.field());
      }
    }
  }

  /** The adopted field where it differs from a default install and is not empty, else null. */
  private static Object replacing(AdoptedDataplane dataplane, FieldPath field) {
    Object adopted = dataplane.value(field);
    // an empty value means the builder's, or none: one the chart would not render as it stands
    return !empty(adopted) && dataplane.differs(field) ? PlainTrees.copy(adopted) : null;
  }

  /** The adopted list's items a default install lacks, or null where there are none. */
  private static Object added(AdoptedDataplane dataplane, FieldPath list) {
    List<Object> own = items(dataplane.defaultValue(list));
    List<Object> extra = new ArrayList<>();
    for (Object item : items(dataplane.value(list))) {
      if (own.stream().noneMatch(ours -> sameItem(ours, item))) {
        extra.add(PlainTrees.copy(item));
      }
    }
    return extra.isEmpty() ? null : extra;
  }

  private static List<Object> joined(List<Object> first, List<Object> then) {
    List<Object> list = new ArrayList<>();
    first.forEach(item -> list.add(PlainTrees.copy(item)));
    then.forEach(item -> list.add(PlainTrees.copy(item)));
    return list;
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

  private static boolean empty(Object value) {
    return value == null
        || "".equals(value)
        || value instanceof Map<?, ?> map && map.isEmpty()
        || value instanceof List<?> list && list.isEmpty();
  }
}
