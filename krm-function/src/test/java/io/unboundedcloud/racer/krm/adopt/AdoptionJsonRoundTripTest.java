package io.unboundedcloud.racer.krm.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.diff.JsonStrings;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code adopt --output json} read back by a strict parser to the very strings it was given, for
 * every string of {@link JsonStrings} (quotes, control characters, emoji, lone surrogates, random
 * code points) as manifests' keys and values, chart values, commands, workloads and results.
 */
@DisplayName("AdoptionJson: valid JSON that reads back to the same strings")
class AdoptionJsonRoundTripTest {
  @Test
  @DisplayName(
      "every string in a manifest's keys and values, the chart values, the commands, the workloads that roll and the results")
  @SuppressWarnings("unchecked")
  void everyStringInEverySlot() throws Exception {
    List<String> strings = JsonStrings.all();
    Map<String, Object> manifest = new LinkedHashMap<>();
    Map<String, Object> values = new LinkedHashMap<>();
    List<ResourceRef> rolling = new ArrayList<>();
    Results results = new Results();
    for (String text : strings) {
      manifest.put(text, List.of(text, Map.of(text, text)));
      values.put(text, text);
      rolling.add(new ResourceRef("apps/v1", text, text, text, null, null));
      results.add(Result.of(Severity.INFO, text, null, text));
    }
    AdoptionOutcome outcome =
        new AdoptionOutcome(List.of(manifest), values, strings, results, rolling);

    String text = AdoptionJson.of(outcome, results);

    assertThat(JsonStrings.isUtf8(text)).as("valid UTF-8").isTrue();
    Map<String, Object> json =
        new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .readValue(text, Map.class);
    assertThat(json.get("adopted")).isEqualTo(true);
    assertThat(json.get("manifests")).isEqualTo(List.of(manifest));
    assertThat(json.get("chartValues")).isEqualTo(values);
    assertThat(json.get("helmCommands")).isEqualTo(strings);
    List<Map<String, Object>> workloads = (List<Map<String, Object>>) json.get("rollout");
    List<Map<String, Object>> lines = (List<Map<String, Object>>) json.get("results");
    for (int i = 0; i < strings.size(); i++) {
      String expected = strings.get(i);
      assertThat(workloads.get(i)).containsEntry("kind", expected).containsEntry("name", expected);
      // the message as the result holds it: made printable when it was made (PrintableText)
      assertThat(lines.get(i)).containsEntry("message", results.list().get(i).message());
      assertThat((Map<String, Object>) lines.get(i).get("field")).containsEntry("path", expected);
    }
  }
}
