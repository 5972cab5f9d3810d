package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.krm.inputs.Overrides;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an Application's parameters set, in the order they came: racer-settings keys and function
 * config keys. They win over the folder's own values.
 *
 * @param settings the racer-settings keys they set
 * @param functionConfig the function config keys they set
 */
public record ApplicationParameters(
    List<ParameterValue> settings, List<ParameterValue> functionConfig) {
  /** No parameter: the folder renders as it is. */
  public static final ApplicationParameters NONE = new ApplicationParameters(List.of(), List.of());

  public ApplicationParameters {
    settings = List.copyOf(settings);
    functionConfig = List.copyOf(functionConfig);
  }

  /** Whether they set nothing. */
  public boolean isEmpty() {
    return settings.isEmpty() && functionConfig.isEmpty();
  }

  /** The racer-settings values they set, key to value, in order. */
  public Map<String, String> settingsValues() {
    return values(settings);
  }

  /** The function config values they set, key to value, in order. */
  public Map<String, String> functionConfigValues() {
    return values(functionConfig);
  }

  /** The values they set, as the inputs apply them over the folder's. */
  public Overrides overrides() {
    return new Overrides(settingsValues(), functionConfigValues());
  }

  /** The parameter that sets racer-settings key {@code key}, if one does. */
  public Optional<ParameterValue> setting(String key) {
    return settings.stream().filter(value -> value.key().equals(key)).findFirst();
  }

  /** The parameter that sets function config key {@code key}, if one does. */
  public Optional<ParameterValue> functionConfigKey(String key) {
    return functionConfig.stream().filter(value -> value.key().equals(key)).findFirst();
  }

  private static Map<String, String> values(List<ParameterValue> values) {
    Map<String, String> map = new LinkedHashMap<>();
    values.forEach(value -> map.put(value.key(), value.value()));
    return map;
  }
}
