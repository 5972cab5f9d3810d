package io.unboundedcloud.racer.krm.inputs;

import java.util.List;

/**
 * Several objects as one message names them (the racer-settings, function configs or dataplane
 * DaemonSets of which there must be one): each with its own file, as the run's {@link ItemLocator}
 * knows it, the first {@link #SHOWN} in input order and then how many more, so that the message
 * stays one short line however many copies the input holds.
 */
final class ObjectNames {
  /** The most objects a message names one by one. */
  static final int SHOWN = 6;

  private ObjectNames() {}

  /** {@code items}, each located by {@code locate}, joined by {@code separator}. */
  static String of(List<Item> items, ItemLocator locate, String separator) {
    List<String> shown =
        items.stream().limit(SHOWN).map(item -> locate.of(item).describe()).toList();
    String named = String.join(separator, shown);
    return items.size() > SHOWN ? named + " and " + (items.size() - SHOWN) + " more" : named;
  }

  /** Whether none of {@code items} has a file {@code locate} knows. */
  static boolean noneInAFile(List<Item> items, ItemLocator locate) {
    return items.stream().limit(SHOWN).allMatch(item -> locate.of(item).filePath() == null);
  }
}
