package io.unboundedcloud.racer.workload.settings;

import java.util.Map;
import java.util.Optional;

/**
 * What a single racer-settings value must look like, checked without looking at other keys.
 *
 * <p>Values are ConfigMap strings; a rule never trims or converts them, because the dataplane does
 * not.
 */
public sealed interface Rule permits IntegerRange, Choice, ChoiceOrRange {

  /**
   * The problem with {@code value}, phrased to follow "KEY is "VALUE": ", or empty when it is
   * valid.
   */
  Optional<String> check(String value);

  /** The rule as a docs table shows it, e.g. {@code 1024..65535} or {@code `true` or `false`}. */
  String describe();

  /**
   * A draft-07 JSON-schema fragment for the string value, in a fresh map with a fixed key order so
   * the generated {@code values.schema.json} reviews well. It accepts exactly what {@link #check}
   * accepts.
   */
  Map<String, Object> jsonSchema();

  /** Whether {@link #check} finds nothing wrong with {@code value}. */
  default boolean accepts(String value) {
    return check(value).isEmpty();
  }
}
