package io.unboundedcloud.racer.workload.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Judges the {@link CrossKeyRule}s. An absent key counts with its default, and a rule is only
 * judged when every value it reads is valid on its own (a bad value already has its finding).
 */
final class CrossKeyRules {

  private CrossKeyRules() {}

  /**
   * Findings of every cross-key rule broken by {@code settings} (Racer keys only, nulls already
   * "").
   *
   * @param invalid keys whose value broke their own rule; rules reading them are skipped
   */
  static List<Finding> check(Map<String, String> settings, Set<String> invalid) {
    List<Finding> findings = new ArrayList<>();
    for (CrossKeyRule rule : CrossKeyRule.values()) {
      List<String> operands = rule.operands();
      if (operands.stream().anyMatch(invalid::contains)) {
        continue;
      }
      long[] values = operands.stream().mapToLong(name -> number(settings, name)).toArray();
      if (!rule.holds(values)) {
        StringBuilder message =
            new StringBuilder(shown(settings, rule.key()))
                .append(": must be ")
                .append(
                    rule.hasFigure()
                        ? String.format(Locale.ROOT, rule.requirement(), rule.figure(values))
                        : rule.requirement());
        for (String other : rule.others()) {
          message.append("; ").append(shown(settings, other));
        }
        findings.add(Finding.error(rule.key(), message.toString()));
      }
    }
    return findings;
  }

  private static String value(Map<String, String> settings, String name) {
    return settings.containsKey(name) ? settings.get(name) : defaultOf(name);
  }

  private static long number(Map<String, String> settings, String name) {
    // Every operand passed its own IntegerRange, so it parses.
    return IntegerRange.parse(value(settings, name)).orElseThrow();
  }

  /** E.g. {@code RACER_SEGMENT_BYTES is "67108864" (the default)}. */
  private static String shown(Map<String, String> settings, String name) {
    String text = name + " is " + SettingsValidation.quote(value(settings, name));
    return settings.containsKey(name) ? text : text + SettingsCatalog.DEFAULT_NOTE;
  }

  private static String defaultOf(String name) {
    return SettingsCatalog.key(name)
        .map(SettingKey::defaultValue)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    name + " has no default, so it cannot be in a cross-key rule"));
  }
}
