package io.unboundedcloud.racer.workload.settings;

/**
 * The rule the Kubernetes API server holds every value of a ConfigMap's data to: a string. YAML
 * reads an unquoted {@code 9100} as a number and {@code true} as a boolean, so a racer-settings
 * value written that way renders, then fails when applied. Both deliveries refuse it at render time
 * with one message: the KRM function, which reads the YAML, and the chart's validation template,
 * which sees the value's type.
 */
public final class ConfigMapValue {
  /**
   * The message of a value that is no string, as a format string whose verbs mean the same to
   * Java's String.format and to Go's printf; arguments: where the value is, what it is, the key,
   * the value quoted.
   */
  public static final String NOT_A_STRING_MESSAGE =
      "%s is %s, but ConfigMap data holds strings only and the API server refuses the ConfigMap:"
          + " quote the value, %s: %s";

  private ConfigMapValue() {}
}
