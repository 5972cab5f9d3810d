package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.chart.rules.SettingRuleChecks;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON schema of {@code settings}, the racer-settings data: every catalog key with its rule's
 * own schema, obsolete keys described (the templates refuse them with the function's message, which
 * says what replaced each), any other key a string (the dataplane may read keys the catalog does
 * not know; other keys are the administrator's own). A number or a boolean passes the schema, its
 * rule applying to strings only ({@code if}/{@code then}), so that the templates refuse it with the
 * function's message and the advice to use {@code --set-string}, where the schema could only say
 * "want string". A rule whose own schema is a pattern is checked by the templates too ({@link
 * SettingRuleChecks}): a pattern failure would print the regular expression, not what the value
 * must be.
 */
public final class SettingsSchema {
  /**
   * What a settings value may be to the schema: a string, or a scalar that Helm read from an
   * unquoted YAML value or from {@code --set}, refused by the templates (racer.validateStrings).
   */
  static final List<String> SCALARS = List.of("string", "number", "boolean");

  private SettingsSchema() {}

  public static Map<String, Object> schema() {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      Map<String, Object> property = new LinkedHashMap<>();
      property.put(
          "description", key.description() + " Default: " + key.defaultDescription() + ".");
      property.put("type", SCALARS);
      property.put("if", Map.of("type", "string"));
      property.put(
          "then",
          SettingRuleChecks.checkedByTemplates(key.rule())
              ? Map.of("type", "string")
              : key.rule().jsonSchema());
      properties.put(key.name(), property);
    }
    SettingsCatalog.obsoleteKeys()
        .forEach(
            (name, replacement) -> {
              Map<String, Object> property = new LinkedHashMap<>();
              // refused by racer.validateSettings with the KRM function's message, which says what
              // replaced
              // it
              property.put(
                  "description",
                  "Obsolete: the dataplane refuses to start while it is set, even to an empty value;"
                      + " rendering fails. "
                      + replacement
                      + ".");
              property.put("type", SCALARS);
              properties.put(name, property);
            });
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("additionalProperties", Map.of("type", SCALARS));
    return schema;
  }
}
