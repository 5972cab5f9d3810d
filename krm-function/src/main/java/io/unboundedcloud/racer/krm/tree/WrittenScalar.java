package io.unboundedcloud.racer.krm.tree;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain scalar (unquoted, untagged) of a tree that is read into Kubernetes types, as written: its
 * text, which the tools that apply manifests type by go-yaml v2's rule ({@link KubectlScalar}), and
 * {@code plain}, the value the plain tree gives it. A field reader takes the text where the type is
 * Kubernetes' to decide ({@code zone: 1e3} is a number, refused in a map of strings; {@code zone:
 * 1e400} is the string {@code 1e400}); a reading tree holds one in place of each such scalar, and
 * {@link #plainTree} gives the plain tree back.
 *
 * @param text the scalar as written
 * @param plain what the plain tree holds for it: a string, number or boolean (a null is no written
 *     scalar: null to every reader)
 */
public record WrittenScalar(String text, Object plain) {

  /** What go-yaml v2 types the text as. */
  public KubectlScalar kubectl() {
    return KubectlScalar.of(text);
  }

  /** The value go-yaml v2 gives the text ({@link KubectlScalar#value}). */
  public Object kubectlValue() {
    return KubectlScalar.value(text);
  }

  /** The plain tree of a reading tree: each written scalar replaced by its plain value. */
  public static Object plainTree(Object tree) {
    if (tree instanceof WrittenScalar scalar) {
      return scalar.plain();
    }
    if (tree instanceof Map<?, ?> map) {
      Map<String, Object> plain = new LinkedHashMap<>();
      map.forEach((key, value) -> plain.put(String.valueOf(key), plainTree(value)));
      return plain;
    }
    if (tree instanceof List<?> list) {
      List<Object> plain = new ArrayList<>(list.size());
      list.forEach(value -> plain.add(plainTree(value)));
      return plain;
    }
    return tree;
  }

  @Override
  public String toString() {
    return text;
  }
}
