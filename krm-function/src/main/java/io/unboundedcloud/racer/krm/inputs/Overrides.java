package io.unboundedcloud.racer.krm.inputs;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values that win over those of racer-settings and of the function config, key for key: what the
 * Argo CD Application's parameters set ({@code krm.parameters}).
 *
 * @param settings racer-settings keys to their values, in order
 * @param functionConfig function config keys to their values, in order
 */
public record Overrides(Map<String, String> settings, Map<String, String> functionConfig) {
  /** Nothing overridden. */
  public static final Overrides NONE = new Overrides(Map.of(), Map.of());

  public Overrides {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    functionConfig = Collections.unmodifiableMap(new LinkedHashMap<>(functionConfig));
  }
}
