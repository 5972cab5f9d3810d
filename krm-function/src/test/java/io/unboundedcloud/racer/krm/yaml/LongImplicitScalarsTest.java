package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.yaml.pipeline.ImplicitTypes;
import io.unboundedcloud.racer.krm.yaml.pipeline.ImplicitTypes.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Ints, floats and timestamps longer than snakeyaml's resolver looks (1,024 characters for a
 * number, 50 for a timestamp): every form of {@link ImplicitTypes}, beyond the bound. Before,
 * snakeyaml's resolver called them strings, so a string the function made from one was written
 * without quotes, which a reader without the bound (PyYAML; yaml.v3, so kyaml, for the floats and
 * timestamps) reads as a number or a time.
 *
 * <p>What kyaml writes for such strings, checked with kustomize 5.5's {@code configMapGenerator}
 * (kyaml makes the string nodes and chooses their quotes): it double-quotes the floats with a
 * point, the base-60 forms and the timestamps, and leaves plain an int beyond Go's int64 and a
 * float beyond float64 (yaml.v3 reads those as strings, as its number parsing fails). The function
 * quotes every one: a YAML 1.1 reader reads those last ones as numbers.
 */
@DisplayName("A number or a timestamp longer than snakeyaml's resolver looks")
class LongImplicitScalarsTest {

  static Stream<Value> longValues() {
    Random random = new Random(41);
    return Stream.of(1_100, 3_000)
        .flatMap(length -> ImplicitTypes.forms(random, length).stream())
        .filter(value -> value.text().length() > 1_024 || value.form().startsWith("timestamp"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("longValues")
  @DisplayName("made a string by the function: written quoted, read back as the same string")
  void stringQuoted(Value value) {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("kind", "A");
    object.put("v", value.text());
    String written = YamlWriter.manifests(List.of(Nodes.fromPlainMap(object)));

    String scalar = written.substring(written.indexOf("\nv: ") + 4);
    assertThat(scalar.charAt(0)).as("the value's first character").isIn('"', '\'');
    MappingNode read = YamlText.readManifests(written).get(0);
    assertThat(Nodes.toPlainMap(read).get("v")).isEqualTo(value.text());
  }

  /**
   * The values a plain scalar can hold as they are: a tab would be double-quoted, as kyaml does.
   */
  static Stream<Value> plainValues() {
    return longValues().filter(value -> value.text().indexOf('\t') < 0);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("plainValues")
  @DisplayName("read plain: typed as what it looks like, written back plain as it came")
  void plainKept(Value value) {
    String text = "kind: A\nv: " + value.text() + "\n";
    MappingNode read = YamlText.readManifests(text).get(0);

    Tag tag = ((ScalarNode) Nodes.get(read, "v")).getTag();
    assertThat(tag).isIn(Tag.INT, Tag.FLOAT, Tag.TIMESTAMP);
    assertThat(YamlText.roundTripManifests(text)).isEqualTo(text);
  }
}
