package io.unboundedcloud.racer.krm.properties;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Paths into the plain tree (maps, lists, scalars) of a workload, for the generator and the checks.
 */
final class Plain {
  /** The two expressions every required node-selector term of the dataplane starts with. */
  static final List<Object> DATAPLANE_EXPRESSIONS =
      List.of(
          Map.of("key", "racer.unbounded-cloud.io/exclude", "operator", "DoesNotExist"),
          Map.of("key", "kubernetes.io/os", "operator", "In", "values", List.of("linux")));

  private Plain() {}

  /** A deep, mutable copy with every integer as a {@code Long}, so trees compare by value. */
  static Object normalized(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), normalized(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(normalized(v)));
      return copy;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> normalizedMap(Map<String, Object> map) {
    return (Map<String, Object>) normalized(map);
  }

  /** The child map under {@code key}, created when absent. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    if (child == null) {
      child = new LinkedHashMap<String, Object>();
      parent.put(key, child);
    }
    return (Map<String, Object>) child;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> mapOrEmpty(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    return child instanceof Map<?, ?> ? (Map<String, Object>) child : Map.of();
  }

  /** The child list under {@code key}, created when absent. */
  @SuppressWarnings("unchecked")
  static List<Object> list(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    if (child == null) {
      child = new ArrayList<>();
      parent.put(key, child);
    }
    return (List<Object>) child;
  }

  @SuppressWarnings("unchecked")
  static List<Object> listOrEmpty(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    return child instanceof List<?> ? (List<Object>) child : List.of();
  }

  /** The pod spec of a workload of any kind with a pod template. */
  static Map<String, Object> podSpec(Map<String, Object> workload) {
    String kind = String.valueOf(workload.get("kind"));
    return switch (kind) {
      case "Pod" -> map(workload, "spec");
      case "CronJob" ->
          map(map(map(map(map(workload, "spec"), "jobTemplate"), "spec"), "template"), "spec");
      default -> map(map(map(workload, "spec"), "template"), "spec");
    };
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> container(Map<String, Object> workload, String name) {
    for (Object container : listOrEmpty(podSpec(workload), "containers")) {
      if (container instanceof Map<?, ?> map && name.equals(map.get("name"))) {
        return (Map<String, Object>) map;
      }
    }
    throw new AssertionError("no container " + name + " in " + workload);
  }

  static Map<String, Object> nodeAffinity(Map<String, Object> workload) {
    return map(map(podSpec(workload), "affinity"), "nodeAffinity");
  }

  static List<Object> requiredTerms(Map<String, Object> workload) {
    return listOrEmpty(
        mapOrEmpty(
            mapOrEmpty(mapOrEmpty(podSpec(workload), "affinity"), "nodeAffinity"),
            "requiredDuringSchedulingIgnoredDuringExecution"),
        "nodeSelectorTerms");
  }

  static void require(boolean holds, UserChange change, Map<String, Object> daemonSet) {
    if (!holds) {
      throw new AssertionError(
          "the user's change "
              + change
              + " did not survive; the DaemonSet's pod spec: "
              + mapOrEmpty(mapOrEmpty(mapOrEmpty(daemonSet, "spec"), "template"), "spec"));
    }
  }
}
