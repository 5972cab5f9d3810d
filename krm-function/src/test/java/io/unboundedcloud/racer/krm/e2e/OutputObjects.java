package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Test support: finding Kubernetes objects in parsed output and reading fields of them. */
final class OutputObjects {
  private OutputObjects() {}

  /** The one object of {@code kind} named {@code name} in {@code namespace}. */
  static Map<String, Object> one(
      List<Map<String, Object>> objects, String kind, String namespace, String name) {
    List<Map<String, Object>> found =
        objects.stream()
            .filter(o -> kind.equals(o.get("kind")))
            .filter(o -> Objects.equals(namespace, at(o, "metadata", "namespace")))
            .filter(o -> name.equals(at(o, "metadata", "name")))
            .toList();
    assertThat(found)
        .as("%s %s/%s among %s", kind, namespace, name, identities(objects))
        .hasSize(1);
    return found.get(0);
  }

  /** Every object of {@code kind}. */
  static List<Map<String, Object>> ofKind(List<Map<String, Object>> objects, String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }

  /** "Kind namespace/name" of each object ("Kind name" when it has no namespace). */
  static List<String> identities(List<Map<String, Object>> objects) {
    return objects.stream()
        .map(
            o -> {
              Object namespace = at(o, "metadata", "namespace");
              return o.get("kind")
                  + " "
                  + (namespace == null ? "" : namespace + "/")
                  + at(o, "metadata", "name");
            })
        .toList();
  }

  /**
   * The value at a path of map keys and list indexes (Integer), or {@code null} when any step is
   * missing.
   */
  static Object at(Object tree, Object... path) {
    Object current = tree;
    for (Object step : path) {
      if (step instanceof Integer index && current instanceof List<?> list) {
        current = index < list.size() ? list.get(index) : null;
      } else if (current instanceof Map<?, ?> map) {
        current = map.get(step);
      } else {
        return null;
      }
    }
    return current;
  }

  /** The pod spec of a workload: a DaemonSet's template's. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> podSpec(Map<String, Object> workload) {
    Object spec = at(workload, "spec", "template", "spec");
    assertThat(spec).as("pod spec of %s", identities(List.of(workload))).isInstanceOf(Map.class);
    return (Map<String, Object>) spec;
  }

  /** The dataplane's container, {@code dataplane}, of the racer DaemonSet. */
  static Object dataplaneContainer(Map<String, Object> daemonSet) {
    List<?> containers = (List<?>) podSpec(daemonSet).get("containers");
    return containers.stream()
        .filter(c -> "dataplane".equals(at(c, "name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no container dataplane in " + containers));
  }
}
