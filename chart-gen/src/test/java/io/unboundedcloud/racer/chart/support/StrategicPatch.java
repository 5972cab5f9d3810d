package io.unboundedcloud.racer.chart.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kustomize strategic merge patch on a plain tree, for what the tests patch: maps merge key by
 * key, a map holding {@code $patch: replace} replaces the target's whole, lists with a Kubernetes
 * merge key (containers, env, volumes by {@code name}, mounts by {@code mountPath}) merge item by
 * item, the patch's items first in its order and then the target's others, as kustomize orders
 * them; other lists (tolerations, node selector terms, envFrom) are replaced. {@link
 * Kustomize#KUBECTL} runs the real one where kubectl is installed.
 */
public final class StrategicPatch {
  /** The directive key of a strategic merge patch. */
  static final String DIRECTIVE = "$patch";

  /** Pod spec lists and their strategic merge key, among those the tests patch. */
  private static final Map<String, String> MERGE_KEYS =
      Map.of(
          "containers", "name",
          "initContainers", "name",
          "imagePullSecrets", "name",
          "env", "name",
          "volumes", "name",
          "volumeMounts", "mountPath");

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
              && MERGE_KEYS.containsKey(key)) {
            result.put(
                key, merge((List<Object>) existing, (List<Object>) list, MERGE_KEYS.get(key)));
          } else {
            result.put(key, deep(value));
          }
        });
    return result;
  }

  /** Whether {@code patch} deletes the object it targets ({@code $patch: delete} at its top). */
  public static boolean deletes(Map<String, Object> patch) {
    return "delete".equals(patch.get(DIRECTIVE));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> merge(List<Object> target, List<Object> patch, String mergeKey) {
    List<Object> result = new ArrayList<>();
    List<Object> rest = new ArrayList<>(target);
    for (Object item : patch) {
      Map<String, Object> patchItem = (Map<String, Object>) item;
      int at = indexOf(rest, mergeKey, patchItem.get(mergeKey));
      if (at < 0) {
        result.add(apply(Map.of(), patchItem));
      } else {
        result.add(apply((Map<String, Object>) rest.remove(at), patchItem));
      }
    }
    rest.forEach(item -> result.add(deep(item)));
    return result;
  }

  private static int indexOf(List<Object> items, String mergeKey, Object key) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i) instanceof Map<?, ?> map && key != null && key.equals(map.get(mergeKey))) {
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
