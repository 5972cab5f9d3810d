package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The JSON text of diff's and verify's reports: layout, numbers, and what JSON cannot hold. */
@DisplayName("JsonText: plain trees as JSON text")
class JsonTextTest {
  @Test
  @DisplayName("two spaces an indent, keys in the map's order, empty maps and lists on one line")
  void layout() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("z", List.of(1, "x"));
    tree.put("a", Map.of("k", true));
    tree.put("empty", Map.of());
    tree.put("none", List.of());
    tree.put("null", null);
    assertThat(JsonText.of(tree))
        .isEqualTo(
            """
            {
              "z": [
                1,
                "x"
              ],
              "a": {
                "k": true
              },
              "empty": {},
              "none": [],
              "null": null
            }
            """);
  }

  @Test
  @DisplayName(
      "integers, longs and finite decimals as numbers; a number-like string stays a string")
  void numbers() {
    assertThat(JsonText.of(Arrays.asList(7, 9_000_000_000L, 1.5, "8")))
        .isEqualTo("[\n  7,\n  9000000000,\n  1.5,\n  \"8\"\n]\n");
  }

  @Test
  @DisplayName("YAML's .nan, .inf and -.inf, which JSON has no number for, as YAML writes them")
  void notFinite() {
    assertThat(
            JsonText.of(
                Arrays.asList(
                    Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.5)))
        .isEqualTo("[\n  \".nan\",\n  \".inf\",\n  \"-.inf\",\n  -0.5\n]\n");
  }

  @Test
  @DisplayName(
      "a string's quotes, backslashes, line breaks, tabs and other control characters escaped")
  void escapes() {
    assertThat(JsonText.of("a\"b\\c\nd\re\tf\u0001g\u001fh\u0020i"))
        .isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh i\"\n");
  }
}
