package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.objects.DataplaneDefaults;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.chart.ValueDoc;
import io.unboundedcloud.racer.krm.chart.ValueField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code krm.chart.ChartValue}'s table is the contract of every value that sets a field of the
 * DaemonSet: the generated chart says what each entry says (adopt's side: {@code FieldValuesTest}
 * in krm-function).
 */
@DisplayName(
    "the value table: each value that sets a DaemonSet field is in the chart as its entry says")
class ValueTableTest {
  private static final Map<String, Object> VALUES = new Yaml().load(text("values.yaml"));
  private static final JsonNode SCHEMA = json("values.schema.json");
  private static final String README = text("README.md");
  private static final String TEMPLATES =
      text("templates/daemonset.yaml") + text("templates/_helpers.tpl");

  static Stream<ChartValue> fieldValues() {
    return ChartValue.fieldValues().stream();
  }

  @Test
  @DisplayName("holds the pod-level values, each documented, and only values that set a field")
  void coversThePodValues() {
    assertThat(ChartValue.fieldValues())
        .contains(
            ChartValue.RUNTIME_CLASS_NAME,
            ChartValue.IMAGES_PULL_POLICY,
            ChartValue.RESOURCES,
            ChartValue.EXTRA_ENV_FROM,
            ChartValue.INIT_CONTAINERS)
        .allMatch(value -> value.doc().isPresent());
    assertThat(ChartValue.values())
        .filteredOn(value -> value.doc().isPresent())
        .allMatch(value -> value.field().isPresent());
  }

  @Nested
  @DisplayName("for every entry")
  class EveryEntry {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("values.yaml holds its default: null, empty, or the builder's value of its field")
    void defaultInValuesYaml(ChartValue value) {
      Object expected =
          switch (value.doc().orElseThrow().initial()) {
            case NULL -> null;
            case EMPTY_TEXT -> "";
            case EMPTY_LIST -> List.of();
            case EMPTY_MAP -> Map.of();
            case BUILDERS -> DataplaneDefaults.of(value);
          };
      Map<?, ?> parent = VALUES;
      String[] keys = value.path().split("\\.");
      for (int i = 0; i < keys.length - 1; i++) {
        parent = (Map<?, ?>) parent.get(keys[i]);
      }
      assertThat(parent.containsKey(value.key())).as(value.path() + " in values.yaml").isTrue();
      assertThat(parent.get(value.key())).isEqualTo(expected);
      if (value.doc().orElseThrow().initial() == ValueDoc.Initial.BUILDERS) {
        assertThat(expected).as("the builder renders the field").isNotNull();
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("values.schema.json gives it the entry's schema, with its description")
    void schema(ChartValue value) {
      JsonNode found = SCHEMA;
      for (String key : value.path().split("\\.")) {
        found = found.path("properties").path(key);
      }
      JsonNode property = found;
      assertThat(property.isObject()).as(value.path() + " in the schema").isTrue();
      JsonNode expected = new ObjectMapper().valueToTree(value.doc().orElseThrow().schema());
      expected
          .fieldNames()
          .forEachRemaining(
              field -> assertThat(property.get(field)).as(field).isEqualTo(expected.get(field)));
      assertThat(property.path("description").asText()).startsWith(value.key() + " ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("the README's values table has its row, with the entry's description")
    void readme(ChartValue value) {
      String description = value.doc().orElseThrow().description();
      String known = description.split(java.util.regex.Pattern.quote(ValueDoc.BUILDERS))[0];
      String row =
          README
              .lines()
              .filter(line -> line.startsWith("| `" + value.path() + "` |"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no README row for " + value.path()));
      assertThat(row).contains(known);
      if (description.contains(ValueDoc.BUILDERS)) {
        assertThat(row)
            .as("a description naming the builder's value: the builder renders one, written there")
            .doesNotContain(ValueDoc.BUILDERS);
        assertThat(DataplaneDefaults.of(value)).isNotNull();
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.ValueTableTest#fieldValues")
    @DisplayName("the DaemonSet's template (or a define it includes) reads it")
    void template(ChartValue value) {
      assertThat(TEMPLATES)
          .containsPattern("\\.Values\\." + value.path().replace(".", "\\.") + "\\b");
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
      if (field.kind() != ValueField.Kind.REPLACES) {
        assertThat(value.doc().orElseThrow().initial()).isEqualTo(ValueDoc.Initial.EMPTY_LIST);
      }
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
