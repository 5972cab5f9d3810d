package io.unboundedcloud.racer.chart.rules;

import io.unboundedcloud.racer.chart.values.KubernetesShapes;
import io.unboundedcloud.racer.workload.DnsLabel;
import io.unboundedcloud.racer.workload.settings.ConfigMapKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The grammars of the names and labels that chart values hold, each with its rule in words and an
 * example. The schema takes any string at these places: a schema pattern would print its regular
 * expression, and Helm checks the schema before any template runs. The templates
 * (racer.validateNames in {@code _validate.tpl}) check each place with {@link #pattern} and {@link
 * #maxLength} and fail with {@link #MESSAGE}; where the KRM function refuses the same mistake (a
 * cache origin's name or volume), they say the function's words instead.
 */
public enum NameRule {
  /** A DNS-1123 label: a volume's, a container's or a namespace's name. */
  LABEL(DnsLabel.PATTERN, 0, DnsLabel.RULE, "racer-cache"),
  /** A DNS-1123 subdomain: a Secret's, a PriorityClass's or a RuntimeClass's name. */
  SUBDOMAIN(
      "^" + KubernetesShapes.DNS_SUBDOMAIN + "$",
      253,
      "a DNS-1123 subdomain (lowercase letters, digits, '-' and '.', at most 253 characters, each"
          + " part between dots starting and ending with a letter or digit)",
      "system-node-critical"),
  /** A label key: an optional DNS subdomain prefix and '/', then a name. */
  LABEL_KEY(
      KubernetesShapes.QUALIFIED_NAME,
      0,
      "a label key ([prefix/]name: the name at most 63 letters, digits, '-', '_' and '.', starting"
          + " and ending with a letter or digit; the optional prefix a DNS-1123 subdomain)",
      "example.com/team"),
  /** A label value: empty, or a name. */
  LABEL_VALUE(
      KubernetesShapes.LABEL_VALUE,
      0,
      "a label value (empty, or at most 63 letters, digits, '-', '_' and '.', starting and ending"
          + " with a letter or digit)",
      "ml-platform"),
  /** A ConfigMap data key: a settings key, by the rule the KRM function holds it to. */
  CONFIG_MAP_KEY(
      ConfigMapKey.PATTERN, ConfigMapKey.MAX_LENGTH, ConfigMapKey.RULE, "RACER_PEER_PORT");

  /**
   * What the templates say of a value that breaks a rule; arguments: the values key, the value
   * quoted, the rule in words, an example.
   */
  public static final String MESSAGE = "%s: %s is not %s; for example %s";

  private final String pattern;
  private final int maxLength;
  private final String words;
  private final String example;

  NameRule(String pattern, int maxLength, String words, String example) {
    this.pattern = pattern;
    this.maxLength = maxLength;
    this.words = words;
    this.example = example;
  }

  /** The anchored pattern, in the subset Java and Go's RE2 read alike. */
  public String pattern() {
    return pattern;
  }

  /** The longest value the rule takes, or 0 where the pattern bounds it. */
  public int maxLength() {
    return maxLength;
  }

  /** The rule in words, after "is not". */
  public String words() {
    return words;
  }

  /** A value the rule takes. */
  public String example() {
    return example;
  }

  /** The template's facts of the rule. */
  Map<String, Object> facts() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("id", name());
    facts.put("pattern", pattern);
    facts.put("maxLength", maxLength);
    facts.put("words", words);
    facts.put("example", example);
    return facts;
  }
}
