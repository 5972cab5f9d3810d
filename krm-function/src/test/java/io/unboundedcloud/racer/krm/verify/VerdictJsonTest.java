package io.unboundedcloud.racer.krm.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code verify --output json}: the verdict, strictness, what was checked, and every result. */
@DisplayName("VerdictJson")
class VerdictJsonTest {
  private static final String CHECKED = "verified DaemonSet racer/racer";

  private static JsonNode json(Results results, boolean strict) throws Exception {
    return new ObjectMapper()
        .readTree(VerdictJson.of(new Verified(results, CHECKED), results, strict));
  }

  @Test
  @DisplayName("without an error: verified, what was checked, the warnings kept in order")
  void verified() throws Exception {
    Results results =
        Results.of(
            Result.of(Severity.WARNING, "first", null, null),
            Result.of(Severity.INFO, "second", null, null));

    JsonNode json = json(results, false);

    assertThat(json.get("verified").asBoolean()).isTrue();
    assertThat(json.get("strict").asBoolean()).isFalse();
    assertThat(json.get("checked").asText()).isEqualTo(CHECKED);
    assertThat(json.get("results")).hasSize(2);
    assertThat(json.get("results").get(0).get("message").asText()).isEqualTo("first");
    assertThat(json.get("results").get(0).get("severity").asText()).isEqualTo("warning");
    assertThat(json.get("results").get(1).get("message").asText()).isEqualTo("second");
  }

  @Test
  @DisplayName("with an error: not verified, nothing checked (null), strict as given")
  void refused() throws Exception {
    JsonNode json = json(Results.of(Result.error("no dataplane")), true);

    assertThat(json.get("verified").asBoolean()).isFalse();
    assertThat(json.get("strict").asBoolean()).isTrue();
    assertThat(json.get("checked").isNull()).isTrue();
    assertThat(json.get("results").get(0).get("severity").asText()).isEqualTo("error");
  }

  @Test
  @DisplayName("no results: an empty list, not a missing key")
  void empty() throws Exception {
    JsonNode json = json(new Results(), false);

    assertThat(json.get("results").isArray()).isTrue();
    assertThat(json.get("results")).isEmpty();
  }
}
