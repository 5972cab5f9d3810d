package io.unboundedcloud.racer.workload;

/**
 * The DNS-1123 label rule of Kubernetes names, the one definition of it: lowercase letters, digits
 * and {@code -}, at most 63 characters, starting and ending with a letter or digit. {@link Config}
 * checks the installation namespace with it, {@link CacheOrigin} an origin's name and volume, and
 * the chart's schema and helpers use its patterns. Written in the subset of regular expressions
 * that Java, Go's RE2 (Helm's {@code regexMatch} and its JSON-schema validator) and ECMA-262 read
 * alike, as {@link ImageGrammar} is; Java code checks a value with {@link #isLabel}, which looks at
 * no character of a value longer than a label.
 */
public final class DnsLabel {
  /** The longest label. */
  public static final int MAX_LENGTH = 63;

  /** One label, unanchored. */
  public static final String EXPRESSION =
      "[a-z0-9]([-a-z0-9]{0," + (MAX_LENGTH - 2) + "}[a-z0-9])?";

  /** The anchored pattern of exactly one label. */
  public static final String PATTERN = "^" + EXPRESSION + "$";

  /** The anchored pattern of one label or the empty string (an optional name). */
  public static final String OPTIONAL_PATTERN = "^(?:" + EXPRESSION + ")?$";

  /**
   * The rule in words, after "is not": the function's messages and the chart's templates say it
   * where a pattern would print a regular expression.
   */
  public static final String RULE =
      "a DNS-1123 label (lowercase letters, digits and '-', at most "
          + MAX_LENGTH
          + " characters, starting and ending with a letter or digit)";

  private DnsLabel() {}

  /** Whether {@code value} is one DNS-1123 label ({@code null} is not). */
  public static boolean isLabel(String value) {
    if (value == null || value.isEmpty() || value.length() > MAX_LENGTH) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!isLowerAlnum(c) && c != '-') {
        return false;
      }
    }
    return isLowerAlnum(value.charAt(0)) && isLowerAlnum(value.charAt(value.length() - 1));
  }

  private static boolean isLowerAlnum(char c) {
    return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
  }
}
