package io.unboundedcloud.racer.workload.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One of a fixed set of words, matched exactly: {@code True} and {@code " true"} are not {@code
 * true}, because the dataplane compares the raw string.
 *
 * @param values the accepted words, in the order docs list them
 * @param emptyAllowed whether an empty value is accepted and means the key's default ({@code
 *     RACER_NVIDIA})
 */
public record Choice(List<String> values, boolean emptyAllowed) implements Rule {

  public Choice {
    values = List.copyOf(values);
    if (values.isEmpty() || values.contains("")) {
      throw new IllegalArgumentException(
          "a choice needs non-empty words; use emptyAllowed for \"\"");
    }
  }

  /** Exactly one of {@code values}; empty is refused. */
  public static Choice of(String... values) {
    return new Choice(List.of(values), false);
  }

  @Override
  public Optional<String> check(String value) {
    Objects.requireNonNull(value, "value");
    if (values.contains(value) || (emptyAllowed && value.isEmpty())) {
      return Optional.empty();
    }
    return Optional.of("must be " + requirement());
  }

  @Override
  public String describe() {
    List<String> quoted = values.stream().map(v -> "`" + v + "`").toList();
    String words =
        quoted.size() == 2 ? quoted.get(0) + " or " + quoted.get(1) : String.join(", ", quoted);
    return emptyAllowed ? words + "; empty means the default" : words;
  }

  @Override
  public Map<String, Object> jsonSchema() {
    List<String> accepted = new ArrayList<>(values);
    if (emptyAllowed) {
      accepted.add("");
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "string");
    schema.put("enum", List.copyOf(accepted));
    return schema;
  }

  /** The rule as it follows "must be", e.g. "exactly true or false". */
  String requirement() {
    if (values.size() == 2 && !emptyAllowed) {
      return "exactly " + values.get(0) + " or " + values.get(1);
    }
    String words = values.stream().collect(Collectors.joining(", ", "one of ", ""));
    return emptyAllowed ? words + ", or empty for the default" : words;
  }
}
