package io.unboundedcloud.racer.krm.adopt;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueField;
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
 * ValueTableTest} holds the chart's side); the one combined by a rule of its own round-trips
 * through {@code AffinityValue}.
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
    return ChartValue.daemonSetValues().stream()
        .filter(value -> value.field().orElseThrow().kind() != ValueField.Kind.COMBINES);
  }

  @Test
  @DisplayName(
      "every value with a field is one of the DaemonSet's, the affinity, or read beside them")
  void everyFieldValue() {
    assertThat(ChartValue.fieldValues())
        .filteredOn(value -> !value.field().orElseThrow().holder().inDaemonSet())
        .as("the values on other objects: HelmValues reads each")
        .containsExactly(
            ChartValue.SETTINGS, ChartValue.SERVICE_ACCOUNT_ANNOTATIONS, ChartValue.COMMON_LABELS);
    assertThat(ChartValue.daemonSetValues())
        .filteredOn(value -> value.field().orElseThrow().kind() == ValueField.Kind.COMBINES)
        .containsExactly(ChartValue.PLACEMENT_AFFINITY);
    assertThat(fieldValues())
        .contains(
            ChartValue.PLACEMENT_NODE_SELECTOR,
            ChartValue.PLACEMENT_TOLERATIONS,
            ChartValue.POD_LABELS,
            ChartValue.POD_ANNOTATIONS,
            ChartValue.DAEMON_SET_ANNOTATIONS);
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
        case MERGES -> assertThat(field).isEqualTo(merged(own, sample));
        case COMBINES -> throw new AssertionError("not a plain field: " + value);
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.adopt.FieldValuesTest#mergedValues")
    @DisplayName("a value merged into a map never holds the chart's own keys of it")
    void ownKeys(ChartValue value) {
      ValueField entry = value.field().orElseThrow();
      Map<String, Object> ours = new LinkedHashMap<>();
      entry.ownKeys().forEach(key -> ours.put(key, "theirs"));
      Map<String, Object> sample = new LinkedHashMap<>(ours);
      sample.put("example.com/added", "value");
      Map<String, Object> daemonSet = PlainTrees.asMap(PlainTrees.copy(DEFAULT_INSTALL));
      group.apply(valuesWith(value, sample), daemonSet);

      Map<String, Object> field = PlainTrees.asMap(field(value).valueIn(daemonSet));
      Object own = field(value).valueIn(DEFAULT_INSTALL);
      assertThat(field).containsEntry("example.com/added", "value");
      entry
          .ownKeys()
          .forEach(
              key ->
                  assertThat(field.get(key))
                      .as("the chart's " + key)
                      .isEqualTo(own instanceof Map<?, ?> map ? map.get(key) : null));
      Map<String, Object> values = new LinkedHashMap<>();
      group.read(new AdoptedDataplane(daemonSet, DEFAULT_INSTALL), values);
      assertThat(values).isEqualTo(valuesWith(value, Map.of("example.com/added", "value")));
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

  @Nested
  @DisplayName("the affinity, combined with the dataplane's by a rule of its own")
  class Affinity {
    private final AffinityValue affinity = new AffinityValue();
    private final FieldPath terms =
        FieldPath.of(
            "spec.template.spec.affinity.nodeAffinity"
                + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms");
    private final Map<String, Object> pool =
        Map.of("key", "racer.example.com/pool", "operator", "In", "values", List.of("gpu"));

    @Test
    @DisplayName("a default install needs none")
    void defaultInstall() {
      Map<String, Object> values = new LinkedHashMap<>();
      affinity.read(new AdoptedDataplane(DEFAULT_INSTALL, DEFAULT_INSTALL), values);
      assertThat(values).isEmpty();
    }

    @Test
    @DisplayName(
        "a required term as the chart renders it, the dataplane's expressions first, is read as"
            + " the user's term alone; pod anti-affinity as it stands")
    void read() {
      List<?> ours =
          (List<?>)
              PlainTrees.asMap(((List<?>) terms.valueIn(DEFAULT_INSTALL)).get(0))
                  .get("matchExpressions");
      List<Object> expressions = new ArrayList<>(ours);
      expressions.add(pool);
      Map<String, Object> adopted = PlainTrees.asMap(PlainTrees.copy(DEFAULT_INSTALL));
      terms.putIn(adopted, List.of(Map.of("matchExpressions", expressions)));
      Map<String, Object> anti =
          Map.of("preferredDuringSchedulingIgnoredDuringExecution", List.of());
      FieldPath.of("spec.template.spec.affinity.podAntiAffinity").putIn(adopted, anti);

      Map<String, Object> values = new LinkedHashMap<>();
      affinity.read(new AdoptedDataplane(adopted, DEFAULT_INSTALL), values);
      assertThat(values)
          .isEqualTo(
              Map.of(
                  "placement",
                  Map.of(
                      "affinity",
                      Map.of(
                          "nodeAffinity",
                          Map.of(
                              "requiredDuringSchedulingIgnoredDuringExecution",
                              Map.of(
                                  "nodeSelectorTerms",
                                  List.of(Map.of("matchExpressions", List.of(pool))))),
                          "podAntiAffinity",
                          anti))));
    }

    @Test
    @DisplayName("applied, it is merged into the pod's affinity key by key, and read back the same")
    void roundTrip() {
      Map<String, Object> anti =
          Map.of("preferredDuringSchedulingIgnoredDuringExecution", List.of());
      Map<String, Object> values =
          valuesWith(ChartValue.PLACEMENT_AFFINITY, Map.of("podAntiAffinity", anti));
      Map<String, Object> daemonSet = PlainTrees.asMap(PlainTrees.copy(DEFAULT_INSTALL));
      affinity.apply(values, daemonSet);
      assertThat(terms.valueIn(daemonSet))
          .as("the dataplane's term kept")
          .isEqualTo(terms.valueIn(DEFAULT_INSTALL));
      assertThat(FieldPath.of("spec.template.spec.affinity.podAntiAffinity").valueIn(daemonSet))
          .isEqualTo(anti);

      Map<String, Object> read = new LinkedHashMap<>();
      affinity.read(new AdoptedDataplane(daemonSet, DEFAULT_INSTALL), read);
      assertThat(read).isEqualTo(values);
    }
  }

  static Stream<ChartValue> mergedValues() {
    return fieldValues()
        .filter(value -> value.field().orElseThrow().kind() == ValueField.Kind.MERGES)
        .filter(value -> !value.field().orElseThrow().ownKeys().isEmpty());
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
    switch (value.field().orElseThrow().kind()) {
      case APPENDS, PREPENDS -> {
        return List.of(Map.of("name", "added-" + value.key()));
      }
      case MERGES -> {
        return Map.of("example.com/" + value.key(), "added");
      }
      default -> {}
    }
    Map<String, Object> schema = value.doc().schema();
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

  private static Map<String, Object> merged(Object own, Object sample) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.putAll(own instanceof Map<?, ?> entries ? PlainTrees.asMap(entries) : Map.of());
    map.putAll(PlainTrees.asMap(sample));
    return map;
  }

  private static List<Object> joined(Object first, Object then) {
    List<Object> list = new ArrayList<>();
    list.addAll(first instanceof List<?> items ? items : List.of());
    list.addAll(then instanceof List<?> items ? items : List.of());
    return list;
  }
}
