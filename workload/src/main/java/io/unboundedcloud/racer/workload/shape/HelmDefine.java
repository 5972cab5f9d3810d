package io.unboundedcloud.racer.workload.shape;

import java.util.Objects;

/**
 * The chart's {@code _helpers.tpl} define that reads a shape key as the function does.
 *
 * @param name the define's name, e.g. {@code racer.peerPort}
 * @param doc what its comment says after the name: a format whose {@code %1$s} is the key and
 *     {@code %2$s} its default; {@code null} for a derived define, whose template says it
 * @param rule the Java rule the define reproduces instead of the key's parser, for a define whose
 *     value the parser alone does not give (the chart's template holds its Go twin); {@code null}
 *     for a define chart-gen writes from the parser and the default
 */
public record HelmDefine(String name, String doc, String rule) {
  public HelmDefine {
    Objects.requireNonNull(name, "name");
    if ((doc == null) == (rule == null)) {
      throw new IllegalArgumentException(name + ": give a doc to write or a rule to reproduce");
    }
  }

  /** A define chart-gen writes from the key's parser and default. */
  public static HelmDefine parsed(String name, String doc) {
    return new HelmDefine(name, Objects.requireNonNull(doc, "doc"), null);
  }

  /** A define whose template reproduces {@code rule}, a Java rule beyond the key's parser. */
  public static HelmDefine derived(String name, String rule) {
    return new HelmDefine(name, null, Objects.requireNonNull(rule, "rule"));
  }

  /** Whether chart-gen writes it from the parser. */
  public boolean isParsed() {
    return rule == null;
  }
}
