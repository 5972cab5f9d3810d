package io.unboundedcloud.racer.workload.settings;

import java.util.List;
import java.util.stream.Stream;

/**
 * The rules that relate two or more tuning keys, written once: the KRM function judges them ({@link
 * CrossKeyRules}), and chart-gen writes each into the chart's validation template.
 *
 * <p>A rule's message is {@code <key shown>: must be <requirement>; <each other key shown>}, where
 * a key is shown as {@code KEY is "VALUE"}, with {@code (the default)} when it is unset.
 */
public enum CrossKeyRule {
  /** The slab is cut into whole segments. */
  SLAB_IN_SEGMENTS("RACER_SLAB_BYTES", Relation.MULTIPLE_OF, "RACER_SEGMENT_BYTES"),
  /** Some segments stay free for new objects. */
  FREE_SEGMENT_RESERVE(
      "RACER_FREE_SEGMENT_RESERVE",
      Relation.FEWER_THAN_QUOTIENT,
      "RACER_SLAB_BYTES",
      "RACER_SEGMENT_BYTES"),
  /** One cache's origin connections fit within the client connections. */
  ORIGIN_CONNECTIONS(
      "RACER_ORIGIN_CONNECTIONS_PER_CACHE", Relation.AT_MOST, "RACER_CLIENT_CONNECTIONS"),
  /** A reader stalls no longer than a request may take. */
  READER_STALL("RACER_READER_STALL_TIMEOUT_MS", Relation.AT_MOST, "RACER_REQUEST_TIMEOUT_MS");

  /** How a key's value relates to the values of the others. */
  public enum Relation {
    /** At most the one other value. */
    AT_MOST,
    /** A positive multiple of the one other value. */
    MULTIPLE_OF,
    /** Fewer than the first other value divided by the second (the quotient is the figure). */
    FEWER_THAN_QUOTIENT
  }

  private final String key;
  private final Relation relation;
  private final List<String> others;

  CrossKeyRule(String key, Relation relation, String... others) {
    this.key = key;
    this.relation = relation;
    this.others = List.of(others);
  }

  /** The key whose rule this is, and the finding's key. */
  public String key() {
    return key;
  }

  /** How {@link #key()} relates to {@link #others()}. */
  public Relation relation() {
    return relation;
  }

  /** The keys the rule compares {@link #key()} with. */
  public List<String> others() {
    return others;
  }

  /** {@link #key()} then {@link #others()}. */
  public List<String> operands() {
    return Stream.concat(Stream.of(key), others.stream()).toList();
  }

  /**
   * What {@link #key()} must be, as a format string whose one verb ({@code %d}, only when {@link
   * #hasFigure()}) is {@link #figure}: the same to Java's String.format and to Go's printf.
   */
  public String requirement() {
    return switch (relation) {
      case AT_MOST -> "at most " + others.get(0);
      case MULTIPLE_OF -> "a positive multiple of " + others.get(0);
      case FEWER_THAN_QUOTIENT ->
          "fewer than " + others.get(0) + " / " + others.get(1) + " (%d segments)";
    };
  }

  /** Whether {@link #requirement()} shows a figure computed from the values. */
  public boolean hasFigure() {
    return relation == Relation.FEWER_THAN_QUOTIENT;
  }

  /** The figure {@link #requirement()} shows, from the values of {@link #operands()}. */
  long figure(long[] values) {
    return values[1] / values[2];
  }

  /** Whether the values of {@link #operands()} satisfy the rule. */
  boolean holds(long[] values) {
    return switch (relation) {
      case AT_MOST -> values[0] <= values[1];
      case MULTIPLE_OF -> values[0] % values[1] == 0;
      case FEWER_THAN_QUOTIENT -> values[0] < values[1] / values[2];
    };
  }
}
