package io.unboundedcloud.racer.chart.objects;

import io.unboundedcloud.racer.chart.template.Substitutions;
import io.unboundedcloud.racer.chart.template.Switch;
import io.unboundedcloud.racer.chart.template.Variant;
import io.unboundedcloud.racer.chart.template.VariantSpace;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.shape.ChartPlaceholder;
import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapeParser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The inputs of the dataplane builders that the chart decides at render time, from the shape keys'
 * table: a switch for each key rendered as variants, a sentinel for each other key.
 */
public final class DataplaneSwitches {
  private DataplaneSwitches() {}

  /** Every combination of the switches. */
  public static VariantSpace space() {
    return new VariantSpace(
        varied().stream()
            .map(
                key ->
                    new Switch(
                        key.label(), Defines.include(key.define().name()), key.parser().values()))
            .toList());
  }

  /**
   * The builders' config of one variant, made from the racer-settings data it stands for: its
   * switch values, every other shape key its sentinel.
   */
  public static Config config(Variant variant) {
    List<ShapeKey<?>> varied = varied();
    Map<String, String> settings = new LinkedHashMap<>();
    for (ShapeKey<?> key : ShapeKeys.all()) {
      settings.put(
          key.name(),
          key.placeholder() instanceof ChartPlaceholder.Sentinel sentinel
              ? sentinel.value()
              : variant.value(varied.indexOf(key)));
    }
    return Config.fromSettings(
        HelmPlaceholders.NAMESPACE,
        HelmPlaceholders.DATAPLANE_IMAGE,
        HelmPlaceholders.OBJECT_IMAGE,
        settings);
  }

  /** Each sentinel shape key replaced by its define: a number unquoted, text quoted. */
  public static Substitutions withSentinels(Substitutions substitutions) {
    for (ShapeKey<?> key : ShapeKeys.all()) {
      if (key.placeholder() instanceof ChartPlaceholder.Sentinel sentinel) {
        String expression = Defines.include(key.define().name());
        if (key.parser() instanceof ShapeParser.WholeNumber) {
          substitutions.number(Long.parseLong(sentinel.value()), expression);
        } else {
          substitutions.text(sentinel.value(), expression);
        }
      }
    }
    return substitutions;
  }

  private static List<ShapeKey<?>> varied() {
    return ShapeKeys.all().stream()
        .filter(key -> key.placeholder() instanceof ChartPlaceholder.Variants)
        .toList();
  }
}
