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
 * in one notation, which {@link #parse} reads back to the same path whatever the names hold: keys
 * joined by dots, a key with other characters than letters, digits, {@code _} and {@code -} in
 * brackets and quotes ({@code annotations["racer.unbounded-cloud.io/settings-hash"]}), a named item
 * as {@code [name=NAME]}, an item by position as {@code [0]}. Inside quotes a {@code "} or a {@code
 * \} is written after a {@code \}, as JSON writes them; a name holding {@code ]}, {@code "} or
 * {@code \} is quoted too ({@code [name="a]b"]}), so that no name ends its step early.
 *
 * <p>A path may end with the items whose names start so ({@link #namedFrom}), printed as an
 * unclosed {@code [name=PREFIX}: a pattern that {@link #startsWith} matches each such item with, as
 * the fields a settings key shapes are listed ({@code env[name=NVIDIA_VISIBLE_DEVICES}).
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

  /** A last step into a list: the items whose {@code name} starts with this. */
  public record NamePrefix(String prefix) {
    // written out, as Named's are

    @Override
    public boolean equals(Object other) {
      return other instanceof NamePrefix named && Objects.equals(prefix, named.prefix);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(prefix) * 31 + 1;
    }

    @Override
    public String toString() {
      return "NamePrefix[prefix=" + prefix + "]";
    }
  }

  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");
  private static final FieldPath ROOT = new FieldPath(null, null);

  private final FieldPath parent;
  private final Object step;
  private final int length;

  private FieldPath(FieldPath parent, Object step) {
    if (parent != null && parent.step instanceof NamePrefix) {
      throw new IllegalStateException(
          parent + ": the items whose names start so are a last step, with nothing under them");
    }
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

  /**
   * The last step: the list items whose {@code name} starts with {@code prefix} (a pattern; {@link
   * #valueIn} finds the first of them).
   */
  public FieldPath namedFrom(String prefix) {
    return new FieldPath(this, new NamePrefix(prefix));
  }

  /**
   * Reads a path as {@link #toString} prints it; {@code ""} is the root.
   *
   * @throws IllegalArgumentException where the text holds no step: "no path step at character N"
   */
  public static FieldPath parse(String printed) {
    return ROOT.then(printed);
  }

  /** The path printed as {@code printed} (as {@link #parse} reads it), under this one. */
  public FieldPath then(String printed) {
    return new PrintedPath(printed).readInto(this);
  }

  /** The step into a list item: by its name when it has one, else by its position. */
  public FieldPath item(Object item, int index) {
    if (item instanceof Map<?, ?> map && map.get("name") instanceof String name) {
      return named(name);
    }
    return index(index);
  }

  /**
   * Each step from the root: a {@link String} key, an {@link Integer} index, a {@link Named} or,
   * last only, a {@link NamePrefix}.
   */
  public List<Object> steps() {
    List<Object> steps = new ArrayList<>(length);
    for (FieldPath path = this; path.parent != null; path = path.parent) {
      steps.add(path.step);
    }
    Collections.reverse(steps);
    return steps;
  }

  /**
   * Whether this path starts with every step of {@code prefix}; a last {@link NamePrefix} of {@code
   * prefix} takes each item whose name starts so (and a prefix of the same or a longer text).
   */
  public boolean startsWith(FieldPath prefix) {
    if (length < prefix.length) {
      return false;
    }
    FieldPath path = this;
    while (path.length > prefix.length) {
      path = path.parent;
    }
    if (prefix.step instanceof NamePrefix names) {
      String name =
          path.step instanceof Named named
              ? named.name()
              : path.step instanceof NamePrefix other ? other.prefix() : null;
      return name != null && name.startsWith(names.prefix()) && path.parent.equals(prefix.parent);
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
    for (Object item : list) {
      if (item instanceof Map<?, ?> map
          && map.get("name") instanceof String name
          && (step instanceof Named named
              ? name.equals(named.name())
              : name.startsWith(((NamePrefix) step).prefix()))) {
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
        name(named.name(), text.append("[name=")).append(']');
      } else if (each instanceof NamePrefix names) {
        name(names.prefix(), text.append("[name="));
      } else if (each instanceof Integer index) {
        text.append('[').append(index).append(']');
      } else if (PLAIN_KEY.matcher((String) each).matches()) {
        text.append(text.length() == 0 ? "" : ".").append(each);
      } else {
        quoted((String) each, text.append('[')).append(']');
      }
    }
    return text.toString();
  }

  /** A name as it is, or quoted when it holds what would end its step or read as a quote. */
  private static StringBuilder name(String name, StringBuilder text) {
    boolean plain = name.indexOf(']') < 0 && name.indexOf('"') < 0 && name.indexOf('\\') < 0;
    return plain ? text.append(name) : quoted(name, text);
  }

  private static StringBuilder quoted(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\');
      }
      out.append(c);
    }
    return out.append('"');
  }
}
