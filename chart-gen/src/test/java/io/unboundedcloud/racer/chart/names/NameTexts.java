package io.unboundedcloud.racer.chart.names;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The generated class of texts for a name rule: from good seeds, every common slip (a capital, an
 * underscore, a dot, a slash, a colon, an at sign, a space, a non-ASCII letter, a leading or
 * trailing dash, each at the start, the middle and the end), the empty text and texts one character
 * past and at each length bound. Which are good is for an oracle to say, never for the generator.
 */
final class NameTexts {
  private static final List<String> SLIPS =
      List.of("A", "_", ".", "-", "/", ":", "@", " ", "é", "..", "a/b");

  private NameTexts() {}

  /** Every text made from {@code seeds}, in a stable order without repeats. */
  static List<String> from(String... seeds) {
    Set<String> texts = new LinkedHashSet<>();
    texts.add("");
    for (String seed : seeds) {
      texts.add(seed);
      texts.add(seed.toUpperCase(java.util.Locale.ROOT));
      for (String slip : SLIPS) {
        int middle = seed.length() / 2;
        texts.add(slip + seed);
        texts.add(seed.substring(0, middle) + slip + seed.substring(middle));
        texts.add(seed + slip);
      }
    }
    for (int bound : List.of(63, 128, 253)) {
      texts.add("a".repeat(bound));
      texts.add("a".repeat(bound + 1));
      texts.add("a".repeat(bound - 2) + ".b");
      texts.add("a".repeat(bound - 1) + ".b");
    }
    return List.copyOf(texts);
  }
}
