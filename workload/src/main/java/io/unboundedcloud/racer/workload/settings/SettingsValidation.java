package io.unboundedcloud.racer.workload.settings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Turns a racer-settings map into findings; {@link SettingsCatalog#validate} is its public face.
 */
final class SettingsValidation {

  private SettingsValidation() {}

  static List<Finding> validate(Map<String, String> settings, Set<String> unchecked) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(unchecked, "unchecked");
    List<Finding> findings = new ArrayList<>();
    Set<String> refusedKeys = new HashSet<>();
    for (String key : settings.keySet()) {
      Optional<String> refused = key == null ? Optional.empty() : ConfigMapKey.problem(key);
      if (refused.isPresent()) {
        refusedKeys.add(key);
        findings.add(Finding.error(ConfigMapKey.field(key), refused.get()));
      }
    }
    SortedMap<String, String> racer = racerKeys(settings);
    racer.keySet().removeAll(refusedKeys); // refused as keys: their values are not looked at
    Set<String> invalid = new HashSet<>();
    for (Map.Entry<String, String> entry : racer.entrySet()) {
      String key = entry.getKey();
      String value = entry.getValue();
      Optional<SettingKey> known = SettingsCatalog.key(key);
      if (SettingsCatalog.obsoleteKeys().containsKey(key)) {
        findings.add(obsolete(key, value));
      } else if (known.isPresent()) {
        Optional<String> problem = known.get().rule().check(value);
        if (problem.isPresent()) {
          invalid.add(key);
          findings.add(Finding.error(key, key + " is " + quote(value) + ": " + problem.get()));
        }
      } else if (!unchecked.contains(key)) {
        findings.add(unknown(key));
      }
    }
    findings.addAll(CrossKeyRules.check(racer, invalid));
    // Errors first, so that what stops the run is its first line; then by key. A stable sort:
    // within one key, its own rule (added first) stays ahead of its cross-key rules.
    // (a lambda of ours, not Comparator.comparing: the AOT cache links ours ahead of time, not that
    // one)
    findings.sort(
        (a, b) ->
            a.severity() != b.severity()
                ? a.severity().compareTo(b.severity())
                : a.key().compareTo(b.key()));
    return List.copyOf(findings);
  }

  /** A value as messages show it: {@link QuotedText#of}. */
  static String quote(String value) {
    return QuotedText.of(value);
  }

  private static SortedMap<String, String> racerKeys(Map<String, String> settings) {
    SortedMap<String, String> racer = new TreeMap<>();
    settings.forEach(
        (key, value) -> {
          if (key != null && key.startsWith(SettingsCatalog.PREFIX)) {
            // A YAML key with no value parses as null; Kubernetes stores it as "".
            racer.put(key, value == null ? "" : value);
          }
        });
    return racer;
  }

  private static Finding obsolete(String key, String value) {
    return Finding.error(
        key,
        String.format(
            Locale.ROOT,
            SettingsCatalog.OBSOLETE_MESSAGE,
            key,
            quote(value),
            SettingsCatalog.obsoleteKeys().get(key)));
  }

  private static Finding unknown(String key) {
    Optional<String> nearest =
        KeySuggestion.nearest(key, SettingsCatalog.keys().stream().map(SettingKey::name).toList());
    if (nearest.isPresent() && KeySuggestion.isTypo(key, nearest.get())) {
      String known = nearest.get();
      return new Finding(
          key,
          FindingSeverity.ERROR,
          String.format(
              Locale.ROOT,
              SettingsCatalog.TYPO_MESSAGE,
              key,
              SettingsCatalog.edits(KeySuggestion.distance(key, known)),
              known,
              known,
              key),
          known);
    }
    String hint =
        nearest
            .map(name -> String.format(Locale.ROOT, SettingsCatalog.SUGGESTION, name))
            .orElse(SettingsCatalog.NO_SUGGESTION);
    return new Finding(
        key,
        FindingSeverity.WARNING,
        String.format(Locale.ROOT, SettingsCatalog.UNKNOWN_MESSAGE, key, hint),
        nearest.orElse(null));
  }
}
