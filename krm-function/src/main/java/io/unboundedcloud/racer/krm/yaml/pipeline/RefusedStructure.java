package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.error.Mark;

/**
 * What {@link CompactEventParser} refuses as the events pass (nesting too deep, a duplicate key),
 * with where; {@code krm.yaml} turns it into a message for the user.
 */
public final class RefusedStructure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Mark mark;
  private final boolean duplicateKey;
  private final boolean deepNesting;

  RefusedStructure(Mark mark, String problem) {
    this(mark, problem, false, false);
  }

  private RefusedStructure(Mark mark, String problem, boolean duplicateKey, boolean deepNesting) {
    super(problem, null, false, false);
    this.mark = mark;
    this.duplicateKey = duplicateKey;
    this.deepNesting = deepNesting;
  }

  static RefusedStructure duplicateKey(Mark mark, String problem) {
    return new RefusedStructure(mark, problem, true, false);
  }

  static RefusedStructure deepNesting(Mark mark, String problem) {
    return new RefusedStructure(mark, problem, false, true);
  }

  /**
   * Whether what is refused is a key repeated in one mapping (the rest of the input may be fine).
   */
  public boolean isDuplicateKey() {
    return duplicateKey;
  }

  /** Whether what is refused is nesting deeper than the reader's limit. */
  public boolean isDeepNesting() {
    return deepNesting;
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
