package io.unboundedcloud.racer.workload.settings;

import java.util.Locale;
import java.util.Optional;

/**
 * The rule the Kubernetes API server holds every key of a ConfigMap's data to: 1 to 253 characters,
 * each a letter, a digit, {@code -}, {@code _} or {@code .}; not {@code .} nor {@code ..}, and not
 * starting with {@code ..} (a key becomes a file name when the ConfigMap is mounted). A
 * racer-settings key that breaks it renders, then fails when applied: it is refused here, at render
 * time, naming the key and the rule.
 */
public final class ConfigMapKey {
  /** The longest key the API server accepts (a DNS subdomain's length). */
  public static final int MAX_LENGTH = 253;

  /**
   * The rule's characters and dots as one anchored pattern, in the subset Java and Go's RE2 read
   * alike (no look-ahead): a key starts with a character other than {@code .}, or with one {@code
   * .} and such a character, so {@code .}, {@code ..} and {@code ..x} are refused and {@code .x}
   * taken. With {@link #MAX_LENGTH}, it takes exactly the keys {@link #problem} takes: the chart's
   * templates check settings keys with it.
   */
  public static final String PATTERN = "^\\.?[-_a-zA-Z0-9][-._a-zA-Z0-9]*$";

  /** The rule in words, as the chart says it after "is not". */
  public static final String RULE =
      "a ConfigMap key (letters, digits, '-', '_' and '.', at most "
          + MAX_LENGTH
          + " characters; not '.' nor '..', and not starting with '..')";

  /** Past this length a key is shown cut, with its length: a message stays one readable line. */
  private static final int SHOWN_LENGTH = 64;

  private ConfigMapKey() {}

  /** What the API server would refuse in {@code key}, as a message naming it; empty when valid. */
  public static Optional<String> problem(String key) {
    String refused = key;
    String invalid = shown(key) + " is not a valid ConfigMap key: ";
    if (refused.length() > MAX_LENGTH) {
      return Optional.of(
          invalid
              + "it is "
              + String.format(Locale.ROOT, "%,d", refused.length())
              + " characters long, and the API server accepts at most "
              + MAX_LENGTH
              + ". Shorten it, or remove it.");
    }
    if (refused.isEmpty()) {
      return Optional.of(invalid + "it is empty. Name the key, or remove it.");
    }
    for (int i = 0; i < refused.length(); i++) {
      char c = refused.charAt(i);
      if (!allowed(c)) {
        return Optional.of(
            invalid
                + "the API server accepts only letters, digits, '-', '_' and '.' in a key, not "
                + (Character.isISOControl(c) || Character.isWhitespace(c)
                    ? String.format(Locale.ROOT, "U+%04X", (int) c)
                    : "'" + c + "'")
                + ". Rename it, or remove it.");
      }
    }
    if (refused.equals(".") || refused.startsWith("..")) {
      return Optional.of(
          invalid
              + "the API server refuses '.', '..' and any key that starts with '..' (the key"
              + " names a file when the ConfigMap is mounted). Rename it, or remove it.");
    }
    return Optional.empty();
  }

  /**
   * {@code key} as a field path names it ({@code data.KEY}): itself, or its first characters when
   * it is long.
   */
  public static String field(String key) {
    return key.length() <= SHOWN_LENGTH ? key : key.substring(0, SHOWN_LENGTH) + "...";
  }

  /**
   * {@code key} as messages show it: in double quotes, controls escaped; a long key cut after its
   * first characters, with its length.
   */
  public static String shown(String key) {
    if (key.length() <= SHOWN_LENGTH) {
      return SettingsValidation.quote(key);
    }
    return SettingsValidation.quote(key.substring(0, SHOWN_LENGTH))
        + "... ("
        + String.format(Locale.ROOT, "%,d", key.length())
        + " characters)";
  }

  private static boolean allowed(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '-'
        || c == '_'
        || c == '.';
  }
}
