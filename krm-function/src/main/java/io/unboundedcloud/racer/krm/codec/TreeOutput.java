package io.unboundedcloud.racer.krm.codec;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How field values are written into a plain tree, as Jackson writes them: an IntOrString as its
 * integer or string, a Quantity as amount and format in one string, lists and maps as fresh copies,
 * the fields the model does not know after the known ones.
 */
final class TreeOutput {
  private TreeOutput() {}

  static Object intOrString(IntOrString value) {
    return value == null ? null : PlainTrees.copy(value.getValue());
  }

  static String quantity(Quantity value) {
    if (value == null) {
      return null;
    }
    return (value.getAmount() == null ? "" : value.getAmount())
        + (value.getFormat() == null ? "" : value.getFormat());
  }

  /** A list of strings, integers or longs. */
  static List<Object> scalars(List<?> values) {
    return new ArrayList<>(values);
  }

  static Map<String, Object> stringMap(Map<String, String> values) {
    return new LinkedHashMap<>(values);
  }

  static Map<String, Object> quantityMap(Map<String, Quantity> values) {
    Map<String, Object> result = new LinkedHashMap<>();
    values.forEach((key, value) -> result.put(key, quantity(value)));
    return result;
  }

  /** Adds the fields the model does not know, after the known ones (Jackson's any-getter). */
  static void putAdditional(Map<String, Object> tree, Map<String, Object> additional) {
    if (additional != null) {
      additional.forEach((key, value) -> tree.put(key, PlainTrees.copy(value)));
    }
  }
}
