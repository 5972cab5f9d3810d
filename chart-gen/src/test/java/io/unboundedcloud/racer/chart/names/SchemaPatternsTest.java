package io.unboundedcloud.racer.chart.names;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * values.schema.json says no rule as a pattern: Helm checks the schema before any template runs,
 * and a pattern's error prints its regular expression, so every such rule is the templates' (in
 * words). The one pattern left keys the resource names of a ResourceRequirements
 * (patternProperties), whose error names the map and the key, no expression.
 */
@DisplayName("values.schema.json: no pattern that would speak before the templates")
class SchemaPatternsTest {
  @Test
  @DisplayName("no pattern or propertyNames keyword anywhere, patternProperties only on resources")
  void noPattern() throws IOException {
    JsonNode schema =
        new ObjectMapper()
            .readTree(ChartUnderTest.directory().resolve("values.schema.json").toFile());
    List<String> patterns = new ArrayList<>();
    List<String> patternMaps = new ArrayList<>();
    walk(schema, "", patterns, patternMaps);
    assertThat(patterns).isEmpty();
    assertThat(patternMaps)
        .containsExactlyInAnyOrder(
            "/definitions/resourceRequirements/properties/limits",
            "/definitions/resourceRequirements/properties/requests");
  }

  private static void walk(JsonNode node, String path, List<String> patterns, List<String> maps) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        String key = field.getKey();
        boolean keyword = !path.endsWith("/properties") && !path.endsWith("/definitions");
        if (keyword && (key.equals("pattern") || key.equals("propertyNames"))) {
          patterns.add(path + "/" + key);
        }
        if (keyword && key.equals("patternProperties")) {
          maps.add(path);
          continue;
        }
        walk(field.getValue(), path + "/" + key, patterns, maps);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "/" + i, patterns, maps);
      }
    }
  }
}
