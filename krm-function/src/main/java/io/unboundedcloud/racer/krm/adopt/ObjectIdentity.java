package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;

/**
 * An object's kind, namespace and name, read from its plain tree: what the renderer keeps of every
 * object it is given, so adopt finds each in the renderer's output by it.
 *
 * @param kind the kind
 * @param namespace the namespace, empty when it has none
 * @param name the name
 */
record ObjectIdentity(String kind, String namespace, String name) {
  static ObjectIdentity of(Map<String, Object> object) {
    Map<String, Object> metadata = PlainTrees.asMap(object.get("metadata"));
    Object namespace = metadata == null ? null : metadata.get("namespace");
    Object name = metadata == null ? null : metadata.get("name");
    return new ObjectIdentity(
        String.valueOf(object.get("kind")),
        namespace == null ? "" : String.valueOf(namespace),
        String.valueOf(name));
  }

  /** The first object of {@code objects} with this identity, or {@code null}. */
  Map<String, Object> in(List<Map<String, Object>> objects) {
    return objects.stream().filter(object -> equals(of(object))).findFirst().orElse(null);
  }
}
