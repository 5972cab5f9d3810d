package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.rules.SettingRuleChecks;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

@DisplayName("values.yaml, values.schema.json and README.md document the same values")
class ValuesDocumentationTest {
  private static final Pattern KEY_LINE = Pattern.compile("^( *)([A-Za-z][A-Za-z0-9]*):.*$");

  private final List<String> valuesLines = lines("values.yaml");
  private final JsonNode schema = json("values.schema.json");

  @Test
  @DisplayName("every key of values.yaml is documented by a comment that starts with its name")
  void everyKeyDocumented() {
    List<String> undocumented = new ArrayList<>();
    for (int i = 0; i < valuesLines.size(); i++) {
      Matcher key = KEY_LINE.matcher(valuesLines.get(i));
      if (!key.matches()) {
        continue;
      }
      int first = i - 1;
      while (first >= 0 && valuesLines.get(first).trim().startsWith("#")) {
        first--;
      }
      String comment = first + 1 < i ? valuesLines.get(first + 1).trim() : "";
      if (!comment.startsWith("# " + key.group(2) + " ")) {
        undocumented.add(key.group(2));
      }
    }
    assertThat(undocumented).isEmpty();
  }

  @Test
  @DisplayName(
      "the schema has a property for every key of values.yaml, and values.yaml a key for every property")
  @SuppressWarnings("unchecked")
  void schemaMatchesValues() {
    Map<String, Object> values = new Yaml().load(String.join("\n", valuesLines));
    assertThat(paths("", values)).containsExactlyInAnyOrderElementsOf(paths("", schema));
  }

  @Nested
  @DisplayName("values.schema.json")
  class Schema {
    @Test
    @DisplayName("is draft-07")
    void draft07() {
      assertThat(schema.get("$schema").asText())
          .isEqualTo("http://json-schema.org/draft-07/schema#");
    }

    @Test
    @DisplayName("refers to local definitions only")
    void localRefs() {
      List<String> refs = new ArrayList<>();
      schema.findValues("$ref").forEach(ref -> refs.add(ref.asText()));
      assertThat(refs).isNotEmpty().allMatch(ref -> ref.startsWith("#/definitions/"));
    }

    @Test
    @DisplayName(
        "gives every settings key of the catalog its rule's own schema, for a string (any other"
            + " scalar is left to the templates, which refuse it in the function's words), but for a"
            + " pattern: a string only, which the templates check in the function's words")
    void settingsRules() {
      JsonNode settings = schema.at("/definitions/settings/properties");
      for (SettingKey key : SettingsCatalog.keys()) {
        JsonNode property = settings.get(key.name()).get("then");
        assertThat(settings.get(key.name()).at("/if/type").asText())
            .as(key.name())
            .isEqualTo("string");
        if (SettingRuleChecks.checkedByTemplates(key.rule())) {
          assertThat(property)
              .as(key.name())
              .isEqualTo(new ObjectMapper().valueToTree(Map.of("type", "string")));
          continue;
        }
        key.rule()
            .jsonSchema()
            .forEach(
                (keyword, value) ->
                    assertThat(property.get(keyword))
                        .as(key.name() + " " + keyword)
                        .isEqualTo(new ObjectMapper().valueToTree(value)));
      }
      assertThat(settings.has("RACER_RAILS")).isTrue();
    }

    @Test
    @DisplayName(
        "takes settings values as scalars only: a number or a boolean reaches the templates, which"
            + " refuse it with --set-string's advice; a list or a map is refused here")
    void settingsScalars() {
      assertThat(schema.at("/definitions/settings/additionalProperties/type"))
          .isEqualTo(new ObjectMapper().valueToTree(List.of("string", "number", "boolean")));
    }
  }

  @Test
  @DisplayName("the README lists every value and every settings key")
  void readme() {
    String readme = String.join("\n", lines("README.md"));
    Map<String, Object> values = new Yaml().load(String.join("\n", valuesLines));
    paths("", values).forEach(path -> assertThat(readme).contains("| `" + path + "` |"));
    SettingsCatalog.keys().forEach(key -> assertThat(readme).contains("| `" + key.name() + "` |"));
    SettingsCatalog.obsoleteKeys()
        .keySet()
        .forEach(key -> assertThat(readme).contains("| `" + key + "` |"));
  }

  /**
   * Leaf paths of values.yaml: keys whose value is not a map with keys (settings: {} is a leaf).
   */
  @SuppressWarnings("unchecked")
  private static List<String> paths(String prefix, Map<String, Object> values) {
    List<String> paths = new ArrayList<>();
    values.forEach(
        (key, value) -> {
          if (value instanceof Map<?, ?> map && !map.isEmpty()) {
            paths.addAll(paths(prefix + key + ".", (Map<String, Object>) map));
          } else {
            paths.add(prefix + key);
          }
        });
    return paths;
  }

  /**
   * Leaf paths of the schema: properties of objects that list fixed properties and allow no others.
   */
  private static List<String> paths(String prefix, JsonNode object) {
    List<String> paths = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> fields = object.get("properties").fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      JsonNode property = field.getValue();
      if (property.has("properties")
          && property.path("additionalProperties").isBoolean()
          && property.has("type")
          && !field.getKey().equals("affinity")) {
        paths.addAll(paths(prefix + field.getKey() + ".", property));
      } else {
        paths.add(prefix + field.getKey());
      }
    }
    return paths;
  }

  private static List<String> lines(String file) {
    try {
      return Files.readAllLines(ChartUnderTest.directory().resolve(file));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static JsonNode json(String file) {
    try {
      return new ObjectMapper().readTree(ChartUnderTest.directory().resolve(file).toFile());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
