package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.workload.chart.ValueDoc;
import java.util.List;
import java.util.Map;

/**
 * JSON schemas (draft-07) of the Kubernetes types that chart values take as they are: what the API
 * server would refuse fails {@code helm template} instead, naming the value. The schema holds types
 * and shapes only: names and labels are checked by the templates (racer.validateNames, with the
 * patterns below, which follow k8s.io/apimachinery's validation package), in words, where a schema
 * pattern would print its regular expression. A quantity and an update strategy's count or
 * percentage are only strings to the schema: their grammar is checked by the templates
 * (racer.validateQuantities with workload's QuantityGrammar, the function's own;
 * racer.validateUpdateStrategy), whose message names the value and an example where a schema
 * pattern would print the regular expression.
 */
public final class KubernetesShapes {
  /** A DNS-1123 subdomain: the name of a Secret or a PriorityClass. */
  public static final String DNS_SUBDOMAIN = ValueDoc.DNS_SUBDOMAIN;

  /**
   * A qualified name: a label key or a resource name ({@code nvidia.com/gpu}), an optional DNS
   * prefix and a name.
   */
  public static final String QUALIFIED_NAME =
      "^(" + DNS_SUBDOMAIN + "/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$";

  /** A label value: empty, or up to 63 characters starting and ending with a letter or digit. */
  public static final String LABEL_VALUE = "^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$";

  /** A count or percentage's string form: a percentage. */
  public static final String PERCENT = "^[0-9]+%$";

  /**
   * What the templates say of a count or percentage that is a string but no percentage, given the
   * value as {@code the string "ten"}: the KRM function's words for an int-or-string field.
   */
  public static final String PERCENT_MESSAGE =
      "expected an integer or a string such as \"25%%\", found %s";

  private KubernetesShapes() {}

  /** {@code ResourceRequirements}: requests and limits by resource name, and claims. */
  static Map<String, Object> resourceRequirements() {
    Map<String, Object> quantities =
        byQualifiedName(
            ValueDoc.keywords(
                "anyOf",
                List.of(
                    ValueDoc.keywords("type", "string"),
                    ValueDoc.keywords("type", "number", "minimum", 0))));
    Map<String, Object> claim =
        ValueDoc.keywords(
            "type",
            "object",
            "additionalProperties",
            false,
            "required",
            List.of("name"),
            "properties",
            ValueDoc.keywords(
                "name", ValueDoc.keywords("type", "string", "minLength", 1),
                "request", ValueDoc.keywords("type", "string")));
    return ValueDoc.closed(
        ValueDoc.keywords(
            "limits", quantities,
            "requests", quantities,
            "claims", ValueDoc.keywords("type", "array", "items", claim)));
  }

  /** {@code LocalObjectReference}: a name in the same namespace. */
  static Map<String, Object> localObjectReference() {
    return ValueDoc.keywords(
        "type",
        "object",
        "additionalProperties",
        false,
        "required",
        List.of("name"),
        "properties",
        ValueDoc.keywords("name", ValueDoc.text()));
  }

  /** {@code DaemonSetUpdateStrategy}: RollingUpdate (with its two bounds) or OnDelete. */
  static Map<String, Object> daemonSetUpdateStrategy() {
    Map<String, Object> countOrPercent =
        ValueDoc.keywords(
            "anyOf",
            List.of(
                ValueDoc.keywords("type", "integer", "minimum", 0),
                ValueDoc.keywords("type", "string")));
    return ValueDoc.closed(
        ValueDoc.keywords(
            "type",
                ValueDoc.keywords("type", "string", "enum", List.of("RollingUpdate", "OnDelete")),
            "rollingUpdate",
                ValueDoc.closed(
                    ValueDoc.keywords(
                        "maxUnavailable", countOrPercent, "maxSurge", countOrPercent))));
  }

  /**
   * A label map: strings by key. The templates check each key and value (racer.validateNames, with
   * {@link #QUALIFIED_NAME} and {@link #LABEL_VALUE}) and say what is wrong in words, where the
   * schema's patterns would print regular expressions.
   */
  static Map<String, Object> labels() {
    return ValueDoc.keywords("type", "object", "additionalProperties", ValueDoc.text());
  }

  /**
   * A map from qualified names to {@code value}s. Keys are checked with patternProperties and no
   * additional properties, not propertyNames: Helm then names the map ("at '/podLabels': additional
   * properties 'a/b/c' not allowed"), where a propertyNames failure is reported at the document's
   * root.
   */
  private static Map<String, Object> byQualifiedName(Map<String, Object> value) {
    return ValueDoc.keywords(
        "type",
        "object",
        "patternProperties",
        ValueDoc.keywords(QUALIFIED_NAME, value),
        "additionalProperties",
        false);
  }
}
