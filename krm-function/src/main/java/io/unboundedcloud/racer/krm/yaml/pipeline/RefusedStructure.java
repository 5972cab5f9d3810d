package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.error.Mark;

/**
 * What {@link CompactEventParser} refuses as the events pass (nesting too deep, a duplicate key),
 * with where; {@code krm.yaml} turns it into a message for the user.
 */
public final class RefusedStructure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Mark mark;

  RefusedStructure(Mark mark, String problem) {
    super(problem, null, false, false);
    this.mark = mark;
  }

  /** Where in the input, or null when not known. */
  public Mark mark() {
    return mark;
  }

  /** What is refused and what to do, without the position. */
  public String problem() {
    return getMessage();
  }
}
