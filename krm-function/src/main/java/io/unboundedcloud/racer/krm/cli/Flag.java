package io.unboundedcloud.racer.krm.cli;

import java.util.List;

/**
 * One flag a mode takes: a switch ({@code --fail-on-rollout}), or a flag with a value ({@code
 * --function-config FILE} or {@code --function-config=FILE}), free or one of a few choices.
 *
 * @param name the flag as typed, with its dashes
 * @param value what its value is, as the message for a missing one says it ({@code a file}); null
 *     for a switch
 * @param choices the values it accepts; empty for any
 */
record Flag(String name, String value, List<String> choices) {
  /** A switch: present or not. */
  static Flag toggle(String name) {
    return new Flag(name, null, List.of());
  }

  /** A flag with a value: {@code value} says what it is ({@code a file}). */
  static Flag valued(String name, String value) {
    return new Flag(name, value, List.of());
  }

  /** A flag whose value is one of {@code choices}. */
  static Flag choice(String name, String... choices) {
    return new Flag(name, "one of " + String.join(", ", choices), List.of(choices));
  }

  boolean takesValue() {
    return value != null;
  }

  /** The value, once checked against the choices. */
  String checked(String given) {
    if (!choices.isEmpty() && !choices.contains(given)) {
      throw new UsageException(name + " takes " + value + ", not \"" + given + "\"");
    }
    return given;
  }
}
