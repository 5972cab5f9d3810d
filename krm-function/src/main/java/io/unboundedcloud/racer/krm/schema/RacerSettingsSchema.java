package io.unboundedcloud.racer.krm.schema;

import static io.unboundedcloud.racer.krm.schema.SchemaText.map;

import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.settings.ConfigMapKey;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.List;
import java.util.Map;

/**
 * The schema of a racer-settings ConfigMap: every catalog key with its rule, obsolete keys refused,
 * an unknown {@code RACER_*} key flagged (the function warns of it, and an editor's mark is where a
 * typo shows first), the administrator's own keys open; every key a ConfigMap key the API server
 * accepts, every value a string.
 */
public final class RacerSettingsSchema {
  /**
   * A ConfigMap data key as {@link ConfigMapKey#problem} accepts it: letters, digits, {@code -},
   * {@code _} and {@code .}; not {@code .}, not starting with {@code ..}; its length checked with
   * {@code maxLength}.
   */
  static final String CONFIG_MAP_KEY = "^(?!\\.\\.)(?!\\.$)[-._a-zA-Z0-9]+$";

  /** A key that is not Racer's: the administrator's own, passed to the dataplane unchecked. */
  static final String NOT_RACER = "^(?!" + SettingsCatalog.PREFIX + ")";

  private RacerSettingsSchema() {}

  public static Map<String, Object> schema() {
    return map(
        "$schema",
        SchemaText.DRAFT_07,
        "title",
        "racer-settings",
        "description",
        "The Racer dataplane's settings: a ConfigMap named "
            + Dataplane.SETTINGS_CONFIG_MAP
            + ", whose namespace is the installation namespace. Generated from racer-krm's settings"
            + " catalog (racer-krm schema settings); the function stays the judge: a rule"
            + " between keys (a key's description names it, such as \"at most"
            + " RACER_REQUEST_TIMEOUT_MS\") is checked by it only.",
        "type",
        "object",
        "required",
        List.of("apiVersion", "kind", "metadata"),
        "properties",
        map(
            "apiVersion",
            SchemaText.exactly("A core ConfigMap.", "v1"),
            "kind",
            SchemaText.exactly("A core ConfigMap.", "ConfigMap"),
            "metadata",
            map(
                "type",
                "object",
                "required",
                List.of("name"),
                "properties",
                map(
                    "name",
                    SchemaText.exactly(
                        "The function reads the ConfigMap of this name (a kustomize namePrefix or"
                            + " nameSuffix may rename it later).",
                        Dataplane.SETTINGS_CONFIG_MAP),
                    "namespace",
                    map(
                        "description",
                        "The installation namespace: every rendered object lives there.",
                        "type",
                        "string"))),
            "data",
            data()));
  }

  /** The data map: what racer-settings holds. */
  static Map<String, Object> data() {
    return map(
        "description",
        "The dataplane's settings, each a string. RACER_* keys are Racer's: a key the catalog does"
            + " not know is flagged. Within "
            + KeySuggestion.TYPO_EDITS
            + " edits of a catalog key it is a typo, which the function refuses naming the key it"
            + " is near; farther, the function warns and passes it on (an error in strict mode). A"
            + " newer dataplane's key you mean is declared in the function config's "
            + SettingsCatalog.UNCHECKED_KEYS
            + " (the chart's "
            + SettingsCatalog.UNCHECKED_KEYS
            + " value), which this schema cannot see: the editor still flags it. Other keys are"
            + " yours, passed to the dataplane unchecked.",
        "type",
        List.of("object", "null"),
        "propertyNames",
        map(
            "pattern",
            CONFIG_MAP_KEY,
            "maxLength",
            ConfigMapKey.MAX_LENGTH,
            "patternErrorMessage",
            "not a ConfigMap key the API server accepts: letters, digits, '-', '_' and '.'; not"
                + " '.', nor '..' or any key that starts with '..'"),
        "properties",
        SettingValueSchema.all(),
        "patternProperties",
        map(
            NOT_RACER,
            map(
                "description",
                "Your own key: passed to the dataplane unchecked." + SchemaText.STRINGS_ONLY,
                "type",
                "string")),
        // false, not a schema: editors name the key ("Property RACER_NVIDA is not allowed")
        "additionalProperties",
        false);
  }
}
