package io.unboundedcloud.racer.krm.adopt;

import java.util.Map;

/**
 * A group of {@code charts/racer} values that shapes the dataplane DaemonSet, seen from both sides:
 * which of its values the adopted DaemonSet needs, and what the chart renders with them. The chart
 * renders each value as a user's patch on the function's output would (chart-gen's {@code
 * CustomizationParityTest} holds the two equal), so applying the values to the function's fresh
 * render, then rendering that again with the function, gives what {@code helm template} renders.
 */
interface ValueGroup {
  /**
   * Writes into {@code values} those of the group's values that the adopted DaemonSet needs, and no
   * others.
   */
  void read(AdoptedDataplane dataplane, Map<String, Object> values);

  /**
   * Applies the group's values, as {@code values} holds them, to a DaemonSet in place, as a user's
   * patch.
   */
  void apply(Map<String, Object> values, Map<String, Object> daemonSet);
}
