package io.unboundedcloud.racer.krm.properties;

import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import io.unboundedcloud.racer.workload.settings.Choice;
import io.unboundedcloud.racer.workload.settings.ChoiceOrRange;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.Rule;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random racer-settings data drawn from the catalog's rules: valid values (cross-key rules and
 * distinct ports included) unless asked for an error, plus keys that are only warnings or not
 * Racer's at all.
 */
final class SettingsGenerator {
  private static final List<String> ADMIN_KEYS =
      List.of("owner", "team-contact", "cost-center", "ticket", "notes.txt");
  private static final List<String> UNKNOWN_RACER_KEYS =
      List.of("RACER_SLAB_BYTE", "RACER_EXPERIMENTAL_ZERO_COPY", "RACER_MAX_THEADS", "RACER_TRACE");
  private static final List<Integer> PORTS =
      List.of(1024, 7000, 8082, 8100, 9090, 9091, 9100, 30000, 65535);

  private SettingsGenerator() {}

  /**
   * Settings whose every RACER_ key the catalog and {@link Config} accept (unknown keys warn only).
   */
  static Map<String, String> valid(Random random) {
    for (int attempt = 0; attempt < 100; attempt++) {
      Map<String, String> data = draw(random);
      if (isValid(data)) {
        return data;
      }
    }
    // the default settings are always valid: an empty map
    return new LinkedHashMap<>();
  }

  /** Valid settings with one error added: an obsolete key, a bad value, or a port collision. */
  static Map<String, String> withError(Random random) {
    Map<String, String> data = valid(random);
    switch (random.nextInt(4)) {
      case 0 -> {
        List<String> obsolete = new ArrayList<>(SettingsCatalog.obsoleteKeys().keySet());
        data.put(obsolete.get(random.nextInt(obsolete.size())), random.nextBoolean() ? "" : "4");
      }
      case 1 -> data.put("RACER_HOST_NETWORK", random.nextBoolean() ? "yes" : "True");
      case 2 -> data.put("RACER_SLAB_BYTES", random.nextBoolean() ? "1Gi" : "-5");
      default -> {
        data.remove("RACER_DIAGNOSTICS_PORT");
        data.put("RACER_PEER_PORT", random.nextBoolean() ? "8443" : "9443");
      }
    }
    return data;
  }

  static boolean isValid(Map<String, String> data) {
    for (Finding finding : SettingsCatalog.validate(data)) {
      if (finding.severity() == FindingSeverity.ERROR) {
        return false;
      }
    }
    try {
      Config.fromSettings(
              "",
              "registry.example.com/racer-dataplane:1",
              "registry.example.com/racer-object:1",
              data)
          .validate();
      return true;
    } catch (InvalidConfigurationException | NumberFormatException invalid) {
      return false;
    }
  }

  private static Map<String, String> draw(Random random) {
    Map<String, String> data = new LinkedHashMap<>();
    List<SettingKey> keys = new ArrayList<>(SettingsCatalog.keys());
    java.util.Collections.shuffle(keys, random);
    int count = random.nextInt(6) == 0 ? 0 : random.nextInt(Math.min(10, keys.size()) + 1);
    for (SettingKey key : keys.subList(0, count)) {
      data.put(key.name(), value(key, random));
    }
    repairCrossKeyRules(data, random);
    if (random.nextInt(5) == 0) {
      data.put(UNKNOWN_RACER_KEYS.get(random.nextInt(UNKNOWN_RACER_KEYS.size())), "1");
    }
    if (random.nextInt(3) == 0) {
      data.put(
          ADMIN_KEYS.get(random.nextInt(ADMIN_KEYS.size())),
          random.nextBoolean() ? "ops@example.com" : "");
    }
    return data;
  }

  private static String value(SettingKey key, Random random) {
    if (key.name().endsWith("_PORT")) {
      return Integer.toString(PORTS.get(random.nextInt(PORTS.size())));
    }
    if (key.defaultValue() != null && random.nextInt(3) == 0) {
      return key.defaultValue();
    }
    return value(key.rule(), random);
  }

  private static String value(Rule rule, Random random) {
    if (rule instanceof Choice choice) {
      List<String> values = new ArrayList<>(choice.values());
      if (choice.emptyAllowed()) {
        values.add("");
      }
      return values.get(random.nextInt(values.size()));
    }
    if (rule instanceof ChoiceOrRange choiceOrRange) {
      if (random.nextBoolean()) {
        return choiceOrRange.values().get(random.nextInt(choiceOrRange.values().size()));
      }
      return Long.toString(between(choiceOrRange.min(), choiceOrRange.max(), random));
    }
    if (rule instanceof IntegerRange range) {
      return Long.toString(between(range.min(), range.max(), random));
    }
    throw new IllegalStateException("a rule the generator does not know: " + rule);
  }

  /** The bounds, or a value in between, kept small when the range has no ceiling of its own. */
  private static long between(long min, long max, Random random) {
    long top = Math.min(max, min + 1_000_000L);
    return switch (random.nextInt(4)) {
      case 0 -> min;
      case 1 -> top;
      default -> min + (long) (random.nextDouble() * (top - min));
    };
  }

  private static void repairCrossKeyRules(Map<String, String> data, Random random) {
    if (data.containsKey("RACER_SLAB_BYTES")
        || data.containsKey("RACER_SEGMENT_BYTES")
        || data.containsKey("RACER_FREE_SEGMENT_RESERVE")) {
      long segment = Long.parseLong(data.getOrDefault("RACER_SEGMENT_BYTES", "67108864"));
      long segments = 2 + random.nextInt(30);
      data.put("RACER_SLAB_BYTES", Long.toString(segment * segments));
      if (data.containsKey("RACER_FREE_SEGMENT_RESERVE")) {
        data.put(
            "RACER_FREE_SEGMENT_RESERVE", Long.toString(1 + random.nextInt((int) segments - 1)));
      }
    }
    if (data.containsKey("RACER_ORIGIN_CONNECTIONS_PER_CACHE")
        || data.containsKey("RACER_CLIENT_CONNECTIONS")) {
      long clients = Long.parseLong(data.getOrDefault("RACER_CLIENT_CONNECTIONS", "128"));
      long origin = Long.parseLong(data.getOrDefault("RACER_ORIGIN_CONNECTIONS_PER_CACHE", "8"));
      if (origin > clients) {
        data.put("RACER_CLIENT_CONNECTIONS", Long.toString(origin));
      }
    }
    if (data.containsKey("RACER_READER_STALL_TIMEOUT_MS")
        || data.containsKey("RACER_REQUEST_TIMEOUT_MS")) {
      long request = Long.parseLong(data.getOrDefault("RACER_REQUEST_TIMEOUT_MS", "30000"));
      long stall = Long.parseLong(data.getOrDefault("RACER_READER_STALL_TIMEOUT_MS", "10000"));
      if (stall > request) {
        data.put("RACER_REQUEST_TIMEOUT_MS", Long.toString(stall));
      }
    }
  }
}
