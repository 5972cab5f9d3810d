package io.unboundedcloud.racer.krm.codec;

/**
 * Where a value sits in an object, for messages: {@code
 * spec.template.spec.containers[0].ports[1].name}. Built one step at a time while reading and
 * rendered only when a value does not fit.
 */
public final class TreePath {
  private final TreePath parent;
  private final String key;
  private final int index;

  private TreePath(TreePath parent, String key, int index) {
    this.parent = parent;
    this.key = key;
    this.index = index;
  }

  /**
   * @param prefix the path of the tree being read inside its object ({@code ""} for a whole object)
   */
  public static TreePath root(String prefix) {
    return new TreePath(null, prefix, -1);
  }

  public TreePath field(String name) {
    return new TreePath(this, name, -1);
  }

  public TreePath index(int position) {
    return new TreePath(this, null, position);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    append(text);
    return text.toString();
  }

  private void append(StringBuilder text) {
    if (parent != null) {
      parent.append(text);
    }
    if (key == null) {
      text.append('[').append(index).append(']');
    } else if (!key.isEmpty()) {
      if (!text.isEmpty()) {
        text.append('.');
      }
      text.append(key);
    }
  }
}
