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
   * Longest key a suggestion is looked for: a ConfigMap key is at most 253 characters (the API
   * server refuses longer ones), so a longer name is no typo of a catalog key.
   */
  static final int LONGEST_NAME = 253;

  /** The edits a suggestion may be away from a short key. */
  public static final int FEWEST_EDITS = 2;

  /** A longer key may be an edit away per so many of its characters: a quarter of its length. */
  public static final int CHARACTERS_PER_EDIT = 4;

  /**
   * The edits within which an unknown key is taken for a typo of a known one, whatever its length:
   * at most two insertions, deletions, substitutions or swaps of adjacent characters ({@link
   * #distance}).
   */
  public static final int TYPO_EDITS = 2;

  /** Whether {@code unknown} is within {@link #TYPO_EDITS} of {@code known}. */
  public static boolean isTypo(String unknown, String known) {
    return Math.abs(unknown.length() - known.length()) <= TYPO_EDITS
        && distance(unknown, known) <= TYPO_EDITS;
  }

  /**
   * The nearest of {@code known} by edit distance (adjacent swaps count once), the first in list
   * order on a tie; empty when even the nearest is too far to be a plausible typo. Its cost is
   * bounded whatever the name: none is looked for past {@link #LONGEST_NAME}, a key whose length
   * alone is too far is not compared, and a comparison keeps three rows, not a matrix.
   */
  public static Optional<String> nearest(String unknown, List<String> known) {
    if (unknown.length() > LONGEST_NAME) {
      return Optional.empty();
    }
    // Small keys allow two edits, longer ones a quarter of their length: more is a different word.
    int plausible = Math.max(FEWEST_EDITS, unknown.length() / CHARACTERS_PER_EDIT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      if (Math.abs(candidate.length() - unknown.length()) > plausible) {
        continue; // the distance is at least the difference in length
      }
      int distance = distance(unknown, candidate);
      if (distance < bestDistance) { // strict: a tie keeps the earlier, catalog-order key
        best = candidate;
        bestDistance = distance;
      }
    }
    return best != null && bestDistance <= plausible ? Optional.of(best) : Optional.empty();
  }

  /**
   * The Damerau-Levenshtein distance in its optimal-string-alignment form: the fewest insertions,
   * deletions, substitutions of one character and swaps of two adjacent characters, each one edit,
   * that turn {@code a} into {@code b}, no character edited again once swapped. (The unrestricted
   * form also counts a swap with an insertion between the swapped characters, {@code AB} to {@code
   * BxA}, as two edits; this one counts three: a mistake no one makes at the keyboard.) The chart's
   * racer.keyDistance computes the same table. Keeps the last three rows of the table (a swap looks
   * two rows back): memory in {@code b}'s length only.
   */
  static int distance(String a, String b) {
    int[] twoBack = new int[b.length() + 1];
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          current[j] = Math.min(current[j], twoBack[j - 2] + 1);
        }
      }
      int[] spare = twoBack;
      twoBack = previous;
      previous = current;
      current = spare;
    }
    return previous[b.length()];
  }
}
