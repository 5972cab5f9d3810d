package io.unboundedcloud.racer.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test support: objects as the plain maps and lists they serialize to, so expected values are
 * written by hand as the YAML of docs/dataplane.md and compared structurally (an extra or missing
 * field fails).
 */
final class Trees {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> PLAIN_MAP = new TypeReference<>() {};

  private Trees() {}

  /** A map from alternating keys and values, in order. */
  static Map<String, Object> map(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values must alternate");
    }
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  /**
   * A fabric8 object as the plain maps and lists its JSON reads back as (whole numbers as Integer).
   */
  static Map<String, Object> plain(Object object) {
    try {
      return JSON.readValue(JSON.writeValueAsBytes(object), PLAIN_MAP);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fabric8 objects as plain maps and lists. */
  static List<Map<String, Object>> plain(List<?> objects) {
    return objects.stream().map(Trees::plain).toList();
  }

  /** Every key of every map anywhere in a plain tree. */
  static List<String> keysAnywhere(Object tree) {
    List<String> keys = new ArrayList<>();
    collectKeys(tree, keys);
    return keys;
  }

  private static void collectKeys(Object tree, List<String> keys) {
    if (tree instanceof Map<?, ?> map) {
      map.forEach(
          (key, value) -> {
            keys.add(String.valueOf(key));
            collectKeys(value, keys);
          });
    } else if (tree instanceof List<?> list) {
      list.forEach(element -> collectKeys(element, keys));
    }
  }
}
