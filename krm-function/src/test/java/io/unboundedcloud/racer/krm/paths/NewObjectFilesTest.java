package io.unboundedcloud.racer.krm.paths;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("The objects the function adds get their file")
class NewObjectFilesTest {

  private static final String SETTINGS =
      """
      kind: ConfigMap
      metadata:
        name: racer-settings
        namespace: racer
      """;
  private static final String LEGACY_SETTINGS =
      """
      kind: ConfigMap
      metadata:
        name: racer-settings
        namespace: racer
        annotations:
          config.kubernetes.io/index: '0'
          config.kubernetes.io/path: 'settings.yaml'
      """;
  private static final String DAEMON_SET =
      """
      kind: DaemonSet
      metadata:
        name: racer
        namespace: racer
      """;

  @Nested
  @DisplayName("named NAMESPACE/KIND_NAME.yaml, kyaml's own default for an object without a path")
  class Names {

    @Test
    @DisplayName("a namespaced object: its namespace as the folder, the kind in lower case")
    void namespaced() {
      assertThat(NewObjectFiles.fileOf(new Item(object(DAEMON_SET))))
          .isEqualTo("racer/daemonset_racer.yaml");
    }

    @Test
    @DisplayName("an object without a namespace: at the package's root")
    void clusterScoped() {
      assertThat(
              NewObjectFiles.fileOf(
                  new Item(object("kind: ServiceAccount\nmetadata:\n  name: x\n"))))
          .isEqualTo("serviceaccount_x.yaml");
    }
  }

  @Nested
  @DisplayName("annotated")
  class Annotated {

    @Test
    @DisplayName("with the internal path and index 0 when the input uses no legacy path")
    void internalOnly() {
      List<MappingNode> input = List.of(object(SETTINGS));
      List<MappingNode> output = new ArrayList<>(input);
      output.add(object(DAEMON_SET));

      NewObjectFiles.place(input, output);

      assertThat(annotations(output.get(1)))
          .containsExactly(
              Map.entry("internal.config.kubernetes.io/index", "0"),
              Map.entry("internal.config.kubernetes.io/path", "racer/daemonset_racer.yaml"));
      assertThat(annotations(output.get(0))).isEmpty();
    }

    @Test
    @DisplayName("with the legacy path and index too when an input item carries the legacy path")
    void legacyToo() {
      List<MappingNode> input = List.of(object(LEGACY_SETTINGS));
      List<MappingNode> output = new ArrayList<>(input);
      output.add(object(DAEMON_SET));
      String settingsBefore = YamlWriter.manifests(List.of(input.get(0)));

      NewObjectFiles.place(input, output);

      assertThat(annotations(output.get(1)))
          .containsExactly(
              Map.entry("config.kubernetes.io/index", "0"),
              Map.entry("config.kubernetes.io/path", "racer/daemonset_racer.yaml"),
              Map.entry("internal.config.kubernetes.io/index", "0"),
              Map.entry("internal.config.kubernetes.io/path", "racer/daemonset_racer.yaml"));
      assertThat(YamlWriter.manifests(List.of(output.get(0)))).isEqualTo(settingsBefore);
    }

    @Test
    @DisplayName("the same way on every run: the name depends on the object alone")
    void stable() {
      List<MappingNode> first = new ArrayList<>(List.of(object(SETTINGS), object(DAEMON_SET)));
      List<MappingNode> second = new ArrayList<>(List.of(object(SETTINGS), object(DAEMON_SET)));

      NewObjectFiles.place(first.subList(0, 1), first);
      NewObjectFiles.place(second.subList(0, 1), second);

      assertThat(YamlWriter.manifests(first)).isEqualTo(YamlWriter.manifests(second));
    }
  }

  @Nested
  @DisplayName("never touched")
  class Untouched {

    @Test
    @DisplayName("an input item, even one without a path (the function rendered it earlier)")
    void inputItems() {
      List<MappingNode> input = List.of(object(SETTINGS), object(DAEMON_SET));
      String before = YamlWriter.manifests(input);

      NewObjectFiles.place(input, input);

      assertThat(YamlWriter.manifests(input)).isEqualTo(before);
    }

    @Test
    @DisplayName("a new object that already has an internal path")
    void alreadyPlaced() {
      MappingNode placed =
          object(DAEMON_SET + "  annotations:\n    internal.config.kubernetes.io/path: ds.yaml\n");
      List<MappingNode> output = List.of(object(SETTINGS), placed);
      String before = YamlWriter.manifests(output);

      NewObjectFiles.place(output.subList(0, 1), output);

      assertThat(YamlWriter.manifests(output)).isEqualTo(before);
    }
  }

  private static MappingNode object(String text) {
    return YamlReader.readManifests(
            new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
            "test",
            YamlLimits.DEFAULT)
        .get(0);
  }

  private static Map<String, String> annotations(MappingNode object) {
    Map<String, String> annotations = new LinkedHashMap<>();
    MappingNode mapping = Nodes.getMapping(object, "metadata", "annotations");
    if (mapping != null) {
      Nodes.toPlainMap(mapping)
          .forEach((key, value) -> annotations.put(key, String.valueOf(value)));
    }
    return annotations;
  }
}
