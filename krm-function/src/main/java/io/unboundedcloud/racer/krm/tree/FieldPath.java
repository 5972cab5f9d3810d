package io.unboundedcloud.racer.krm.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a value sits in a plain tree: map keys, list items by position or, where the item has a
 * {@code name}, by name ({@code containers[name=dataplane]}, the way results name fields). Printed
 * in one notation: keys joined by dots, a key with other characters than letters, digits, {@code _}
 * and {@code -} in brackets and quotes ({@code
 * annotations["racer.unbounded-cloud.io/settings-hash"]}), a named item as {@code [name=NAME]}, an
 * item by position as {@code [0]}.
 *
 * <p>Each step is one small object that points at the path before it, so that building a path per
 * field read costs one allocation; the steps are listed only when asked.
 */
public final class FieldPath {
  /** A step into a list: the item whose {@code name} is this. */
  public record Named(String name) {
    // equals, hashCode and toString written out: the record's generated ones link hidden classes
    // at run time (ObjectMethods) that the runtime's class-data archive does not keep, and paths
    // are compared on every run (RuntimeArchiveIT)

    @Override
    public boolean equals(Object other) {
      return other instanceof Named named && Objects.equals(name, named.name);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(name);
    }

    @Override
    public String toString() {
      return "Named[name=" + name + "]";
    }
  }

  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");
  private static final FieldPath ROOT = new FieldPath(null, null);

  private final FieldPath parent;
  private final Object step;
  private final int length;

  private FieldPath(FieldPath parent, Object step) {
    this.parent = parent;
    this.step = step;
    this.length = parent == null ? 0 : parent.length + 1;
  }

  /** The path of the tree itself. */
  public static FieldPath root() {
    return ROOT;
  }

  /** Parses a path of plain keys ({@code spec.template.spec}); {@code ""} is the root. */
  public static FieldPath of(String dottedKeys) {
    FieldPath path = ROOT;
    if (!dottedKeys.isEmpty()) {
      for (String key : dottedKeys.split("\\.")) {
        path = path.key(key);
      }
    }
    return path;
  }

  /** The step into a map's key. */
  public FieldPath key(String key) {
    return new FieldPath(this, key);
  }

  /** The step into a list item by position. */
  public FieldPath index(int index) {
    return new FieldPath(this, index);
  }

  /** The step into the list item whose {@code name} is this. */
  public FieldPath named(String name) {
    return new FieldPath(this, new Named(name));
  }

  /** The step into a list item: by its name when it has one, else by its position. */
  public FieldPath item(Object item, int index) {
    if (item instanceof Map<?, ?> map && map.get("name") instanceof String name) {
      return named(name);
    }
    return index(index);
  }

  /** Each step from the root: a {@link String} key, an {@link Integer} index or a {@link Named}. */
  public List<Object> steps() {
    List<Object> steps = new ArrayList<>(length);
    for (FieldPath path = this; path.parent != null; path = path.parent) {
      steps.add(path.step);
    }
    Collections.reverse(steps);
    return steps;
  }

  /** Whether this path starts with every step of {@code prefix}. */
  public boolean startsWith(FieldPath prefix) {
    FieldPath path = this;
    while (path.length > prefix.length) {
      path = path.parent;
    }
    return path.equals(prefix);
  }

  /** The value here, or {@code null} when a step is missing. */
  public Object valueIn(Object tree) {
    Object current = tree;
    for (Object each : steps()) {
      current = child(current, each);
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
  public boolean putIn(Map<String, Object> tree, Object value) {
    List<Object> steps = steps();
    Object current = tree;
    for (int i = 0; i < steps.size() - 1; i++) {
      Object each = steps.get(i);
      Object next = child(current, each);
      if (next == null && each instanceof String key && current instanceof Map<?, ?> map) {
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
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof FieldPath path) || path.length != length) {
      return false;
    }
    return parent == null || step.equals(path.step) && parent.equals(path.parent);
  }

  @Override
  public int hashCode() {
    return steps().hashCode();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (Object each : steps()) {
      if (each instanceof Named named) {
        text.append("[name=").append(named.name()).append(']');
      } else if (each instanceof Integer index) {
        text.append('[').append(index).append(']');
      } else if (PLAIN_KEY.matcher((String) each).matches()) {
        text.append(text.length() == 0 ? "" : ".").append(each);
      } else {
        text.append("[\"").append(each).append("\"]");
      }
    }
    return text.toString();
  }
}
