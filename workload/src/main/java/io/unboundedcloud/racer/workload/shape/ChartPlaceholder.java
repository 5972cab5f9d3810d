package io.unboundedcloud.racer.workload.shape;

/**
 * What chart-gen gives the builders for a shape key in place of a value the chart decides at render
 * time.
 */
public sealed interface ChartPlaceholder {

  /**
   * A unique value, valid for the builders and found nowhere else in their output, so every place
   * it shows up is a place the key's Helm define goes.
   *
   * @param value the sentinel as racer-settings spells it
   */
  record Sentinel(String value) implements ChartPlaceholder {}

  /**
   * One builder run per value of the key's parser ({@link ShapeParser#values()}): the chart merges
   * the trees and wraps what differs in a condition on the key's Helm define.
   */
  record Variants() implements ChartPlaceholder {}
}
