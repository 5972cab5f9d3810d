package io.unboundedcloud.racer.krm.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.diff.JsonStrings;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code verify --output json} read back by a strict parser to the very strings it was given, for
 * every string of {@link JsonStrings} (quotes, control characters, emoji, lone surrogates, random
 * code points) in every string a result carries.
 */
@DisplayName("VerdictJson: valid JSON that reads back to the same strings")
class VerdictJsonRoundTripTest {
  @Test
  @DisplayName(
      "every string as a result's message, object, field, values and file, and as what was checked")
  void everyStringInEverySlot() throws Exception {
    List<String> strings = JsonStrings.all();
    Results results = new Results();
    for (String text : strings) {
      results.add(
          Result.of(Severity.WARNING, text, new ResourceRef("v1", text, text, text, text, 0), text)
              .withCurrentValue(text)
              .withProposedValue(text));
    }
    String checked = String.join("", strings);

    String text = VerdictJson.of(new Verified(results, checked), results, false);

    assertThat(JsonStrings.isUtf8(text)).as("valid UTF-8").isTrue();
    JsonNode json =
        new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
    assertThat(json.get("checked").textValue()).isEqualTo(checked);
    for (int i = 0; i < strings.size(); i++) {
      String expected = strings.get(i);
      JsonNode result = json.get("results").get(i);
      // the message as the result holds it: made printable when it was made (PrintableText)
      assertThat(result.get("message").textValue()).isEqualTo(results.list().get(i).message());
      for (String key : List.of("kind", "name", "namespace")) {
        assertThat(result.get("resourceRef").get(key).textValue()).isEqualTo(expected);
      }
      for (String key : List.of("path", "currentValue", "proposedValue")) {
        assertThat(result.get("field").get(key).textValue()).isEqualTo(expected);
      }
      assertThat(result.get("file").get("path").textValue()).isEqualTo(expected);
    }
  }
}
