package io.unboundedcloud.racer.krm.schema;

import static io.unboundedcloud.racer.krm.schema.SchemaText.map;

import io.unboundedcloud.racer.krm.inputs.FunctionConfigKey;
import io.unboundedcloud.racer.krm.inputs.TypedFunctionConfig;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.Release;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema of the function config in both forms, from {@link FunctionConfigKey}: the ConfigMap
 * (every value a string, as ConfigMap data are) and the typed {@link TypedFunctionConfig} (each key
 * of its type: text, a boolean, a list of strings). An unknown key is flagged (the function warns
 * and ignores it). The image keys hold the image grammar the function checks them with ({@link
 * ImageGrammar}), blank meaning unset as the function reads it.
 */
public final class FunctionConfigSchema {
  /** What every key's description ends with: where the function checks what the schema cannot. */
  private static final String USED_ONLY =
      " The function checks it only where it is used: an image given whole (dataplaneImage,"
          + " objectImage) wins over imageRegistry and imageTag. The length of an image's repository"
          + " (at most "
          + ImageGrammar.MAX_NAME_LENGTH
          + " characters, the registry's included) is the function's to check.";

  private FunctionConfigSchema() {}

  /** The editor schema: either form, told apart by its kind. */
  public static Map<String, Object> schema() {
    return map(
        "$schema",
        SchemaText.DRAFT_07,
        "title",
        "racer-krm function config",
        "description",
        "The racer KRM function's config: a v1 ConfigMap whose data hold the keys, or a "
            + TypedFunctionConfig.API_VERSION
            + " "
            + TypedFunctionConfig.KIND
            + " that holds them as typed fields. Generated from racer-krm's function config table"
            + " (racer-krm schema function-config); set imageRegistry, or both dataplaneImage and"
            + " objectImage (a rule across keys, which the function checks).",
        "type",
        "object",
        "required",
        List.of("apiVersion", "kind"),
        "properties",
        map(
            "apiVersion",
            map("type", "string", "enum", List.of("v1", TypedFunctionConfig.API_VERSION)),
            "kind",
            map("type", "string", "enum", List.of("ConfigMap", TypedFunctionConfig.KIND))),
        "allOf",
        List.of(
            map(
                "if",
                map(
                    "properties",
                    map("kind", map("const", "ConfigMap")),
                    "required",
                    List.of("kind")),
                "then",
                configMap()),
            map(
                "if",
                map(
                    "properties",
                    map("kind", map("const", TypedFunctionConfig.KIND)),
                    "required",
                    List.of("kind")),
                "then",
                typed())));
  }

  /** The ConfigMap form: the keys in {@code data}, each a string. */
  static Map<String, Object> configMap() {
    Map<String, Object> keys = new LinkedHashMap<>();
    for (FunctionConfigKey key : FunctionConfigKey.values()) {
      keys.put(key.key(), value(key, false));
    }
    return map(
        "properties",
        map(
            "apiVersion",
            SchemaText.exactly("A core ConfigMap.", "v1"),
            "data",
            map(
                "description",
                "The function config's keys, each a string as ConfigMap data are.",
                "type",
                List.of("object", "null"),
                "properties",
                keys,
                "additionalProperties",
                unknownKey())));
  }

  /**
   * The typed form as its own schema, which the KRMFunctionDefinition holds (OpenAPI v3 once {@link
   * SchemaText#withoutEditorKeywords} has run): the keys as fields.
   */
  public static Map<String, Object> typed() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "apiVersion",
        SchemaText.exactly("The typed function config.", TypedFunctionConfig.API_VERSION));
    properties.put(
        "kind", SchemaText.exactly("The typed function config.", TypedFunctionConfig.KIND));
    properties.put("metadata", map("type", "object"));
    for (FunctionConfigKey key : FunctionConfigKey.values()) {
      properties.put(key.key(), value(key, true));
    }
    return map(
        "description",
        "The racer KRM function's config: the keys of the ConfigMap form as typed fields.",
        "type",
        "object",
        "properties",
        properties,
        "additionalProperties",
        unknownKey());
  }

  /**
   * An unknown key: false, not a schema, so editors name the key ("Property imageRegistery is not
   * allowed"); the function warns and ignores it.
   */
  private static Object unknownKey() {
    return false;
  }

  /** One key's value: its description, and its type in the form. */
  static Map<String, Object> value(FunctionConfigKey key, boolean typed) {
    Map<String, Object> schema = new LinkedHashMap<>();
    String text = imagePattern(key) == null ? "" : USED_ONLY;
    schema.put("description", plain(key.doc()) + "." + text);
    switch (key.type()) {
      case TEXT -> {
        schema.put("type", "string");
        String pattern = imagePattern(key);
        if (pattern != null) {
          schema.put("pattern", ImageGrammar.blankOr(pattern));
          schema.put(
              "patternErrorMessage", key.key() + " must be " + takes(key) + " (blank means unset)");
        }
      }
      case TRUE_OR_FALSE -> {
        if (typed) {
          schema.put("type", "boolean");
        } else {
          // no "type": the enum's strings say it, and an unquoted true gets one mark, not two
          schema.put("enum", List.of("true", "false"));
        }
      }
      case LIST -> {
        if (typed) {
          schema.put("type", "array");
          schema.put(
              "items",
              map(
                  "type",
                  "string",
                  "pattern",
                  "^[^,]*$",
                  "patternErrorMessage",
                  "an entry holds no ',': write each as an entry of its own"));
        } else {
          schema.put("type", "string");
        }
      }
    }
    return schema;
  }

  /** The image grammar a key's value follows, unanchored; null for a key that names no image. */
  static String imagePattern(FunctionConfigKey key) {
    return switch (key) {
      case IMAGE_REGISTRY -> ImageGrammar.REGISTRY;
      case IMAGE_TAG -> ImageGrammar.TAG;
      case DATAPLANE_IMAGE, OBJECT_IMAGE -> ImageGrammar.REFERENCE;
      default -> null;
    };
  }

  static String takes(FunctionConfigKey key) {
    return switch (key) {
      case IMAGE_REGISTRY -> "a registry, a repository path or both (mirror.example.com/racer)";
      case IMAGE_TAG -> "an image tag (" + Release.RACER_VERSION + ")";
      default -> "a whole image reference ([registry/]repository[:tag][@digest])";
    };
  }

  /** A docs line without its Markdown quoting. */
  private static String plain(String markdown) {
    return markdown.replace("`", "");
  }
}
