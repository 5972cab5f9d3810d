package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The JSON text of the diff, verify and adopt reports: layout, numbers, and what JSON cannot hold.
 */
@DisplayName("TreeJson: plain trees as JSON text")
class TreeJsonTest {
  @Test
  @DisplayName("two spaces an indent, keys in the map's order, empty maps and lists on one line")
  void layout() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("z", List.of(1, "x"));
    tree.put("a", Map.of("k", true));
    tree.put("empty", Map.of());
    tree.put("none", List.of());
    tree.put("null", null);
    assertThat(TreeJson.of(tree))
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
    assertThat(TreeJson.of(Arrays.asList(7, 9_000_000_000L, 1.5, "8")))
        .isEqualTo("[\n  7,\n  9000000000,\n  1.5,\n  \"8\"\n]\n");
  }

  @Test
  @DisplayName("YAML's .nan, .inf and -.inf, which JSON has no number for, as YAML writes them")
  void notFinite() {
    assertThat(
            TreeJson.of(
                Arrays.asList(
                    Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.5)))
        .isEqualTo("[\n  \".nan\",\n  \".inf\",\n  \"-.inf\",\n  -0.5\n]\n");
  }

  @Test
  @DisplayName(
      "a string's quotes, backslashes, line breaks, tabs and other control characters escaped")
  void escapes() {
    assertThat(TreeJson.of("a\"b\\c\nd\re\tf\u0001g\u001fh\u0020i"))
        .isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh i\"\n");
  }

  @Test
  @DisplayName(
      "backspace and form feed as \\u0008 and \\u000c, lower-case hex, as the reports always wrote them")
  void controlsAsBefore() {
    assertThat(TreeJson.of("\b\f\u001b")).isEqualTo("\"\\u0008\\u000c\\u001b\"\n");
  }

  @Test
  @DisplayName(
      "an emoji as its four UTF-8 bytes; a lone surrogate, which UTF-8 cannot carry, as its escape")
  void surrogates() {
    assertThat(TreeJson.of("😀 \uD800 \uDFFF")).isEqualTo("\"😀 \\uD800 \\uDFFF\"\n");
  }
}
