package io.unboundedcloud.racer.krm.tree;

import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep copies, a merge, equality with one rule for numbers, and a short text of plain trees (maps,
 * lists, scalars).
 */
public final class PlainTrees {
  private static final int SHOWN = 96;

  private PlainTrees() {}

  /**
   * A deep copy; maps keep their key order.
   *
   * @throws IllegalArgumentException for a value that is not plain data (a map, list, string,
   *     number, boolean or null)
   */
  public static Object copy(Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Number
        || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, entry) -> copy.put(String.valueOf(key), copy(entry)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(entry -> copy.add(copy(entry)));
      return copy;
    }
    throw new IllegalArgumentException("not plain data: a " + value.getClass().getName());
  }

  /** A deep copy of a map. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> copyMap(Map<String, ?> map) {
    return (Map<String, Object>) copy(map);
  }

  /** The value as a map, or {@code null} when it is not one. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> asMap(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
  }

  /**
   * Merges a patch into a tree, in place, as a strategic merge does for plain fields: maps key by
   * key, others replaced.
   */
  public static void merge(Map<String, Object> target, Map<String, Object> patch) {
    patch.forEach(
        (key, value) -> {
          Map<String, Object> existing = asMap(target.get(key));
          if (value instanceof Map<?, ?> map && existing != null) {
            merge(existing, asMap(map));
          } else {
            target.put(key, copy(value));
          }
        });
  }

  /**
   * Whether two trees hold the same data: maps whatever their key order, lists item by item,
   * integers by value whatever their Java type ({@code 1} as an Integer equals {@code 1} as a
   * Long), every other scalar by {@link Object#equals} (so {@code 1.0} is not {@code 1}).
   */
  public static boolean same(Object a, Object b) {
    if (a instanceof Map<?, ?> left && b instanceof Map<?, ?> right) {
      if (left.size() != right.size()) {
        return false;
      }
      for (Map.Entry<?, ?> entry : left.entrySet()) {
        if (!right.containsKey(entry.getKey())
            || !same(entry.getValue(), right.get(entry.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> left && b instanceof List<?> right) {
      if (left.size() != right.size()) {
        return false;
      }
      for (int i = 0; i < left.size(); i++) {
        if (!same(left.get(i), right.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (isInteger(a) && isInteger(b)) {
      return new BigInteger(a.toString()).equals(new BigInteger(b.toString()));
    }
    return a == null ? b == null : a.equals(b);
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || value instanceof BigInteger;
  }

  /**
   * A value as one short line for a message: strings quoted, maps and lists in flow style, cut when
   * long, {@code none} for an absent value.
   */
  public static String shown(Object value) {
    if (value instanceof String text) {
      return QuotedText.of(text);
    }
    StringBuilder out = new StringBuilder();
    shortFlow(value, out);
    return out.length() <= SHOWN ? out.toString() : out.substring(0, SHOWN - 3) + "...";
  }

  /**
   * {@link #flow}, each string {@linkplain QuotedText quoted}, stopping once {@code out} passes
   * {@link #SHOWN}: the cost of what is shown, however large the value (aliases can make a map of a
   * thousand values of a MiB each).
   */
  private static void shortFlow(Object value, StringBuilder out) {
    if (value instanceof String text) {
      out.append(QuotedText.of(text));
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      String separator = "";
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (out.length() > SHOWN) {
          return;
        }
        out.append(separator);
        separator = ", ";
        String key = String.valueOf(entry.getKey());
        out.append(key, 0, Math.min(key.length(), SHOWN + 1)).append(": ");
        shortFlow(entry.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      String separator = "";
      for (Object item : list) {
        if (out.length() > SHOWN) {
          return;
        }
        out.append(separator);
        separator = ", ";
        shortFlow(item, out);
      }
      out.append(']');
    } else {
      out.append(value == null ? "none" : String.valueOf(value));
    }
  }

  /**
   * A value as one line, whole: strings quoted, maps and lists in flow style, {@code none} for
   * absent.
   */
  public static String inline(Object value) {
    return flow(value);
  }

  private static String flow(Object value) {
    if (value == null) {
      return "none";
    }
    if (value instanceof String text) {
      return '"' + text.replace("\n", "\\n") + '"';
    }
    if (value instanceof Map<?, ?> map) {
      List<String> entries = new ArrayList<>();
      map.forEach((k, v) -> entries.add(k + ": " + flow(v)));
      return "{" + String.join(", ", entries) + "}";
    }
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(v -> items.add(flow(v)));
      return "[" + String.join(", ", items) + "]";
    }
    return String.valueOf(value);
  }
}
