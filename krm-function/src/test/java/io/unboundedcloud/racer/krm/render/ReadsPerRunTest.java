package io.unboundedcloud.racer.krm.render;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParametersJson;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.List;
import java.util.ListIterator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * How often one run reads what it needs once: racer-settings' data, the function config's data and
 * the annotations of the other ConfigMaps. Each is counted where the YAML is: the node is swapped
 * for one that counts every look at its entries, so a second read anywhere in the run shows.
 */
@DisplayName("Renderer: one run reads racer-settings and the function config once")
class ReadsPerRunTest {
  private static final String BYSTANDER =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: app-config
        namespace: apps
        annotations: {team: storage}
      data: {greeting: hello}
      """;

  private static final String FUNCTION_CONFIG =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      data: {imageRegistry: registry.example.com/racer, strict: "false"}
      """;

  /** A mapping node that counts the looks at its entries. */
  static final class CountingMapping extends MappingNode {
    int reads;

    CountingMapping(MappingNode of) {
      super(of.getTag(), of.getValue(), of.getFlowStyle());
    }

    @Override
    public List<NodeTuple> getValue() {
      reads++;
      return super.getValue();
    }
  }

  /** Swaps the mapping at {@code key} of {@code parent} for a counting one, and returns it. */
  private static CountingMapping counting(MappingNode parent, String... path) {
    MappingNode holder =
        path.length == 1
            ? parent
            : Nodes.getMapping(parent, java.util.Arrays.copyOf(path, path.length - 1));
    String key = path[path.length - 1];
    ListIterator<NodeTuple> tuples = holder.getValue().listIterator();
    while (tuples.hasNext()) {
      NodeTuple tuple = tuples.next();
      if (key.equals(Nodes.text(tuple.getKeyNode()))) {
        CountingMapping counting = new CountingMapping((MappingNode) tuple.getValueNode());
        tuples.set(new NodeTuple(tuple.getKeyNode(), counting));
        return counting;
      }
    }
    throw new IllegalArgumentException("no " + String.join(".", path));
  }

  /** Renders, the counts starting at zero, and checks the run succeeded. */
  private static Outcome render(
      List<MappingNode> items,
      MappingNode config,
      ApplicationParameters parameters,
      CountingMapping... watched) {
    for (CountingMapping each : watched) {
      each.reads = 0;
    }
    Outcome outcome = Renderer.render(items, config, parameters);
    assertThat(outcome.results().hasError()).as("%s", outcome.results()).isFalse();
    return outcome;
  }

  private static List<MappingNode> items(String... objects) {
    return ManifestNodes.of(String.join("---\n", objects));
  }

  @Nested
  @DisplayName("a first render (no DaemonSet yet), with a cache origin and a bystander")
  class FirstRender {
    @Test
    @DisplayName("reads racer-settings' data once")
    void settingsOnce() {
      List<MappingNode> items = items(SETTINGS, BYSTANDER, ORIGIN);
      CountingMapping data = counting(items.get(0), "data");

      render(items, ManifestNodes.one(FUNCTION_CONFIG), ApplicationParameters.NONE, data);

      assertThat(data.reads).isEqualTo(1);
    }

    @Test
    @DisplayName("reads the function config's data once")
    void functionConfigOnce() {
      MappingNode config = ManifestNodes.one(FUNCTION_CONFIG);
      CountingMapping data = counting(config, "data");

      render(items(SETTINGS, BYSTANDER, ORIGIN), config, ApplicationParameters.NONE, data);

      assertThat(data.reads).isEqualTo(1);
    }

    @Test
    @DisplayName("reads another ConfigMap's annotations once, looking for racer-settings")
    void bystanderAnnotationsOnce() {
      List<MappingNode> items = items(SETTINGS, BYSTANDER, ORIGIN);
      CountingMapping annotations = counting(items.get(1), "metadata", "annotations");

      render(items, ManifestNodes.one(FUNCTION_CONFIG), ApplicationParameters.NONE, annotations);

      assertThat(annotations.reads).isEqualTo(1);
    }
  }

  @Nested
  @DisplayName("with an Application's parameters, which name the objects of their results")
  class WithParameters {
    private final ApplicationParameters parameters =
        ParametersJson.read("[{\"name\":\"imageTag\",\"string\":\"0.19.1\"}]").value();

    @Test
    @DisplayName("still reads racer-settings' and the function config's data once each")
    void once() {
      List<MappingNode> items = items(SETTINGS, BYSTANDER, ORIGIN);
      MappingNode config = ManifestNodes.one(FUNCTION_CONFIG);
      CountingMapping settings = counting(items.get(0), "data");
      CountingMapping function = counting(config, "data");

      render(items, config, parameters, settings, function);

      assertThat(settings.reads).isEqualTo(1);
      assertThat(function.reads).isEqualTo(1);
    }
  }

  @Nested
  @DisplayName("a second render, of the first one's output (the DaemonSet is there to merge)")
  class SecondRender {
    @Test
    @DisplayName("reads racer-settings' and the function config's data once each")
    void once() {
      List<MappingNode> first =
          Renderer.render(items(SETTINGS, BYSTANDER, ORIGIN), ManifestNodes.one(FUNCTION_CONFIG))
              .items();
      List<MappingNode> again =
          ManifestNodes.of(io.unboundedcloud.racer.krm.yaml.YamlWriter.manifests(first));
      MappingNode config = ManifestNodes.one(FUNCTION_CONFIG);
      CountingMapping settings = counting(again.get(0), "data");
      CountingMapping function = counting(config, "data");

      Outcome outcome = render(again, config, ApplicationParameters.NONE, settings, function);

      assertThat(outcome.items()).hasSize(again.size());
      assertThat(settings.reads).isEqualTo(1);
      assertThat(function.reads).isEqualTo(1);
    }
  }
}
