package io.unboundedcloud.racer.krm.adopt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a value sits in a plain tree: map keys, list items by name ({@code
 * containers[name=dataplane]}, the way the function's results name fields) or, for items without a
 * name, by position. Printed as the field paths of results: {@code
 * spec.template.metadata.annotations["racer.unbounded-cloud.io/settings-hash"]}.
 */
public record TreeAddress(List<Object> steps) {
  /** A step into a list: the item whose {@code name} is this. */
  record Named(String name) {}

  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  public TreeAddress {
    steps = List.copyOf(steps);
  }

  public static TreeAddress root() {
    return new TreeAddress(List.of());
  }

  /** Parses a path of plain keys ({@code spec.template.spec}). */
  public static TreeAddress of(String dottedKeys) {
    return new TreeAddress(List.of((Object[]) dottedKeys.split("\\.")));
  }

  public TreeAddress key(String key) {
    return with(key);
  }

  /** The step into a list item: by its name when it has one, else by its position. */
  TreeAddress item(Object item, int index) {
    if (item instanceof Map<?, ?> map && map.get("name") instanceof String name) {
      return with(new Named(name));
    }
    return with(index);
  }

  TreeAddress index(int index) {
    return with(index);
  }

  public TreeAddress named(String name) {
    return with(new Named(name));
  }

  private TreeAddress with(Object step) {
    List<Object> next = new ArrayList<>(steps);
    next.add(step);
    return new TreeAddress(next);
  }

  /** Whether this address starts with every step of {@code prefix}. */
  public boolean startsWith(TreeAddress prefix) {
    return steps.size() >= prefix.steps.size()
        && steps.subList(0, prefix.steps.size()).equals(prefix.steps);
  }

  /** The value here, or {@code null} when a step is missing. */
  public Object valueIn(Object tree) {
    Object current = tree;
    for (Object step : steps) {
      current = child(current, step);
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  /**
   * Sets the value here, creating the maps on the way; {@code false} when a list item on the way is
   * missing.
   */
  @SuppressWarnings("unchecked")
  boolean putIn(Map<String, Object> tree, Object value) {
    Object current = tree;
    for (int i = 0; i < steps.size() - 1; i++) {
      Object step = steps.get(i);
      Object next = child(current, step);
      if (next == null && step instanceof String key && current instanceof Map<?, ?> map) {
        next = new LinkedHashMap<String, Object>();
        ((Map<String, Object>) map).put(key, next);
      }
      if (next == null) {
        return false;
      }
      current = next;
    }
    if (current instanceof Map<?, ?> map && steps.get(steps.size() - 1) instanceof String key) {
      ((Map<String, Object>) map).put(key, value);
      return true;
    }
    return false;
  }

  private static Object child(Object current, Object step) {
    if (step instanceof String key) {
      return current instanceof Map<?, ?> map ? map.get(key) : null;
    }
    if (!(current instanceof List<?> list)) {
      return null;
    }
    if (step instanceof Integer index) {
      return index < list.size() ? list.get(index) : null;
    }
    String name = ((Named) step).name();
    for (Object item : list) {
      if (item instanceof Map<?, ?> map && name.equals(map.get("name"))) {
        return item;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    StringBuilder path = new StringBuilder();
    for (Object step : steps) {
      if (step instanceof Named named) {
        path.append("[name=").append(named.name()).append(']');
      } else if (step instanceof Integer index) {
        path.append('[').append(index).append(']');
      } else if (PLAIN_KEY.matcher((String) step).matches()) {
        path.append(path.length() == 0 ? "" : ".").append(step);
      } else {
        path.append("[\"").append(step).append("\"]");
      }
    }
    return path.toString();
  }
}
