package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.nodes.Tag;

/**
 * The tags {@link ExactResolver} gave the plain values it saw last: a table of 1,024 slots, each
 * holding one value and its tag, the slot chosen by the value's hash; a new value takes its slot
 * from the one before. Safe to share between threads without a lock: a slot holds an immutable
 * {@link Entry}, whose final fields a reader sees whole or not at all, and a resolver's answer
 * depends on the value alone, so a lost write costs one resolution, never a wrong tag.
 */
final class ResolvedTags {
  private static final int SLOTS = 1024;

  private record Entry(String value, Tag tag) {}

  private final Entry[] slots = new Entry[SLOTS];

  /** The tag remembered for {@code value}, or {@code null}. */
  Tag get(String value) {
    Entry entry = slots[slot(value)];
    return entry != null && entry.value.equals(value) ? entry.tag : null;
  }

  void put(String value, Tag tag) {
    slots[slot(value)] = new Entry(value, tag);
  }

  private static int slot(String value) {
    int hash = value.hashCode();
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }
}
