package io.unboundedcloud.racer.krm.schema;

import static io.unboundedcloud.racer.krm.schema.SchemaText.map;

import io.unboundedcloud.racer.krm.inputs.FunctionConfigKey;
import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema of an Argo CD Application or ApplicationSet file that uses the racer-krm plugin: the
 * parameters of each source whose plugin is named racer-krm ({@code spec.source}, {@code
 * spec.sources[]}, and the same under an ApplicationSet's {@code spec.template}), checked as {@code
 * krm.parameters} reads them: a name it knows, the value kind that name takes, and the value the
 * racer-settings key or function config key would take. Everything Argo CD defines is left open:
 * other plugins, other fields. In an ApplicationSet's template a value holding {@code {{} is a
 * template, which only the generated Application can be checked for.
 */
public final class ParametersSchema {
  /** The plugin's name, as plugin.yaml gives it and an Application names it. */
  public static final String PLUGIN = "racer-krm";

  /** A string that holds a template action: an ApplicationSet fills it in. */
  static final String TEMPLATE = "\\{\\{";

  private ParametersSchema() {}

  public static Map<String, Object> schema() {
    return map(
        "$schema",
        SchemaText.DRAFT_07,
        "title",
        "Argo CD Application or ApplicationSet with the racer-krm plugin",
        "description",
        "An Argo CD Application or ApplicationSet; the parameters of each source whose plugin is "
            + PLUGIN
            + " are checked as the plugin reads them. Generated from racer-krm's parameter names"
            + " (racer-krm schema parameters); the plugin stays the judge: what the folder's"
            + " function config allows (allowedParameters, allowedRegistries) and the rules across"
            + " keys are checked when it renders.",
        "type",
        "object",
        "required",
        List.of("apiVersion", "kind"),
        "properties",
        map(
            "apiVersion",
            map("type", "string", "enum", List.of("argoproj.io/v1alpha1")),
            "kind",
            map("type", "string", "enum", List.of("Application", "ApplicationSet"))),
        "allOf",
        byKind(),
        "definitions",
        definitions(
            "application",
            spec("source", "plugin"),
            "templatedApplication",
            spec("templatedSource", "templatedPlugin"),
            "source",
            source("plugin"),
            "templatedSource",
            source("templatedPlugin"),
            "plugin",
            plugin(false),
            "templatedPlugin",
            plugin(true)));
  }

  /** Each kind's spec: an Application's own, an ApplicationSet's under its template. */
  private static List<Object> byKind() {
    return List.of(
        map("if", kind("Application"), "then", map("properties", map("spec", ref("application")))),
        map(
            "if",
            kind("ApplicationSet"),
            "then",
            map(
                "properties",
                map(
                    "spec",
                    map(
                        "type",
                        "object",
                        "properties",
                        map(
                            "template",
                            map(
                                "type",
                                "object",
                                "properties",
                                map("spec", ref("templatedApplication")))))))));
  }

  /** The definitions given, then every value schema a parameter refers to by name. */
  private static Map<String, Object> definitions(Object... keyThenValue) {
    Map<String, Object> definitions = map(keyThenValue);
    for (SettingKey key : SettingsCatalog.keys()) {
      definitions.put(key.name(), SettingValueSchema.of(key));
    }
    SettingsCatalog.obsoleteKeys()
        .forEach(
            (name, replacement) ->
                definitions.put(name, SettingValueSchema.obsolete(name, replacement)));
    definitions.put(
        ParameterNames.SETTINGS,
        SettingValueSchema.catalogOnly(
            "racer-settings keys of the catalog to set, over the folder's racer-settings.",
            name -> ref(name)));
    for (FunctionConfigKey key : FunctionConfigKey.announced()) {
      definitions.put(key.key(), functionConfigValue(key));
    }
    for (String kind : List.of("string", "map", "array")) {
      definitions.put(
          "not" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1),
          SchemaText.refused(
              "Not what this parameter takes.",
              "this parameter takes "
                  + (kind.equals("map") ? "a string" : "a map (settings) or a string (any other)")
                  + ", not "
                  + (kind.equals("array") ? "an array" : "a " + kind)));
    }
    return definitions;
  }

  private static Map<String, Object> kind(String kind) {
    return map("properties", map("kind", map("const", kind)), "required", List.of("kind"));
  }

  private static Map<String, Object> ref(String definition) {
    return map("$ref", "#/definitions/" + definition);
  }

  private static Map<String, Object> spec(String source, String plugin) {
    return map(
        "type",
        "object",
        "properties",
        map("source", ref(source), "sources", map("type", "array", "items", ref(source))));
  }

  private static Map<String, Object> source(String plugin) {
    return map("type", "object", "properties", map("plugin", ref(plugin)));
  }

  /** A source's plugin: only racer-krm's parameters are checked. */
  private static Map<String, Object> plugin(boolean templated) {
    return map(
        "type",
        "object",
        "if",
        map("properties", map("name", map("const", PLUGIN)), "required", List.of("name")),
        "then",
        map(
            "properties",
            map(
                "parameters",
                map(
                    "description",
                    "Values over the folder's racer-settings and function config, within what the"
                        + " folder's function config allows.",
                    "type",
                    "array",
                    "items",
                    parameter(templated)))));
  }

  /** One parameter: a known name, and the one value kind it takes. */
  static Map<String, Object> parameter(boolean templated) {
    List<Object> names = new ArrayList<>();
    SettingsCatalog.keys().forEach(key -> names.add(key.name()));
    names.addAll(SettingsCatalog.obsoleteKeys().keySet());
    List<Object> byName = new ArrayList<>();
    for (Object name : names) {
      byName.add(takes((String) name, "string", template(ref((String) name), templated)));
    }
    names.add(ParameterNames.SETTINGS);
    byName.add(takes(ParameterNames.SETTINGS, "map", ref(ParameterNames.SETTINGS)));
    for (FunctionConfigKey key : FunctionConfigKey.announced()) {
      names.add(key.key());
      byName.add(takes(key.key(), "string", template(ref(key.key()), templated)));
    }
    return map(
        "type",
        "object",
        "required",
        List.of("name"),
        "properties",
        map(
            "name",
            map(
                "description",
                "A racer-settings key of the catalog (a string), "
                    + ParameterNames.SETTINGS
                    + " (a map of them) or a function config key (a string).",
                "type",
                "string",
                "enum",
                names)),
        "allOf",
        byName);
  }

  /**
   * An announced function config key as a parameter's string: the function config's own value, but
   * an image-choosing value must not be blank (the plugin refuses it: blank would drop the folder's
   * own value rather than choose one).
   */
  private static Map<String, Object> functionConfigValue(FunctionConfigKey key) {
    Map<String, Object> schema = FunctionConfigSchema.value(key, false);
    String pattern = FunctionConfigSchema.imagePattern(key);
    if (pattern != null && key.announcement().takes() != null) {
      schema.put("pattern", ImageGrammar.exactly(pattern));
      schema.put(
          "patternErrorMessage",
          key.key() + " takes " + key.announcement().takes() + "; blank is refused");
    } else if (pattern != null) {
      schema.put("pattern", ImageGrammar.exactly(pattern));
      schema.put("patternErrorMessage", key.key() + " takes " + FunctionConfigSchema.takes(key));
    }
    return schema;
  }

  /** In a template, a value may also be a template action, which only Argo CD fills in. */
  private static Map<String, Object> template(Map<String, Object> value, boolean templated) {
    if (!templated) {
      return value;
    }
    return map("anyOf", List.of(value, map("type", "string", "pattern", TEMPLATE)));
  }

  /**
   * The parameter named {@code name} holds {@code kind} ({@code string} or {@code map}) and no
   * other.
   */
  private static Map<String, Object> takes(String name, String kind, Map<String, Object> value) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (String each : List.of("string", "map", "array")) {
      properties.put(
          each,
          each.equals(kind)
              ? value
              : ref("not" + Character.toUpperCase(each.charAt(0)) + each.substring(1)));
    }
    return map(
        "if",
        map("properties", map("name", map("const", name)), "required", List.of("name")),
        "then",
        map("properties", properties, "required", List.of(kind)));
  }
}
