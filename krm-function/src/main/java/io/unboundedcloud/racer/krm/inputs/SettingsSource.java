package io.unboundedcloud.racer.krm.inputs;

import java.util.Map;

/**
 * The racer-settings ConfigMap as found.
 *
 * @param item the ConfigMap item
 * @param namespace its namespace, the installation namespace (empty when it has none)
 * @param data its data, keys in their order
 */
public record SettingsSource(Item item, String namespace, Map<String, String> data) {
  public SettingsSource {
    data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
  }
}
