package io.unboundedcloud.racer.chart.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kustomize strategic merge patch on a plain tree, for what the tests patch: maps merge key by
 * key, a map holding {@code $patch: replace} replaces the target's whole, lists whose Kubernetes
 * merge key is {@code name} (containers, pull secrets) merge item by item, other lists
 * (tolerations, node selector terms) are replaced. {@link Kustomize#KUBECTL} runs the real one
 * where kubectl is installed.
 */
public final class StrategicPatch {
  /** The directive key of a strategic merge patch. */
  static final String DIRECTIVE = "$patch";

  /** Pod spec lists whose strategic merge key is {@code name}, among those the tests patch. */
  private static final Set<String> MERGED_BY_NAME =
      Set.of("containers", "initContainers", "imagePullSecrets");

  private StrategicPatch() {}

  /** {@code target} with {@code patch} merged in (neither is changed). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> apply(Map<String, Object> target, Map<String, Object> patch) {
    if ("replace".equals(patch.get(DIRECTIVE))) {
      Map<String, Object> replaced = deepCopy(patch);
      replaced.remove(DIRECTIVE);
      return replaced;
    }
    Map<String, Object> result = deepCopy(target);
    patch.forEach(
        (key, value) -> {
          Object current = result.get(key);
          if (value instanceof Map<?, ?> map && current instanceof Map<?, ?> existing) {
            result.put(key, apply((Map<String, Object>) existing, (Map<String, Object>) map));
          } else if (value instanceof Map<?, ?> map) {
            result.put(key, apply(Map.of(), (Map<String, Object>) map));
          } else if (value instanceof List<?> list
              && current instanceof List<?> existing
              && MERGED_BY_NAME.contains(key)) {
            result.put(key, mergeByName((List<Object>) existing, (List<Object>) list));
          } else {
            result.put(key, deep(value));
          }
        });
    return result;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> mergeByName(List<Object> target, List<Object> patch) {
    List<Object> result = new ArrayList<>();
    target.forEach(item -> result.add(deep(item)));
    for (Object item : patch) {
      Map<String, Object> patchItem = (Map<String, Object>) item;
      int at = indexOfName(result, patchItem.get("name"));
      if (at < 0) {
        result.add(apply(Map.of(), patchItem));
      } else {
        result.set(at, apply((Map<String, Object>) result.get(at), patchItem));
      }
    }
    return result;
  }

  private static int indexOfName(List<Object> items, Object name) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i) instanceof Map<?, ?> map && name != null && name.equals(map.get("name"))) {
        return i;
      }
    }
    return -1;
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
