package io.unboundedcloud.racer.workload.settings;

import java.util.Objects;

/**
 * One row of the racer-settings catalog.
 *
 * @param name the ConfigMap key, e.g. {@code RACER_PEER_PORT}
 * @param defaultValue the value used when the key is absent; null when the default is unset or
 *     automatic (e.g. {@code RACER_MAX_THREADS})
 * @param defaultDescription the default as docs show it, e.g. "unset: 9090, or 9091 when the peer
 *     port is 9090"
 * @param rule what a value must look like, checked on its own
 * @param group which table of docs/settings.md the key belongs to
 * @param description what the key does, in a sentence; names any cross-key rule
 */
public record SettingKey(
    String name,
    String defaultValue,
    String defaultDescription,
    Rule rule,
    Group group,
    String description) {

  public SettingKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(defaultDescription, "defaultDescription");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(description, "description");
    // A default its own rule rejects would make every untouched installation invalid.
    if (defaultValue != null && rule.check(defaultValue).isPresent()) {
      throw new IllegalArgumentException(
          name + ": default \"" + defaultValue + "\" breaks its own rule");
    }
  }
}
