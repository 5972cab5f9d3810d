package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;

/**
 * Names the file an item came from, for messages that name several items. Asked with the item
 * itself, not its reference: two objects of the same kind, namespace and name read from two files
 * have equal references, and only the item tells which file is its own.
 */
@FunctionalInterface
public interface ItemLocator {
  /** Function mode: kustomize and kpt say each item's file in its annotations. */
  ItemLocator ANNOTATIONS = Item::ref;

  /** The item's reference, naming its file when that is known. */
  ResourceRef of(Item item);
}
