package io.unboundedcloud.racer.chart.template;

import java.util.List;

/**
 * A discrete input of the builders that the chart decides at render time, such as the NVIDIA mode.
 *
 * @param name what it is, for messages
 * @param expression the Helm expression whose value selects one of {@code values}, written with
 *     {@code $} as the root context so it holds inside {@code range} and {@code with} too
 * @param values every value, as the expression prints it, in a fixed order
 */
public record Switch(String name, String expression, List<String> values) {
  public Switch {
    values = List.copyOf(values);
    if (values.size() < 2) {
      throw new IllegalArgumentException("switch " + name + " needs at least two values");
    }
  }
}
