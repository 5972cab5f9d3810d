package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.chart.rules.SettingRuleChecks;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code workload} Java code says of racer-settings data, as the KRM function applies it:
 * the settings catalog's first error, else {@code Config.validate()}'s.
 *
 * @param key the racer-settings key at fault
 * @param message the Java message
 * @param bySchema whether the key's own rule failed and the chart checks that rule in
 *     values.schema.json, with Helm's wording (a choice's enum); every other failure, patterned
 *     rules included ({@link SettingRuleChecks}), the chart reports with this very message
 */
public record WorkloadVerdict(String key, String message, boolean bySchema) {
  /** The verdict on {@code settings} with valid images, or empty when Java accepts them. */
  public static Optional<WorkloadVerdict> of(String namespace, Map<String, String> settings) {
    Optional<Finding> error =
        SettingsCatalog.validate(settings).stream()
            .filter(f -> f.severity() == FindingSeverity.ERROR)
            .findFirst();
    if (error.isPresent()) {
      String key = error.get().key();
      boolean bySchema =
          settings.containsKey(key)
              && SettingsCatalog.key(key)
                  .map(
                      k ->
                          k.rule().check(settings.get(key)).isPresent()
                              && !SettingRuleChecks.checkedByTemplates(k.rule()))
                  .orElse(false);
      return Optional.of(new WorkloadVerdict(key, error.get().message(), bySchema));
    }
    Config config =
        Config.fromSettings(
            namespace,
            "registry.example.com/racer/racer-dataplane:0.19.0",
            "registry.example.com/racer/racer-object:0.19.0",
            settings);
    try {
      config.validate();
      return Optional.empty();
    } catch (InvalidConfigurationException invalid) {
      return Optional.of(
          new WorkloadVerdict(
              ShapeKeys.ofComponent(invalid.field()).orElseThrow().name(),
              invalid.getMessage(),
              false));
    }
  }
}
