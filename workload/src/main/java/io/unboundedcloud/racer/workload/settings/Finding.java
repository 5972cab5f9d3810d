package io.unboundedcloud.racer.workload.settings;

import java.util.Objects;

/**
 * One problem with one racer-settings key.
 *
 * @param key the key the finding is about (for a cross-key rule, the key whose rule it is)
 * @param severity {@link FindingSeverity#ERROR} stops rendering, {@link FindingSeverity#WARNING}
 *     does not
 * @param message a sentence naming the key, its value and the rule it breaks
 * @param suggestion the nearest known key, only for an unknown {@code RACER_*} key; otherwise null
 */
public record Finding(String key, FindingSeverity severity, String message, String suggestion) {

  public Finding {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(message, "message");
  }

  static Finding error(String key, String message) {
    return new Finding(key, FindingSeverity.ERROR, message, null);
  }
}
