package io.unboundedcloud.racer.chart.rules;

import io.unboundedcloud.racer.workload.settings.CrossKeyRule;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Go template of every {@link CrossKeyRule}: each operand read once as a number (its default
 * when unset), then per rule, in key order as the KRM function orders its findings, a {@code fail}
 * with the function's message when the rule is broken. The schema has checked each value alone.
 */
final class CrossKeyChecks {
  private CrossKeyChecks() {}

  /** The checks, one template action a line. */
  static String template() {
    List<CrossKeyRule> rules =
        Arrays.stream(CrossKeyRule.values())
            .sorted(Comparator.comparing(CrossKeyRule::key))
            .toList();
    Set<String> operands = new LinkedHashSet<>();
    rules.forEach(rule -> operands.addAll(rule.operands()));
    StringBuilder text = new StringBuilder();
    for (String key : operands) {
      text.append("{{- ")
          .append(variable(key))
          .append(" := include \"racer.settingNumber\" ")
          .append(setting(key))
          .append(" | int64 -}}\n");
    }
    for (CrossKeyRule rule : rules) {
      StringBuilder format =
          new StringBuilder("settings." + rule.key() + ": %s: must be " + rule.requirement());
      StringBuilder arguments = new StringBuilder(" " + shown(rule.key()));
      if (rule.hasFigure()) {
        arguments.append(" ").append(figure(rule));
      }
      for (String other : rule.others()) {
        format.append("; %s");
        arguments.append(" ").append(shown(other));
      }
      text.append("{{- if ")
          .append(broken(rule))
          .append(" -}}\n{{- fail (printf `")
          .append(format)
          .append('`')
          .append(arguments)
          .append(") -}}\n{{- end -}}\n");
    }
    return text.toString().stripTrailing();
  }

  /** The Helm condition under which {@code rule} is broken. */
  private static String broken(CrossKeyRule rule) {
    List<String> v = rule.operands().stream().map(CrossKeyChecks::variable).toList();
    return switch (rule.relation()) {
      case AT_MOST -> "gt " + v.get(0) + " " + v.get(1);
      case MULTIPLE_OF -> "ne (mod " + v.get(0) + " " + v.get(1) + ") (int64 0)";
      case FEWER_THAN_QUOTIENT -> "not (lt " + v.get(0) + " " + figure(rule) + ")";
    };
  }

  /** The Helm expression of the figure {@code rule}'s requirement shows. */
  private static String figure(CrossKeyRule rule) {
    List<String> v = rule.operands().stream().map(CrossKeyChecks::variable).toList();
    return "(div " + v.get(1) + " " + v.get(2) + ")";
  }

  /** A setting as the function's message shows it (racer.settingShown). */
  private static String shown(String key) {
    return "(include \"racer.settingShown\" " + setting(key) + ")";
  }

  private static String setting(String key) {
    String defaultValue = SettingsCatalog.key(key).map(SettingKey::defaultValue).orElseThrow();
    return "(list . \"" + key + "\" \"" + defaultValue + "\")";
  }

  /** The template variable holding {@code key}'s number: {@code $RACER_SLAB_BYTES}. */
  private static String variable(String key) {
    return "$" + key;
  }
}
