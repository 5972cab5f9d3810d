package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The JSON of diff's report, and the trees every report is written from, read back by a strict
 * parser (databind, one document, nothing after it) to the very strings they were given: names
 * holding quotes, control characters, emoji, lone surrogates and random strings over every code
 * point ({@link JsonStrings}). The text is always valid UTF-8.
 */
@DisplayName("JSON reports: valid JSON that reads back to the same strings")
class JsonRoundTripTest {
  static final ObjectMapper STRICT =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  static JsonNode read(String json) throws Exception {
    assertThat(JsonStrings.isUtf8(json)).as("the text is valid UTF-8: %s", json).isTrue();
    assertThat(json).endsWith("}\n");
    return STRICT.readTree(json);
  }

  @Nested
  @DisplayName("TreeJson")
  class Trees {
    @Test
    @DisplayName("every string as a key and as a value, in a map and in a list, reads back equal")
    void keysAndValues() throws Exception {
      Map<String, Object> tree = new LinkedHashMap<>();
      List<Object> list = new ArrayList<>();
      for (String text : JsonStrings.all()) {
        tree.put(text, text);
        list.add(text);
      }
      Map<String, Object> document = new LinkedHashMap<>();
      document.put("map", tree);
      document.put("list", list);

      assertThat(STRICT.readValue(read(TreeJson.of(document)).toString(), Map.class))
          .isEqualTo(document);
    }
  }

  @Nested
  @DisplayName("diff --output json")
  class Diff {
    @Test
    @DisplayName(
        "every string as an object's kind, namespace and name, its pace, reason and values, and a finding's message, file and field")
    void everyStringInEverySlot() throws Exception {
      List<String> strings = JsonStrings.all();
      List<ObjectChange> objects = new ArrayList<>();
      List<SideFinding> findings = new ArrayList<>();
      for (String text : strings) {
        objects.add(
            new ObjectChange(
                new ObjectKey("apps/v1", text, text, text),
                ObjectChange.Change.CHANGED,
                true,
                text,
                List.of(text),
                List.of(new FieldChange(FieldPath.of("metadata.labels.team"), text, text, false))));
        findings.add(
            new SideFinding(
                Side.OLD,
                text,
                Result.of(
                    Severity.WARNING,
                    text,
                    new ResourceRef("v1", "ConfigMap", text, text, text, 0),
                    text)));
      }
      DiffReport report = new DiffReport(objects, 0).withFindings(findings);

      JsonNode json = read(JsonReport.of(report));

      for (int i = 0; i < strings.size(); i++) {
        String text = strings.get(i);
        JsonNode object = json.get("objects").get(i);
        for (String key : List.of("kind", "namespace", "name", "pace")) {
          assertThat(object.get(key).textValue()).as("%s of %s", key, text).isEqualTo(text);
        }
        assertThat(object.get("reasons").get(0).textValue()).isEqualTo(text);
        assertThat(object.get("fields").get(0).get("old").textValue()).isEqualTo(text);
        assertThat(object.get("fields").get(0).get("new").textValue()).isEqualTo(text);
        JsonNode finding = json.get("findings").get(i);
        for (String key : List.of("path", "file", "field")) {
          assertThat(finding.get(key).textValue()).as("%s of %s", key, text).isEqualTo(text);
        }
        // the message as the result holds it: made printable when it was made (PrintableText)
        assertThat(finding.get("message").textValue())
            .isEqualTo(findings.get(i).result().message());
        assertThat(finding.get("object").get("name").textValue()).isEqualTo(text);
        assertThat(finding.get("object").get("namespace").textValue()).isEqualTo(text);
      }
    }
  }
}
