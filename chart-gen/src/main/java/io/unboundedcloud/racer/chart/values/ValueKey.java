package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.krm.chart.ChartValue;
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

  /** A key with a scalar, list or free-form map value. */
  public static ValueKey leaf(
      ChartValue value,
      Object defaultValue,
      Map<String, Object> schema,
      String description,
      String... example) {
    return new ValueKey(
        value.key(), defaultValue, description, List.of(example), schema, List.of());
  }

  /** An object with fixed keys. */
  public static ValueKey group(ChartValue value, String description, ValueKey... children) {
    return new ValueKey(value.key(), null, description, List.of(), Map.of(), List.of(children));
  }

  /** Whether this key is an object with fixed keys. */
  public boolean isGroup() {
    return !children.isEmpty();
  }
}
