package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.objects.DataplaneDefaults;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueDoc;
import io.unboundedcloud.racer.workload.chart.ValueField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code workload.chart.ChartValue}'s table is the contract of every value: the generated
 * values.yaml, schema and README say what each entry documents, and the templates write each value
 * that sets a field there (adopt's side: {@code FieldValuesTest} in krm-function).
 */
@DisplayName("the value table: each value is in the chart as its entry says")
class ValueTableTest {
  private static final Map<String, Object> VALUES = new Yaml().load(text("values.yaml"));
  private static final JsonNode SCHEMA = json("values.schema.json");
  private static final String README = text("README.md");
  private static final String DAEMON_SET = text("templates/daemonset.yaml");
  private static final String TEMPLATES = templates();

  static Stream<ChartValue> fieldValues() {
    return ChartValue.fieldValues().stream();
  }

  static Stream<ChartValue> everyValue() {
    return Stream.of(ChartValue.values());
  }

  /** The values with a key of their own in values.yaml: all but the groups. */
  static Stream<ChartValue> keys() {
    return Stream.of(ChartValue.values()).filter(value -> !group(value));
  }

  @Test
  @DisplayName(
      "documents every value: a schema for each but Helm's own, and each group has its values")
  void documentsEveryValue() {
    assertThat(ChartValue.values())
        .allSatisfy(value -> assertThat(value.doc().description()).startsWith(value.key() + " "));
    assertThat(keys())
        .filteredOn(value -> value.doc().schema().isEmpty())
        .as("a value of any content: only what Helm gives a subchart")
        .containsExactly(ChartValue.GLOBAL, ChartValue.ENABLED);
    assertThat(ChartValue.values())
        .filteredOn(ValueTableTest::group)
        .allSatisfy(
            value ->
                assertThat(ChartValue.values())
                    .anyMatch(child -> child.path().startsWith(value.path() + ".")));
    assertThat(ChartValue.fieldValues())
        .contains(
            ChartValue.RUNTIME_CLASS_NAME,
            ChartValue.PLACEMENT_NODE_SELECTOR,
            ChartValue.POD_LABELS,
            ChartValue.COMMON_LABELS,
            ChartValue.SETTINGS);
  }

  @Test
  @DisplayName("values.yaml has the table's keys, in its order, and no other")
  void valuesYamlKeys() {
    assertThat(new ArrayList<>(VALUES.keySet())).isEqualTo(ChartValue.topLevelKeys());
  }

  @Nested
  @DisplayName("for every entry")
  class EveryEntry {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#keys")
    @DisplayName(
        "values.yaml holds its default: null, empty, a boolean or the builder's value of its field")
    void defaultInValuesYaml(ChartValue value) {
      Object expected =
          switch (value.doc().initial()) {
            case NULL -> null;
            case EMPTY_TEXT -> "";
            case EMPTY_LIST -> List.of();
            case EMPTY_MAP -> Map.of();
            case BUILDERS -> DataplaneDefaults.of(value);
            case TRUE -> true;
            case FALSE -> false;
            case GROUP -> throw new AssertionError("a group has no default of its own");
          };
      Map<?, ?> parent = VALUES;
      String[] keys = value.path().split("\\.");
      for (int i = 0; i < keys.length - 1; i++) {
        parent = (Map<?, ?>) parent.get(keys[i]);
      }
      assertThat(parent.containsKey(value.key())).as(value.path() + " in values.yaml").isTrue();
      assertThat(parent.get(value.key())).isEqualTo(expected);
      if (value.doc().initial() == ValueDoc.Initial.BUILDERS) {
        assertThat(expected).as("the builder renders the field").isNotNull();
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#everyValue")
    @DisplayName("values.schema.json gives it the entry's schema, with its description")
    void schema(ChartValue value) {
      JsonNode found = SCHEMA;
      for (String key : value.path().split("\\.")) {
        found = found.path("properties").path(key);
      }
      JsonNode property = found;
      assertThat(property.isObject()).as(value.path() + " in the schema").isTrue();
      JsonNode expected = new ObjectMapper().valueToTree(value.doc().schema());
      expected
          .fieldNames()
          .forEachRemaining(
              field -> assertThat(property.get(field)).as(field).isEqualTo(expected.get(field)));
      String description = value.doc().description();
      String written = property.path("description").asText();
      if (description.contains(ValueDoc.BUILDERS)) {
        assertThat(written).startsWith(description.substring(0, description.indexOf('{')));
      } else {
        assertThat(written).isEqualTo(description);
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#keys")
    @DisplayName("the README's values table has its row, with the entry's description")
    void readme(ChartValue value) {
      String description = value.doc().description();
      String known = description.split(java.util.regex.Pattern.quote(ValueDoc.BUILDERS))[0];
      String row =
          README
              .lines()
              .filter(line -> line.startsWith("| `" + value.path() + "` |"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no README row for " + value.path()));
      // as a Markdown table cell writes it
      assertThat(row).contains(known.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;"));
      if (description.contains(ValueDoc.BUILDERS)) {
        assertThat(row)
            .as("a description naming the builder's value: the builder renders one, written there")
            .doesNotContain(ValueDoc.BUILDERS);
        assertThat(DataplaneDefaults.of(value)).isNotNull();
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("a template (or a define) reads it: the DaemonSet's, for a field of the DaemonSet")
    void template(ChartValue value) {
      String key = "\\." + value.key() + "\\b";
      String read =
          value.topLevel()
              ? "\\.Values" + key
              : "\\.Values\\."
                  + value.path().substring(0, value.path().indexOf('.'))
                  + "( \\| default dict\\))?"
                  + key;
      boolean daemonSet = value.field().orElseThrow().holder().inDaemonSet();
      boolean combined = value.field().orElseThrow().kind() == ValueField.Kind.COMBINES;
      assertThat(daemonSet && !combined ? DAEMON_SET + text("templates/_helpers.tpl") : TEMPLATES)
          .containsPattern(read);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName(
        "merged into a DaemonSet map: the template leaves out the chart's own keys where they win")
    void ownKeys(ChartValue value) {
      ValueField field = value.field().orElseThrow();
      if (field.kind() != ValueField.Kind.MERGES || !field.holder().inDaemonSet()) {
        return;
      }
      StringBuilder omitted = new StringBuilder();
      field.ownKeys().forEach(key -> omitted.append(" \"").append(key).append('"'));
      String winning = "omit (" + value.expression() + " | default dict)" + omitted;
      if (field.ownKeys().isEmpty() || field.ownKeysRefused()) {
        assertThat(DAEMON_SET).contains(value.expression()).doesNotContain(winning);
        assertThat(DAEMON_SET).doesNotContain("omit (" + value.expression());
      } else {
        assertThat(DAEMON_SET).contains(winning);
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("its list is one the builder renders, unless the value is the whole list")
    void listKinds(ChartValue value) {
      ValueField field = value.field().orElseThrow();
      if (field.kind() == ValueField.Kind.PREPENDS) {
        assertThat(DataplaneDefaults.of(value))
            .as("items go before the builder's own: it renders the list")
            .isInstanceOf(List.class);
      }
      switch (field.kind()) {
        case APPENDS, PREPENDS ->
            assertThat(value.doc().initial()).isEqualTo(ValueDoc.Initial.EMPTY_LIST);
        case MERGES -> assertThat(value.doc().initial()).isEqualTo(ValueDoc.Initial.EMPTY_MAP);
        case REPLACES, COMBINES -> {}
      }
    }
  }

  private static boolean group(ChartValue value) {
    return value.doc().initial() == ValueDoc.Initial.GROUP;
  }

  /** Every template and define of the chart. */
  private static String templates() {
    try (Stream<Path> files = Files.list(ChartUnderTest.directory().resolve("templates"))) {
      return files
          .sorted()
          .map(file -> text("templates/" + file.getFileName()))
          .collect(Collectors.joining("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String text(String file) {
    try {
      return Files.readString(ChartUnderTest.directory().resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode json(String file) {
    try {
      return new ObjectMapper().readTree(text(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
