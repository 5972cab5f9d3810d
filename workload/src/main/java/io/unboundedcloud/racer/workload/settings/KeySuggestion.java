package io.unboundedcloud.racer.workload.settings;

import java.util.List;
import java.util.Optional;

/**
 * The known key an unknown {@code RACER_*} key was probably meant to be: a typo, a missing letter,
 * a swap.
 */
public final class KeySuggestion {

  private KeySuggestion() {}

  /**
   * The nearest of {@code known} by edit distance (adjacent swaps count once), the first in list
   * order on a tie; empty when even the nearest is too far to be a plausible typo.
   */
  public static Optional<String> nearest(String unknown, List<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int distance = distance(unknown, candidate);
      if (distance < bestDistance) { // strict: a tie keeps the earlier, catalog-order key
        best = candidate;
        bestDistance = distance;
      }
    }
    // Small keys allow two edits, longer ones a quarter of their length: more is a different word.
    int plausible = Math.max(2, unknown.length() / 4);
    return best != null && bestDistance <= plausible ? Optional.of(best) : Optional.empty();
  }

  /** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
