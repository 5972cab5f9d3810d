package io.unboundedcloud.racer.workload;

import java.util.regex.Pattern;

/**
 * The DNS-1123 label rule of Kubernetes names, the one definition of it: lowercase letters, digits
 * and {@code -}, at most 63 characters, starting and ending with a letter or digit. {@link Config}
 * checks the installation namespace with it, {@link CacheOrigin} an origin's name and volume, and
 * the chart's schema and helpers use its patterns. Written in the subset of regular expressions
 * that Java, Go's RE2 (Helm's {@code regexMatch} and its JSON-schema validator) and ECMA-262 read
 * alike, as {@link ImageGrammar} is.
 */
public final class DnsLabel {
  /** One label, unanchored. */
  public static final String EXPRESSION = "[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?";

  /** The anchored pattern of exactly one label. */
  public static final String PATTERN = "^" + EXPRESSION + "$";

  /** The anchored pattern of one label or the empty string (an optional name). */
  public static final String OPTIONAL_PATTERN = "^(?:" + EXPRESSION + ")?$";

  private static final Pattern LABEL = Pattern.compile(EXPRESSION);

  private DnsLabel() {}

  /** Whether {@code value} is one DNS-1123 label ({@code null} is not). */
  public static boolean isLabel(String value) {
    return value != null && LABEL.matcher(value).matches();
  }
}
