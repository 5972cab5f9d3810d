package io.unboundedcloud.racer.chart.rules;

import io.unboundedcloud.racer.chart.values.KubernetesShapes;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.DnsLabel;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import io.unboundedcloud.racer.workload.NodeAgentPorts;
import io.unboundedcloud.racer.workload.PodFit;
import io.unboundedcloud.racer.workload.QuantityCorrection;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.StrictMode;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.settings.ConfigMapValue;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What {@code _validate.tpl.hbs} reads, each from the Java class that judges the rule. */
public final class RuleFacts {
  private RuleFacts() {}

  /** Every fact of the rules, by the name the validation template uses. */
  public static Map<String, Object> of() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("invalidPrefix", InvalidConfigurationException.PREFIX);
    facts.put("namespaceMessage", Config.NAMESPACE_MESSAGE);
    facts.put("whitespaceMessage", Config.WHITESPACE_MESSAGE);
    facts.put("imageMessage", Config.IMAGE_MESSAGE);
    facts.put("reservedPortMessage", Config.RESERVED_PORT_MESSAGE);
    facts.put("listenerCollisions", listenerCollisions());
    List<Map<String, Object>> reserved = new ArrayList<>();
    Config.RESERVED_PORTS.forEach(
        entry -> reserved.add(Map.of("listener", entry.getKey(), "port", entry.getValue())));
    facts.put("reservedPorts", reserved);
    facts.put("imagePattern", ImageGrammar.exactly(ImageGrammar.REFERENCE));
    facts.put("tagPattern", ImageGrammar.exactly(ImageGrammar.TAG));
    facts.put("tagAndDigestSuffix", ImageGrammar.TAG_AND_DIGEST_SUFFIX);
    facts.put("maxImageNameLength", ImageGrammar.MAX_NAME_LENGTH);
    facts.put("schemePattern", ImageGrammar.SCHEME);
    facts.put("schemeMessage", ImageGrammar.SCHEME_MESSAGE);
    facts.put("dnsLabelPattern", DnsLabel.PATTERN);
    facts.put("nameRules", Arrays.stream(NameRule.values()).map(NameRule::facts).toList());
    facts.put("nameMessage", NameRule.MESSAGE);
    facts.put("originLabelMessage", CacheOrigin.LABEL_MESSAGE);
    facts.put("originImageMessage", CacheOrigin.IMAGE_MESSAGE);
    facts.put("notAStringMessage", ConfigMapValue.NOT_A_STRING_MESSAGE);
    facts.put("obsoleteMessage", SettingsCatalog.OBSOLETE_MESSAGE);
    facts.put("crossKeyChecks", CrossKeyChecks.template());
    facts.put("settingRuleChecks", SettingRuleChecks.template());
    facts.putAll(quantityFacts());
    facts.put("percentPattern", KubernetesShapes.PERCENT);
    facts.put("percentMessage", KubernetesShapes.PERCENT_MESSAGE);
    facts.put("knownKeys", SettingsCatalog.keys().stream().map(SettingKey::name).toList());
    facts.put("settingsPrefix", settingsPrefix());
    facts.put("unknownMessage", SettingsCatalog.UNKNOWN_MESSAGE);
    facts.put("suggestion", SettingsCatalog.SUGGESTION);
    facts.put("noSuggestion", SettingsCatalog.NO_SUGGESTION);
    facts.put("fewestEdits", KeySuggestion.FEWEST_EDITS);
    facts.put("charactersPerEdit", KeySuggestion.CHARACTERS_PER_EDIT);
    facts.put("typoEdits", KeySuggestion.TYPO_EDITS);
    facts.put("typoMessage", SettingsCatalog.TYPO_MESSAGE);
    facts.put("oneEdit", SettingsCatalog.edits(1).replace("1", "%d"));
    facts.put("edits", SettingsCatalog.edits(2).replace("2", "%d"));
    facts.put("defaultNote", SettingsCatalog.DEFAULT_NOTE);
    facts.put("strictNote", StrictMode.note("the value " + ChartValue.STRICT.path() + " is true"));
    facts.put("shutdownKey", PodFit.SHUTDOWN_TIMEOUT_KEY);
    facts.put(
        "shutdownDefault",
        SettingsCatalog.key(PodFit.SHUTDOWN_TIMEOUT_KEY).orElseThrow().defaultValue());
    facts.put("defaultGracePeriod", PodFit.DEFAULT_GRACE_PERIOD_SECONDS);
    facts.put("shutdownMessage", PodFit.SHUTDOWN_MESSAGE);
    facts.put("releaseMessage", PodFit.RELEASE_MESSAGE);
    facts.put("dataplaneImageName", PodFit.DATAPLANE_IMAGE_NAME);
    facts.put("objectImageName", PodFit.OBJECT_IMAGE_NAME);
    facts.put("listenerMessage", PodFit.LISTENER_MESSAGE);
    facts.put("targetedRelease", PodFit.targetedRelease());
    facts.put("versionTagPattern", PodFit.versionTagPattern());
    List<Map<String, Object>> agents = new ArrayList<>();
    NodeAgentPorts.all().forEach((port, agent) -> agents.add(Map.of("port", port, "agent", agent)));
    facts.put("nodeAgentPorts", agents);
    return facts;
  }

  /**
   * The quantity grammar's facts and {@link QuantityCorrection}'s tables, so that the chart's "did
   * you mean" is computed from the same spellings and factors as the function's.
   */
  private static Map<String, Object> quantityFacts() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("quantityPattern", QuantityGrammar.PATTERN);
    facts.put("quantityMessage", QuantityGrammar.MESSAGE);
    facts.put("correctionPattern", QuantityCorrection.PATTERN);
    facts.put("correctionSuggestion", QuantityCorrection.SUGGESTION);
    List<Map<String, Object>> spellings = new ArrayList<>();
    QuantityCorrection.SPELLINGS.forEach(
        (spelling, suffixes) -> spellings.add(Map.of("key", spelling, "suffixes", suffixes)));
    facts.put("spellings", spellings);
    facts.put("bytesPattern", QuantityCorrection.BYTES_PATTERN);
    facts.put("mostDigits", QuantityCorrection.MOST_DIGITS);
    List<Map<String, Object>> factors = new ArrayList<>();
    QuantityCorrection.factors()
        .forEach((suffix, factor) -> factors.add(Map.of("key", suffix, "value", factor)));
    facts.put("factors", factors);
    return facts;
  }

  /**
   * Each pair of listeners the templates compare, as {@code Config.validate()} does: the earlier
   * and the later listener's port names (the templates' variables), the later one's key (the
   * collision is its fault) and the message with both fields filled in, the two ports left as
   * {@code %s}.
   */
  private static List<Map<String, Object>> listenerCollisions() {
    List<ListenerPort> listeners = ShapeKeys.listeners();
    List<Map<String, Object>> pairs = new ArrayList<>();
    for (int later = 1; later < listeners.size(); later++) {
      ListenerPort listener = listeners.get(later);
      for (ListenerPort earlier : listeners.subList(0, later)) {
        Map<String, Object> pair = new LinkedHashMap<>();
        pair.put("earlier", earlier.portName());
        pair.put("later", listener.portName());
        pair.put("laterKey", listener.key().name());
        pair.put(
            "message",
            String.format(
                Locale.ROOT,
                Config.COLLISION_MESSAGE,
                listener.key().component(),
                "%s",
                earlier.key().component(),
                "%s"));
        pairs.add(pair);
      }
    }
    return pairs;
  }

  /**
   * The prefix of Racer's settings keys, which every catalog key has: the chart warns only about
   * unknown keys with it, as the function does, and leaves it out when it counts edits.
   */
  private static String settingsPrefix() {
    String prefix = SettingsCatalog.PREFIX;
    SettingsCatalog.keys().stream()
        .map(SettingKey::name)
        .filter(name -> !name.startsWith(prefix))
        .findFirst()
        .ifPresent(
            name -> {
              throw new IllegalStateException(
                  "catalog key " + name + " lacks the prefix " + prefix);
            });
    return prefix;
  }
}
