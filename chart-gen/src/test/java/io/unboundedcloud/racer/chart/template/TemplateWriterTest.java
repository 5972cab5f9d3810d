package io.unboundedcloud.racer.chart.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("TemplateWriter: YAML with Helm actions")
class TemplateWriterTest {

  @Nested
  @DisplayName("sentinels")
  class Sentinels {
    @Test
    @DisplayName("a number sentinel becomes an unquoted expression, a text sentinel a quoted one")
    void whole() {
      Map<String, Object> tree = ordered("port", 51111, "image", "x.example/i:s");
      Substitutions substitutions =
          new Substitutions().number(51111, "P").text("x.example/i:s", "I");
      assertThat(TemplateWriter.write(new TemplateNode.Fixed(tree), substitutions))
          .containsExactly("port: {{ P }}", "image: {{ I | quote }}");
      substitutions.assertAllUsed();
    }

    @Test
    @DisplayName("a sentinel inside a string is embedded in a double-quoted string")
    void inside() {
      Map<String, Object> tree = ordered("listen", "[$(IP)]:51111");
      assertThat(
              TemplateWriter.write(
                  new TemplateNode.Fixed(tree), new Substitutions().number(51111, "P")))
          .containsExactly("listen: \"[$(IP)]:{{ P }}\"");
    }

    @Test
    @DisplayName("a sentinel the tree no longer holds fails")
    void unused() {
      Substitutions substitutions = new Substitutions().number(51111, "P");
      TemplateWriter.write(new TemplateNode.Fixed(ordered("port", 1)), substitutions);
      assertThatThrownBy(substitutions::assertAllUsed).hasMessageContaining("51111");
    }
  }

  @Nested
  @DisplayName("defaults a user's value replaces")
  class Defaults {
    @Test
    @DisplayName(
        "the builders' entry is written in the else branch, the user's value in the with branch")
    void withElse() {
      Map<String, Object> tree =
          ordered("spec", ordered("strategy", ordered("type", "A"), "other", "x"));
      Substitutions substitutions =
          new Substitutions()
              .defaultUnless(
                  "strategy",
                  ordered("type", "A"),
                  "$.Values.s",
                  Fragment.entryOfYaml("strategy", "toYaml ."));
      assertThat(TemplateWriter.write(new TemplateNode.Fixed(tree), substitutions))
          .containsExactly(
              "spec:",
              "  {{- with $.Values.s }}",
              "  strategy:",
              "    {{- toYaml . | nindent 4 }}",
              "  {{- else }}",
              "  strategy:",
              "    type: A",
              "  {{- end }}",
              "  other: x");
      substitutions.assertAllUsed();
    }

    @Test
    @DisplayName("a default whose builders' value the tree no longer holds fails")
    void unused() {
      Substitutions substitutions =
          new Substitutions()
              .defaultUnless(
                  "strategy",
                  ordered("type", "A"),
                  "$.Values.s",
                  Fragment.entryOfYaml("strategy", "toYaml ."));
      TemplateWriter.write(
          new TemplateNode.Fixed(ordered("strategy", ordered("type", "B"))), substitutions);
      assertThatThrownBy(substitutions::assertAllUsed).hasMessageContaining("default of strategy");
    }
  }

  @Test
  @DisplayName("entries with the same condition share one if block")
  void sharedBlock() {
    TemplateNode node =
        new TemplateNode.Mapping(
            List.of(
                new TemplateNode.Entry("a", new TemplateNode.Fixed("x"), null),
                new TemplateNode.Entry("b", new TemplateNode.Fixed("w"), "C"),
                new TemplateNode.Entry("c", new TemplateNode.Fixed("z"), "C")));
    assertThat(TemplateWriter.write(node, new Substitutions()))
        .containsExactly("a: x", "{{- if C }}", "b: w", "c: z", "{{- end }}");
  }

  @Test
  @DisplayName("list items lead with their name")
  void nameFirst() {
    Map<String, Object> tree = ordered("l", List.of(ordered("value", "v", "name", "first")));
    assertThat(TemplateWriter.write(new TemplateNode.Fixed(tree), new Substitutions()))
        .containsExactly("l:", "  - name: first", "    value: v");
  }

  @Test
  @DisplayName("strings YAML 1.1 would read as something else are quoted")
  void quoting() {
    assertThat(YamlScalar.of("on")).isEqualTo("\"on\"");
    assertThat(YamlScalar.of("yes")).isEqualTo("\"yes\"");
    assertThat(YamlScalar.of("0400")).isEqualTo("\"0400\"");
    assertThat(YamlScalar.of("1Gi")).isEqualTo("\"1Gi\"");
    assertThat(YamlScalar.of("")).isEqualTo("\"\"");
    assertThat(YamlScalar.of("a \"b\"")).isEqualTo("\"a \\\"b\\\"\"");
    assertThat(YamlScalar.of("racer-settings")).isEqualTo("racer-settings");
    assertThat(YamlScalar.of(256)).isEqualTo("256");
  }

  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
