package io.unboundedcloud.racer.krm.schema;

import static io.unboundedcloud.racer.krm.schema.SchemaText.map;

import io.unboundedcloud.racer.workload.settings.Rule;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The schema of one racer-settings key's value, wherever a user writes it (racer-settings' data, an
 * Application's parameter): its rule's own schema ({@link Rule#jsonSchema}, the generator the
 * chart's values.schema.json uses too), with the catalog's description and, for a pattern, the
 * function's own words for a value that breaks it (a pattern would print a regular expression).
 */
final class SettingValueSchema {
  /** A pattern no string matches. */
  static final String NOTHING = "^(?!)";

  private SettingValueSchema() {}

  /** The value schema of a catalog key. */
  static Map<String, Object> of(SettingKey key) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put(
        "description",
        key.description()
            + " Default: "
            + key.defaultDescription()
            + "."
            + SchemaText.STRINGS_ONLY);
    schema.putAll(key.rule().jsonSchema());
    if (schema.containsKey("enum")) {
      // the words are strings: an unquoted off (a boolean to Kubernetes) then gets one mark, the
      // choices, where "type" would add a second on the same line
      schema.remove("type");
    }
    if (schema.containsKey("pattern")) {
      // a value no rule accepts: its message is what check says of a value that is no number
      schema.put("patternErrorMessage", key.name() + " " + key.rule().check("x").orElseThrow());
    }
    return schema;
  }

  /** The schema of an obsolete key: refused, saying what replaced it, as the function does. */
  static Map<String, Object> obsolete(String name, String replacement) {
    String words =
        name
            + " is obsolete: the Racer dataplane refuses to start while it is set, even to an empty"
            + " value, and the function refuses it; remove it: "
            + replacement;
    // a pattern nothing matches, not "not": editors show a pattern's message, never a "not"'s
    return map(
        "description", words, "type", "string", "pattern", NOTHING, "patternErrorMessage", words);
  }

  /** Every catalog key's value schema, then every obsolete key's, by name. */
  static Map<String, Object> all() {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      properties.put(key.name(), of(key));
    }
    SettingsCatalog.obsoleteKeys()
        .forEach((name, replacement) -> properties.put(name, obsolete(name, replacement)));
    return properties;
  }

  /**
   * The catalog's keys and no other: what an Application's {@code settings} map may hold, each
   * key's value schema as {@code value} gives it (a reference, where the schema defines them once).
   */
  static Map<String, Object> catalogOnly(
      String description, Function<String, Map<String, Object>> value) {
    Map<String, Object> properties = new LinkedHashMap<>();
    SettingsCatalog.keys().forEach(key -> properties.put(key.name(), value.apply(key.name())));
    SettingsCatalog.obsoleteKeys()
        .keySet()
        .forEach(name -> properties.put(name, value.apply(name)));
    return map(
        "description",
        description
            + " An Application may set only the catalog's keys; set any other in the folder's"
            + " racer-settings.",
        "type",
        "object",
        "properties",
        properties,
        // false, not a schema: editors name the key ("Property RACER_X is not allowed")
        "additionalProperties",
        false);
  }
}
