package io.unboundedcloud.racer.krm.harness;

import java.util.Collections;

/**
 * The one builder of "billion laughs" YAML for the suites: a ladder of anchors {@code
 * l0..l<levels>} as mapping entries, {@code l0} a flow list of {@code width} copies of a string,
 * each next level a flow list of {@code width} aliases of the one before, so that the last stands
 * for width^(levels+1) strings once expanded.
 */
public final class Laughs {
  private Laughs() {}

  /**
   * The ladder's lines, each indented by {@code indent} and ending with a line break.
   *
   * @param leaf the string of {@code l0}, as written ({@code lol}, {@code "lol"})
   */
  public static String ladder(int levels, int width, String indent, String leaf) {
    StringBuilder text =
        new StringBuilder(indent)
            .append("l0: &l0 [")
            .append(String.join(", ", Collections.nCopies(width, leaf)))
            .append("]\n");
    for (int level = 1; level <= levels; level++) {
      text.append(indent)
          .append('l')
          .append(level)
          .append(": &l")
          .append(level)
          .append(" [")
          .append(String.join(", ", Collections.nCopies(width, "*l" + (level - 1))))
          .append("]\n");
    }
    return text.toString();
  }
}
