package io.unboundedcloud.racer.krm.parameters;

/**
 * One key set by an Application's parameter.
 *
 * @param key the racer-settings or function config key it sets
 * @param value its value, exactly as the parameter holds it
 * @param parameter the parameter's name: the key itself, or {@link ParameterNames#SETTINGS}
 */
public record ParameterValue(String key, String value, String parameter) {

  /**
   * How results name it: {@code Application parameter RACER_NVIDIA}, or {@code Application
   * parameter settings, key RACER_PEER_PORT}.
   */
  public String describe() {
    return parameter.equals(key)
        ? "Application parameter " + key
        : "Application parameter " + parameter + ", key " + key;
  }
}
