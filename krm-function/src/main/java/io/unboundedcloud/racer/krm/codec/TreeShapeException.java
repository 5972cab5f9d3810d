package io.unboundedcloud.racer.krm.codec;

import io.unboundedcloud.racer.krm.tree.FieldPath;

/**
 * A value in a tree that does not fit the Kubernetes type of its field: a string where an integer
 * goes, a mapping where a list goes. The message names the field: {@code
 * containers[0].ports[0].containerPort: expected an integer, found the string "http"}.
 */
public final class TreeShapeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient FieldPath path;
  private final String problem;

  TreeShapeException(FieldPath path, String problem) {
    super(path.toString().isEmpty() ? problem : path + ": " + problem);
    this.path = path;
    this.problem = problem;
  }

  /** The field the value sits in, as {@code spec.template.spec.containers[0].image}. */
  public String field() {
    return path.toString();
  }

  /** What is wrong, without the field. */
  public String problem() {
    return problem;
  }
}
