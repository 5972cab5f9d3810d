package io.unboundedcloud.racer.chart.template;

import java.util.List;

/** A merged tree: what every variant shares, with Helm conditions where variants differ. */
public sealed interface TemplateNode {

  /** A plain tree (map, list or scalar) that is the same in every variant where it is written. */
  record Fixed(Object value) implements TemplateNode {}

  /** A map whose entries may each be conditional. */
  record Mapping(List<Entry> entries) implements TemplateNode {
    public Mapping {
      entries = List.copyOf(entries);
    }
  }

  /**
   * One map entry.
   *
   * @param condition the Helm condition under which it is written, or {@code null} for always
   */
  record Entry(String key, TemplateNode value, String condition) {}

  /** A list whose items may each be conditional. */
  record Sequence(List<Item> items) implements TemplateNode {
    public Sequence {
      items = List.copyOf(items);
    }
  }

  /**
   * One list item.
   *
   * @param condition the Helm condition under which it is written, or {@code null} for always
   */
  record Item(TemplateNode value, String condition) {}

  /**
   * A value that differs by variant: {@code if} / {@code else if} / {@code else}, the last without
   * condition.
   */
  record Choice(List<Alternative> alternatives) implements TemplateNode {
    public Choice {
      alternatives = List.copyOf(alternatives);
    }
  }

  /**
   * One branch of a {@link Choice}.
   *
   * @param condition its Helm condition, {@code null} for the final {@code else}
   */
  record Alternative(String condition, TemplateNode value) {}
}
