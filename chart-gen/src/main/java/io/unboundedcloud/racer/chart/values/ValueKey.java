package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.chart.objects.DataplaneDefaults;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueDoc;
import io.unboundedcloud.racer.workload.chart.ValueDoc.Initial;
import java.util.List;
import java.util.Map;

/**
 * One key of values.yaml.
 *
 * @param name the key (camelCase)
 * @param defaultValue the default written in values.yaml; for an object with children, ignored (the
 *     children's defaults make it up)
 * @param description what it is; starts with the key's name, as Helm's best practices ask
 * @param example YAML lines shown commented under the description, or empty
 * @param schema the JSON schema of the value (for an object with children, extra keywords only)
 * @param children the keys of an object whose keys are fixed, or empty
 */
public record ValueKey(
    String name,
    Object defaultValue,
    String description,
    List<String> example,
    Map<String, Object> schema,
    List<ValueKey> children) {

  public ValueKey {
    example = List.copyOf(example);
    children = List.copyOf(children);
    if (!description.startsWith(name + " ")) {
      throw new IllegalArgumentException(
          "the description of " + name + " must start with its name");
    }
  }

  /**
   * A value as the table documents it ({@link ChartValue#doc()}): its default and the builder's
   * value in its description are what the builder renders at its field.
   */
  public static ValueKey of(ChartValue value) {
    ValueDoc doc = value.doc();
    Object builders =
        doc.description().contains(ValueDoc.BUILDERS) || doc.initial() == Initial.BUILDERS
            ? builders(value)
            : null;
    Object defaultValue =
        switch (doc.initial()) {
          case NULL -> null;
          case EMPTY_TEXT -> "";
          case EMPTY_LIST -> List.of();
          case EMPTY_MAP -> Map.of();
          case BUILDERS -> builders;
          case TRUE -> true;
          case FALSE -> false;
          case GROUP -> throw new IllegalArgumentException(value.path() + " is a group");
        };
    String description =
        builders == null
            ? doc.description()
            : doc.description()
                .replace(
                    ValueDoc.BUILDERS,
                    builders instanceof String text ? text : FlowYaml.of(builders));
    return new ValueKey(
        value.key(), defaultValue, description, doc.example(), doc.schema(), List.of());
  }

  private static Object builders(ChartValue value) {
    Object builders = DataplaneDefaults.of(value);
    if (builders == null) {
      throw new IllegalStateException(
          "the documentation of "
              + value.path()
              + " names the builder's value, but it renders none");
    }
    return builders;
  }

  /** A group of values, an object with fixed keys: {@code children}. */
  public static ValueKey group(ChartValue value, List<ValueKey> children) {
    ValueDoc doc = value.doc();
    return new ValueKey(value.key(), null, doc.description(), List.of(), doc.schema(), children);
  }

  /** Whether this key is an object with fixed keys. */
  public boolean isGroup() {
    return !children.isEmpty();
  }
}
