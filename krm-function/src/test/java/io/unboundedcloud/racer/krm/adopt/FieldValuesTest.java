package io.unboundedcloud.racer.krm.adopt;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.chart.ValueField;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * adopt's side of {@code ChartValue}'s table: every value that sets a field of the DaemonSet is
 * read back from that field, and applied to it, as its entry says (chart-gen's {@code
 * ValueTableTest} holds the chart's side).
 */
@DisplayName("adopt reverses every value of the table from the field its entry names")
class FieldValuesTest {
  private static final Map<String, Object> DEFAULT_INSTALL =
      Renderer.render(ManifestNodes.of(SETTINGS), FUNCTION_CONFIG).items().stream()
          .filter(node -> "DaemonSet".equals(new Item(node).kind()))
          .findFirst()
          .map(Nodes::toPlainMap)
          .orElseThrow();

  private final FieldValues group = new FieldValues();

  static Stream<ChartValue> fieldValues() {
    return ChartValue.fieldValues().stream();
  }

  @Test
  @DisplayName("a default install needs none of them")
  void defaultInstall() {
    Map<String, Object> values = new LinkedHashMap<>();
    group.read(new AdoptedDataplane(DEFAULT_INSTALL, DEFAULT_INSTALL), values);
    assertThat(values).isEmpty();
  }

  @Nested
  @DisplayName("for every entry")
  class EveryEntry {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.adopt.FieldValuesTest#fieldValues")
    @DisplayName(
        "applying the value sets its field: replaced whole, or its items after (before) ours")
    void apply(ChartValue value) {
      Object sample = sample(value);
      Map<String, Object> daemonSet = PlainTrees.asMap(PlainTrees.copy(DEFAULT_INSTALL));
      group.apply(valuesWith(value, sample), daemonSet);

      Object field = field(value).valueIn(daemonSet);
      Object own = field(value).valueIn(DEFAULT_INSTALL);
      switch (value.field().orElseThrow().kind()) {
        case REPLACES -> assertThat(field).isEqualTo(sample);
        case APPENDS -> assertThat(field).isEqualTo(joined(own, sample));
        case PREPENDS -> assertThat(field).isEqualTo(joined(sample, own));
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.adopt.FieldValuesTest#fieldValues")
    @DisplayName("a DaemonSet with that field changed needs exactly that value, as the field says")
    void read(ChartValue value) {
      Object sample = sample(value);
      Map<String, Object> adopted = PlainTrees.asMap(PlainTrees.copy(DEFAULT_INSTALL));
      group.apply(valuesWith(value, sample), adopted);

      Map<String, Object> values = new LinkedHashMap<>();
      group.read(new AdoptedDataplane(adopted, DEFAULT_INSTALL), values);
      assertThat(values).isEqualTo(valuesWith(value, sample));
    }
  }

  /** The field of the DaemonSet the entry names. */
  private static FieldPath field(ChartValue value) {
    ValueField field = value.field().orElseThrow();
    FieldPath holder = FieldPath.of(field.holder().keys());
    if (field.holder().itemName() != null) {
      holder = holder.named(field.holder().itemName());
    }
    return holder.key(field.key());
  }

  /** A value unlike a default install's: a list of one named item, a count, a name or a map. */
  private static Object sample(ChartValue value) {
    if (value.field().orElseThrow().kind() != ValueField.Kind.REPLACES) {
      return List.of(Map.of("name", "added-" + value.key()));
    }
    Map<String, Object> schema = value.doc().orElseThrow().schema();
    Object type = schema.get("type");
    if (schema.get("enum") instanceof List<?> choices) {
      Object builders = field(value).valueIn(DEFAULT_INSTALL);
      return choices.stream().filter(choice -> !choice.equals(builders)).findFirst().orElseThrow();
    }
    if ("array".equals(type)) {
      return List.of(Map.of("name", "sample"));
    }
    if (type instanceof List<?> types && types.contains("integer")) {
      return 7;
    }
    if ("string".equals(type) || type instanceof List<?> types && types.contains("string")) {
      return "sample";
    }
    return Map.of("sample", "value");
  }

  private static Map<String, Object> valuesWith(ChartValue value, Object sample) {
    Map<String, Object> values = new LinkedHashMap<>();
    FieldPath.of(value.path()).putIn(values, sample);
    return values;
  }

  private static List<Object> joined(Object first, Object then) {
    List<Object> list = new ArrayList<>();
    list.addAll(first instanceof List<?> items ? items : List.of());
    list.addAll(then instanceof List<?> items ? items : List.of());
    return list;
  }
}
