package io.unboundedcloud.racer.chart.template;

import java.util.List;

/**
 * One combination of switch values.
 *
 * @param index its position in {@link VariantSpace#variants()}
 * @param values one value per switch, in switch order
 */
public record Variant(int index, List<String> values) {
  public Variant {
    values = List.copyOf(values);
  }

  /** The value of the switch at {@code position}. */
  public String value(int position) {
    return values.get(position);
  }
}
