package io.unboundedcloud.racer.chart.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a values schema uses one of its definitions, as chart value keys: {@code resources}, {@code
 * cacheOrigins[0].resources} (an array's items as its first element). Other definitions are
 * followed through their {@code $ref}s, so a use inside one (a cache origin's resources) is found.
 */
public final class SchemaPlaces {
  private static final String DEFINITIONS = "#/definitions/";

  private final Map<String, Object> definitions;
  private final String ref;
  private final List<String> found = new ArrayList<>();

  private SchemaPlaces(Map<String, Object> definitions, String ref) {
    this.definitions = definitions;
    this.ref = ref;
  }

  /** The value key of every place in {@code schema} that is {@code ref}, in the schema's order. */
  @SuppressWarnings("unchecked")
  public static List<String> of(Map<String, Object> schema, String ref) {
    Map<String, Object> definitions =
        (Map<String, Object>) schema.getOrDefault("definitions", Map.of());
    SchemaPlaces places = new SchemaPlaces(definitions, ref);
    places.walk(schema, "", 0);
    return List.copyOf(places.found);
  }

  @SuppressWarnings("unchecked")
  private void walk(Object node, String at, int depth) {
    if (!(node instanceof Map<?, ?> map) || depth > 32) {
      return;
    }
    Object target = map.get("$ref");
    if (ref.equals(target)) {
      found.add(at);
      return;
    }
    if (target instanceof String other && other.startsWith(DEFINITIONS)) {
      walk(definitions.get(other.substring(DEFINITIONS.length())), at, depth + 1);
    }
    if (map.get("properties") instanceof Map<?, ?> properties) {
      ((Map<String, Object>) properties)
          .forEach((key, child) -> walk(child, at.isEmpty() ? key : at + "." + key, depth + 1));
    }
    walk(map.get("items"), at + "[0]", depth + 1);
  }
}
