package io.unboundedcloud.racer.workload.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Rules that relate two or more tuning keys. An absent key counts with its default, and a rule is
 * only judged when every value it reads is valid on its own (a bad value already has its finding).
 */
final class CrossKeyRules {

  /**
   * @param key the key whose rule this is, and the finding's key
   * @param others the keys the rule compares it with
   * @param requirement what {@code key} must be, given the values of {@code key} then {@code
   *     others}
   * @param holds whether the values of {@code key} then {@code others} satisfy the rule
   */
  private record CrossKeyRule(
      String key,
      List<String> others,
      Function<long[], String> requirement,
      Predicate<long[]> holds) {

    List<String> operands() {
      return Stream.concat(Stream.of(key), others.stream()).toList();
    }
  }

  private static final List<CrossKeyRule> RULES =
      List.of(
          new CrossKeyRule(
              "RACER_SLAB_BYTES",
              List.of("RACER_SEGMENT_BYTES"),
              v -> "a positive multiple of RACER_SEGMENT_BYTES",
              v -> v[0] % v[1] == 0),
          new CrossKeyRule(
              "RACER_FREE_SEGMENT_RESERVE",
              List.of("RACER_SLAB_BYTES", "RACER_SEGMENT_BYTES"),
              v ->
                  "fewer than RACER_SLAB_BYTES / RACER_SEGMENT_BYTES ("
                      + v[1] / v[2]
                      + " segments)",
              v -> v[0] < v[1] / v[2]),
          new CrossKeyRule(
              "RACER_ORIGIN_CONNECTIONS_PER_CACHE",
              List.of("RACER_CLIENT_CONNECTIONS"),
              v -> "at most RACER_CLIENT_CONNECTIONS",
              v -> v[0] <= v[1]),
          new CrossKeyRule(
              "RACER_READER_STALL_TIMEOUT_MS",
              List.of("RACER_REQUEST_TIMEOUT_MS"),
              v -> "at most RACER_REQUEST_TIMEOUT_MS",
              v -> v[0] <= v[1]));

  private CrossKeyRules() {}

  /**
   * Findings of every cross-key rule broken by {@code settings} (Racer keys only, nulls already
   * "").
   *
   * @param invalid keys whose value broke their own rule; rules reading them are skipped
   */
  static List<Finding> check(Map<String, String> settings, Set<String> invalid) {
    List<Finding> findings = new ArrayList<>();
    for (CrossKeyRule rule : RULES) {
      List<String> operands = rule.operands();
      if (operands.stream().anyMatch(invalid::contains)) {
        continue;
      }
      long[] values = operands.stream().mapToLong(name -> number(settings, name)).toArray();
      if (!rule.holds().test(values)) {
        StringBuilder message =
            new StringBuilder(shown(settings, rule.key()))
                .append(": must be ")
                .append(rule.requirement().apply(values));
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
    return settings.containsKey(name) ? text : text + " (the default)";
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
