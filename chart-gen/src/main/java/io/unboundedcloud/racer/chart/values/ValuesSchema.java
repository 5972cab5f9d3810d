package io.unboundedcloud.racer.chart.values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code values.schema.json}: draft-07, local references only, every object closed to unknown keys.
 */
public final class ValuesSchema {
  private static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";

  private ValuesSchema() {}

  public static Map<String, Object> of(List<ValueKey> keys, Map<String, Object> definitions) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("$schema", DRAFT_07);
    schema.put("title", "Values of the racer chart");
    schema.putAll(object(keys));
    schema.put("definitions", definitions);
    return schema;
  }

  private static Map<String, Object> object(List<ValueKey> keys) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (ValueKey key : keys) {
      properties.put(key.name(), property(key));
    }
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("type", "object");
    object.put("additionalProperties", false);
    object.put("properties", properties);
    return object;
  }

  private static Map<String, Object> property(ValueKey key) {
    Map<String, Object> property = new LinkedHashMap<>();
    property.put("description", key.description());
    if (key.isGroup()) {
      property.putAll(object(key.children()));
    }
    property.putAll(key.schema());
    return property;
  }
}
