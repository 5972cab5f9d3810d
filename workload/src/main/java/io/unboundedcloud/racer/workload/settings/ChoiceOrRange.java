package io.unboundedcloud.racer.workload.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A word such as {@code auto}, or a plain decimal integer in {@code min..max}: {@code
 * RACER_CONTROL_SEATS}.
 *
 * @param values the accepted words, matched exactly
 * @param min the smallest accepted number
 * @param max the largest accepted number
 */
public record ChoiceOrRange(List<String> values, long min, long max) implements Rule {

  public ChoiceOrRange {
    values = List.copyOf(values);
    if (values.isEmpty() || values.contains("")) {
      throw new IllegalArgumentException("a choice needs non-empty words");
    }
    new IntegerRange(min, max); // same bounds check as a plain range
  }

  @Override
  public Optional<String> check(String value) {
    Objects.requireNonNull(value, "value");
    if (values.contains(value) || range().accepts(value)) {
      return Optional.empty();
    }
    return Optional.of("must be " + String.join(", ", values) + " or " + range().requirement());
  }

  @Override
  public String describe() {
    return String.join(", ", values.stream().map(v -> "`" + v + "`").toList())
        + " or "
        + range().describe();
  }

  @Override
  public Map<String, Object> jsonSchema() {
    StringBuilder pattern = new StringBuilder("^(?:");
    for (String word : values) {
      pattern.append(literal(word)).append('|');
    }
    pattern.append(String.join("|", DecimalRangePattern.alternatives(min, max))).append(")$");
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "string");
    schema.put("pattern", pattern.toString());
    return schema;
  }

  private IntegerRange range() {
    return new IntegerRange(min, max);
  }

  /** A word as a regex literal; escapes by hand because Pattern.quote's \Q..\E is not ECMA-262. */
  private static String literal(String word) {
    StringBuilder out = new StringBuilder();
    for (char c : word.toCharArray()) {
      if ("\\^$.|?*+()[]{}/".indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }
}
