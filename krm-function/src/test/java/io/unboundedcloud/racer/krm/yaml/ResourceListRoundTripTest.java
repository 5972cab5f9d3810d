package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.fixture;
import static io.unboundedcloud.racer.krm.yaml.YamlText.itemsSection;
import static io.unboundedcloud.racer.krm.yaml.YamlText.readList;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("A ResourceList read and written back")
class ResourceListRoundTripTest {

  @Nested
  @DisplayName("as kpt fn render sends it (comments, path, index, seqindent and id annotations)")
  class KptRender {

    private final String input = fixture("kpt-render-stdin.yaml");

    @Test
    @DisplayName("comes out byte for byte as it came in")
    void identical() {
      assertThat(roundTrip(input)).isEqualTo(input);
    }

    @Test
    @DisplayName("keeps the header comment after the item's dash and the trailing comment")
    void comments() {
      assertThat(roundTrip(input))
          .contains("- # header comment\n  apiVersion: apps/v1\n")
          .contains("    name: web # trailing\n");
    }

    @Test
    @DisplayName("keeps single-quoted annotation values such as '0'")
    void singleQuotes() {
      assertThat(roundTrip(input))
          .contains("      config.kubernetes.io/index: '0'\n")
          .contains("      internal.config.kubernetes.io/seqindent: 'wide'\n");
    }

    @Test
    @DisplayName("keeps the functionConfig's flow mapping and its double quotes")
    void flowMapping() {
      assertThat(roundTrip(input))
          .endsWith(
              "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n"
                  + "  metadata:\n    name: function-input\n  data: {foo: bar, num: \"1\"}\n");
    }
  }

  @Nested
  @DisplayName("as kustomize sends it to a transformer (build annotations, keys sorted)")
  class KustomizeTransformer {

    private final String input = fixture("kustomize-transformer-stdin.yaml");

    @Test
    @DisplayName("comes out byte for byte as it came in")
    void identical() {
      assertThat(roundTrip(input)).isEqualTo(input);
    }

    @Test
    @DisplayName("keeps the literal block of the kustomize id annotation a literal block")
    void literalBlock() {
      assertThat(roundTrip(input))
          .contains(
              "      kustomize.config.k8s.io/id: |\n        group: apps\n"
                  + "        kind: Deployment\n        name: pre-web\n        namespace: racing\n        version: v1\n");
    }

    @Test
    @DisplayName("keeps kustomize's build state annotations on every item")
    void buildState() {
      assertThat(roundTrip(input))
          .contains("internal.config.kubernetes.io/needsHashSuffix: enabled")
          .contains("internal.config.kubernetes.io/previousNames: racer-settings,racer-settings");
    }
  }

  @Test
  @DisplayName("as kustomize sends it to a generator: comes out byte for byte as it came in")
  void kustomizeGenerator() {
    String input = fixture("kustomize-generator-stdin.yaml");

    assertThat(roundTrip(input)).isEqualTo(input);
  }

  @Nested
  @DisplayName("without apiVersion (kyaml's framework test input)")
  class WithoutApiVersion {

    private final String input = fixture("kyaml-no-apiversion-input.yaml");

    @Test
    @DisplayName("gets apiVersion config.kubernetes.io/v1")
    void getsApiVersion() {
      assertThat(roundTrip(input))
          .startsWith("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    }

    @Test
    @DisplayName("keeps its items as they came")
    void itemsKept() {
      assertThat(itemsSection(roundTrip(input))).isEqualTo(itemsSection(input));
    }
  }

  @Nested
  @DisplayName("with its items indented under the items key (kpt SDK example)")
  class WideSequence {

    private final String input = fixture("kpt-sdk-setlabels-wide.yaml");

    @Test
    @DisplayName("keeps every item's content")
    void contentKept() {
      ResourceList again = readList(roundTrip(input));

      assertThat(again.items())
          .map(Nodes::toPlainMap)
          .isEqualTo(readList(input).items().stream().map(Nodes::toPlainMap).toList());
    }

    @Test
    @DisplayName(
        "writes the items at the key's indent, the one sequence style of the output (snakeyaml limit)")
    void compactIndent() {
      assertThat(roundTrip(input))
          .contains("items:\n- apiVersion: v1\n  kind: Service\n  metadata:\n    name: example\n");
    }

    @Test
    @DisplayName("drops the license comment on the envelope, which belongs to no item")
    void envelopeCommentDropped() {
      assertThat(roundTrip(input)).startsWith("apiVersion: config.kubernetes.io/v1\n");
    }
  }

  @Nested
  @DisplayName("written again")
  class Idempotence {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "kpt-render-stdin.yaml",
          "kustomize-transformer-stdin.yaml",
          "kustomize-generator-stdin.yaml",
          "kyaml-no-apiversion-input.yaml",
          "kpt-sdk-setlabels-wide.yaml"
        })
    @DisplayName("gives the same bytes when its output is read and written once more")
    void idempotent(String name) {
      String once = roundTrip(fixture(name));

      assertThat(roundTrip(once)).isEqualTo(once);
    }

    @Test
    @DisplayName("gives the same bytes every time the same list is written")
    void deterministic() {
      ResourceList list = readList(fixture("kpt-render-stdin.yaml"));
      List<Map<String, Object>> results = List.of(Map.of("message", "m", "severity", "info"));

      assertThat(WrittenResourceList.of(list, results))
          .isEqualTo(WrittenResourceList.of(list, results));
    }
  }

  @Nested
  @DisplayName("the envelope written")
  class Envelope {

    @Test
    @DisplayName("is apiVersion (the input's), kind, items, functionConfig, results, in that order")
    void order() {
      ResourceList list =
          readList(
              "functionConfig: {kind: X}\nitems:\n- kind: A\nkind: List\n"
                  + "apiVersion: config.kubernetes.io/v1beta1\n");
      list.results().add(Nodes.fromPlainMap(Map.of("message", "done")));

      assertThat(WrittenResourceList.of(list))
          .isEqualTo(
              "apiVersion: config.kubernetes.io/v1beta1\n"
                  + "kind: ResourceList\nitems:\n- kind: A\nfunctionConfig: {kind: X}\nresults:\n- message: done\n");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "config.kubernetes.io/v1",
          "config.kubernetes.io/v1beta1",
          "config.kubernetes.io/v1alpha1"
        })
    @DisplayName("says the apiVersion the input said, as kyaml's framework echoes it")
    void apiVersionEchoed(String apiVersion) {
      ResourceList list =
          readList("apiVersion: " + apiVersion + "\nkind: ResourceList\nitems:\n- kind: A\n");

      assertThat(list.apiVersion()).isEqualTo(apiVersion);
      assertThat(WrittenResourceList.of(list)).startsWith("apiVersion: " + apiVersion + "\n");
    }

    @ParameterizedTest(name = "envelope starting \"{0}\"")
    @ValueSource(strings = {"", "apiVersion:\n", "apiVersion: ''\n"})
    @DisplayName("says config.kubernetes.io/v1 when the input said none")
    void apiVersionDefault(String apiVersionLine) {
      ResourceList list = readList(apiVersionLine + "kind: ResourceList\nitems:\n- kind: A\n");

      assertThat(WrittenResourceList.of(list)).startsWith("apiVersion: config.kubernetes.io/v1\n");
    }

    @Test
    @DisplayName(
        "has items: [] when there are none, and no functionConfig or results key when there are none")
    void empty() {
      assertThat(WrittenResourceList.of(new ResourceList(List.of(), null)))
          .isEqualTo("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n");
    }

    @Test
    @DisplayName(
        "writes results given as plain maps in their order, quoting strings that would read as numbers")
    void plainResults() {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("message", "replicas too high");
      result.put("severity", "error");
      result.put("resourceRef", Map.of("kind", "Deployment"));
      result.put("field", Map.of("path", "spec.replicas"));
      Map<String, Object> file = new LinkedHashMap<>();
      file.put("path", "resources.yaml");
      file.put("index", 0);
      result.put("file", file);
      result.put("tags", Map.of("rule", "0"));
      assertThat(WrittenResourceList.of(new ResourceList(List.of(), null), List.of(result)))
          .endsWith(
              "results:\n- message: replicas too high\n"
                  + "  severity: error\n  resourceRef:\n    kind: Deployment\n  field:\n    path: spec.replicas\n"
                  + "  file:\n    path: resources.yaml\n    index: 0\n  tags:\n    rule: \"0\"\n");
    }

    @Test
    @DisplayName(
        "keeps the results that came in, then the ones added to the list, then the ones given")
    void inputResultsFirst() {
      ResourceList list = readList("kind: ResourceList\nitems: []\nresults:\n- message: earlier\n");
      list.results().add(Nodes.fromPlainMap(Map.of("message", "later")));

      assertThat(WrittenResourceList.of(list, List.of(Map.of("message", "last"))))
          .endsWith("results:\n- message: earlier\n- message: later\n- message: last\n");
    }

    @Test
    @DisplayName("writes an item the function appended after the items it got")
    void appended() {
      ResourceList list = readList(fixture("kustomize-generator-stdin.yaml"));
      Map<String, Object> configMap = new LinkedHashMap<>();
      configMap.put("apiVersion", "v1");
      configMap.put("kind", "ConfigMap");
      MappingNode added = Nodes.fromPlainMap(configMap);
      list.items().add(added);

      assertThat(itemsSection(WrittenResourceList.of(list)))
          .startsWith(itemsSection(fixture("kustomize-generator-stdin.yaml")).stripTrailing())
          .contains("- apiVersion: v1\n  kind: ConfigMap\n");
    }
  }
}
