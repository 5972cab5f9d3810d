package io.unboundedcloud.racer.chart.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kustomize patch on a plain tree, for the fields the tests patch (nodeSelector, tolerations, affinity,
 * annotations): maps merge key by key, lists are replaced, as strategic merge does for fields without a
 * merge key.
 */
public final class StrategicPatch {
  private StrategicPatch() {}

  /** {@code target} with {@code patch} merged in (neither is changed). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> apply(Map<String, Object> target, Map<String, Object> patch) {
    Map<String, Object> result = deepCopy(target);
    patch.forEach((key, value) -> {
      Object current = result.get(key);
      if (value instanceof Map<?, ?> map && current instanceof Map<?, ?> existing) {
        result.put(key, apply((Map<String, Object>) existing, (Map<String, Object>) map));
      } else {
        result.put(key, deep(value));
      }
    });
    return result;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> deepCopy(Map<String, Object> map) {
    return (Map<String, Object>) deep(map);
  }

  private static Object deep(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), deep(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(deep(v)));
      return copy;
    }
    return value;
  }
}
