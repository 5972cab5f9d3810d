package io.unboundedcloud.racer.chart.rules;

import io.unboundedcloud.racer.workload.settings.ChoiceOrRange;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.Rule;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The Go template of each settings key's own rule where its schema would be a {@code pattern}
 * (integers, durations in milliseconds, a word or a number): a schema pattern failure prints the
 * regular expression, so the schema only says "a string" and these checks fail instead with the KRM
 * function's message, which names the key, the value and what it must be. Each rule becomes the
 * steps its {@code check} takes, in order, each a pattern the value must match and the message
 * {@code check} gives when it does not; the messages are taken from {@code check} itself, on a
 * value that fails at that step, so that they cannot drift from Java's.
 */
public final class SettingRuleChecks {
  /** Plain decimal digits, no leading zero: IntegerRange's first test. */
  private static final String PLAIN_DECIMAL = "^(?:0|[1-9][0-9]*)$";

  /** A number too large for a long: IntegerRange's second test fails on it. */
  private static final String TOO_LARGE =
      BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE).toString();

  private SettingRuleChecks() {}

  /** Whether the chart checks {@code rule} in its templates rather than in the schema. */
  public static boolean checkedByTemplates(Rule rule) {
    return rule.jsonSchema().containsKey("pattern");
  }

  /** The checks, one template action a line, for racer.validateSettings. */
  static String template() {
    StringBuilder text = new StringBuilder();
    for (SettingKey key : SettingsCatalog.keys()) {
      if (!checkedByTemplates(key.rule())) {
        continue;
      }
      String value = "(index $settings \"" + key.name() + "\")";
      text.append("{{- if and (hasKey $settings \"")
          .append(key.name())
          .append("\") (kindIs \"string\" ")
          .append(value)
          .append(") -}}\n");
      List<Step> steps = steps(key.rule());
      for (int i = 0; i < steps.size(); i++) {
        Step step = steps.get(i);
        text.append(i == 0 ? "{{- if" : "{{- else if")
            .append(" not (regexMatch `")
            .append(step.pattern())
            .append("` ")
            .append(value)
            .append(") -}}\n{{- fail (printf `settings.")
            .append(key.name())
            .append(": ")
            .append(key.name())
            .append(" is %q: ")
            .append(step.message().replace("%", "%%"))
            .append(step.corrected() == null ? "" : "%s")
            .append("` ")
            .append(value)
            .append(step.corrected() == null ? "" : " " + step.corrected().apply(value))
            .append(") -}}\n");
      }
      text.append("{{- end -}}\n{{- end -}}\n");
    }
    return text.toString().stripTrailing();
  }

  /**
   * A pattern a value must match, the message when it does not, and the template expression of the
   * correction the message offers after it ({@code corrected} of the value's expression), or null
   * for none.
   */
  private record Step(String pattern, String message, UnaryOperator<String> corrected) {
    Step(String pattern, String message) {
      this(pattern, message, null);
    }
  }

  private static List<Step> steps(Rule rule) {
    List<Step> steps = new ArrayList<>();
    String pattern = (String) rule.jsonSchema().get("pattern");
    if (rule instanceof IntegerRange range) {
      // the message of a value that is no plain number offers the number a unit meant
      steps.add(
          new Step(
              PLAIN_DECIMAL,
              message(rule, "x"),
              value ->
                  "(include \"racer.bytesCorrection\" (list "
                      + value
                      + " "
                      + range.min()
                      + " "
                      + range.max()
                      + "))"));
      steps.add(new Step(patternOf(0, Long.MAX_VALUE), message(rule, TOO_LARGE)));
      if (range.min() > 0 || range.max() < Long.MAX_VALUE) {
        String outside =
            range.min() > 0 ? Long.toString(range.min() - 1) : Long.toString(range.max() + 1);
        steps.add(new Step(pattern, message(rule, outside)));
      }
    } else if (rule instanceof ChoiceOrRange) {
      steps.add(new Step(pattern, message(rule, "x")));
    } else {
      throw new IllegalStateException(
          "no template check for a settings rule with a pattern: " + rule + "; add one here");
    }
    return steps;
  }

  private static String patternOf(long min, long max) {
    return (String) new IntegerRange(min, max).jsonSchema().get("pattern");
  }

  private static String message(Rule rule, String bad) {
    String message =
        rule.check(bad)
            .orElseThrow(() -> new IllegalStateException(rule + " accepts " + bad + ": no step"));
    if (message.contains("`")) {
      // the message is a raw Go string in the template
      throw new IllegalStateException("a backquote in " + message);
    }
    return message;
  }
}
