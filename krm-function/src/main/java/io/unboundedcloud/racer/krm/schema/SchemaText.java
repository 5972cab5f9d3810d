package io.unboundedcloud.racer.krm.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small builders of schema maps, their keys in the order given, so the files review well. */
final class SchemaText {
  /** The draft every schema here is written in: the one editors and the chart's schema read. */
  static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";

  /**
   * What every settings value's description ends with: ConfigMap data are strings, as the function
   * and the API server read them (an unquoted 9100 or true is an error, not a number).
   */
  static final String STRINGS_ONLY =
      " A string: quote numbers and words YAML reads as booleans or null (\"9100\", \"off\").";

  private SchemaText() {}

  /** A map of the keys and values given in turn. */
  static Map<String, Object> map(Object... keyThenValue) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keyThenValue.length; i += 2) {
      map.put((String) keyThenValue[i], keyThenValue[i + 1]);
    }
    return map;
  }

  /** A schema that matches nothing, with the message editors show (yaml-language-server's). */
  static Map<String, Object> refused(String description, String message) {
    return map("description", description, "not", map(), "errorMessage", message);
  }

  /** The schema of exactly one string value ({@code enum}, which OpenAPI v3 reads too). */
  static Map<String, Object> exactly(String description, String value) {
    return map("description", description, "type", "string", "enum", List.of(value));
  }

  /**
   * {@code schema} without the keywords only editors read ({@code errorMessage}, {@code
   * patternErrorMessage}), at every depth: the OpenAPI v3 schema of a KRMFunctionDefinition.
   */
  @SuppressWarnings("unchecked")
  static Object withoutEditorKeywords(Object schema) {
    if (schema instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach(
          (key, value) -> {
            if (!EDITOR_KEYWORDS.contains(key)) {
              out.put((String) key, withoutEditorKeywords(value));
            }
          });
      return out;
    }
    if (schema instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(value -> out.add(withoutEditorKeywords(value)));
      return out;
    }
    return schema;
  }

  private static final List<String> EDITOR_KEYWORDS =
      List.of("errorMessage", "patternErrorMessage");
}
