package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values that set a field of the DaemonSet ({@link ChartValue#daemonSetValues()}), read back
 * from that field as the table says the chart writes them. A value that replaces its field is
 * written, as the adopted DaemonSet holds the field, where the field differs from a default install
 * (0 is a value; an empty field is the builder's, or nothing). A value that adds to a list is
 * written with the adopted list's items that a default install does not have (by name, or whole for
 * env sources), in the adopted order. A value merged into a map is written with the adopted map's
 * entries but those of the chart's own keys. One combined with its field by a rule of its own is
 * not read here ({@link AffinityValue}).
 */
final class FieldValues implements ValueGroup {
  /**
   * One value and its field in the DaemonSet.
   *
   * @param value where the value sits in the values
   * @param field the DaemonSet's field (a list, for a value that adds to one)
   * @param entry how the value meets the field
   */
  private record Mapped(FieldPath value, FieldPath field, ValueField entry) {
    static Mapped of(ChartValue value) {
      ValueField field = value.field().orElseThrow();
      return new Mapped(FieldPath.of(value.path()), path(field), field);
    }
  }

  private static final List<Mapped> VALUES =
      ChartValue.daemonSetValues().stream()
          .filter(value -> value.field().orElseThrow().kind() != ValueField.Kind.COMBINES)
          .map(Mapped::of)
          .toList();

  /** Where the field sits in its object. */
  static FieldPath path(ValueField field) {
    FieldPath holder = FieldPath.of(field.holder().keys());
    if (field.holder().itemName() != null) {
      holder = holder.named(field.holder().itemName());
    }
    return holder.key(field.key());
  }

  @Override
  public void read(AdoptedDataplane dataplane, Map<String, Object> values) {
    for (Mapped mapped : VALUES) {
      Object value =
          switch (mapped.entry().kind()) {
            case REPLACES -> replacing(dataplane, mapped.field());
            case MERGES -> theirs(dataplane.value(mapped.field()), mapped.entry());
            case APPENDS, PREPENDS -> added(dataplane, mapped.field());
            case COMBINES -> throw combined(mapped);
          };
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
          switch (mapped.entry().kind()) {
            case REPLACES -> PlainTrees.copy(value);
            case APPENDS -> joined(items(mapped.field().valueIn(daemonSet)), items(value));
            case PREPENDS -> joined(items(value), items(mapped.field().valueIn(daemonSet)));
            case MERGES -> merged(mapped.field().valueIn(daemonSet), value, mapped.entry());
            case COMBINES -> throw combined(mapped);
          };
      if (!mapped.field().putIn(daemonSet, field)) {
        throw new IllegalStateException("the chart's equivalent has no " + mapped.field());
      }
    }
  }

  private static IllegalStateException combined(Mapped mapped) {
    return new IllegalStateException(mapped.value() + " is combined by a rule of its own");
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

  /** A map's entries but those of the chart's own keys, or null where there are none. */
  private static Map<String, Object> theirs(Object map, ValueField entry) {
    Map<String, Object> entries = PlainTrees.asMap(map);
    if (entries == null) {
      return null;
    }
    Map<String, Object> theirs = PlainTrees.copyMap(entries);
    theirs.keySet().removeAll(entry.ownKeys());
    return theirs.isEmpty() ? null : theirs;
  }

  /** The chart's map with the value's entries after its own, the chart's own keys kept. */
  private static Map<String, Object> merged(Object own, Object value, ValueField entry) {
    Map<String, Object> merged = new LinkedHashMap<>();
    Map<String, Object> ours = PlainTrees.asMap(own);
    if (ours != null) {
      merged.putAll(PlainTrees.copyMap(ours));
    }
    Map<String, Object> theirs = theirs(value, entry);
    if (theirs != null) {
      merged.putAll(theirs);
    }
    return merged;
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
