package io.unboundedcloud.racer.chart.names;

import io.unboundedcloud.racer.chart.rules.NameRule;

/**
 * Each name rule said again character by character, from Kubernetes' validation and not from the
 * rule's pattern, so that a pattern that says something else fails the test.
 */
final class NameOracle {
  private NameOracle() {}

  /** Whether {@code rule} takes {@code text}. */
  static boolean takes(NameRule rule, String text) {
    return switch (rule) {
      case LABEL -> text.length() <= 63 && dnsPart(text);
      case SUBDOMAIN -> text.length() <= 253 && subdomain(text);
      case LABEL_KEY -> labelKey(text);
      case LABEL_VALUE -> text.isEmpty() || labelName(text);
      // Kubernetes' IsConfigMapKey: the characters, then "." and ".." and a leading ".." refused
      case CONFIG_MAP_KEY ->
          !text.isEmpty()
              && text.length() <= 253
              && text.chars().allMatch(NameOracle::keyChar)
              && !text.equals(".")
              && !text.startsWith("..");
    };
  }

  /** Lowercase letters, digits and '-', starting and ending with a letter or digit. */
  private static boolean dnsPart(String text) {
    return !text.isEmpty()
        && text.chars().allMatch(c -> lowerAlnum(c) || c == '-')
        && lowerAlnum(text.charAt(0))
        && lowerAlnum(text.charAt(text.length() - 1));
  }

  private static boolean subdomain(String text) {
    for (String part : text.split("\\.", -1)) {
      if (!dnsPart(part)) {
        return false;
      }
    }
    return true;
  }

  private static boolean labelKey(String text) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      return labelName(text);
    }
    return subdomain(text.substring(0, slash)) && labelName(text.substring(slash + 1));
  }

  /** At most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit. */
  private static boolean labelName(String text) {
    return !text.isEmpty()
        && text.length() <= 63
        && text.chars().allMatch(c -> alnum(c) || c == '-' || c == '_' || c == '.')
        && alnum(text.charAt(0))
        && alnum(text.charAt(text.length() - 1));
  }

  private static boolean keyChar(int c) {
    return alnum(c) || c == '-' || c == '_' || c == '.';
  }

  private static boolean lowerAlnum(int c) {
    return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
  }

  private static boolean alnum(int c) {
    return lowerAlnum(c) || c >= 'A' && c <= 'Z';
  }
}
