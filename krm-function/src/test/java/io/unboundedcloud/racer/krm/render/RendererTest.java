package io.unboundedcloud.racer.krm.render;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * One run of the renderer on nodes, without the command line: what it outputs, in what order, and
 * what it leaves alone. The golden files pin whole outputs byte for byte; the ownership tests, the
 * merge itself.
 */
@DisplayName("Renderer: one run, from the items to the output items and results")
class RendererTest {
  private static final String BYSTANDER =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: app-config, namespace: apps}
      data: {greeting: hello}
      """;
  private static final String ORIGIN =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: models-origin
        namespace: racer
        labels: {racer.unbounded-cloud.io/cache-origin: models}
      spec:
        template:
          spec:
            nodeSelector: {disk: ssd}
            containers: [{name: origin, image: origin:1}]
      """;

  private static List<MappingNode> items(String... objects) {
    return ManifestNodes.of(String.join("---\n", objects));
  }

  private static List<String> identities(List<MappingNode> nodes) {
    return nodes.stream()
        .map(Item::new)
        .map(item -> item.kind() + " " + item.namespace() + "/" + item.name())
        .toList();
  }

  private static String text(List<MappingNode> nodes) {
    return YamlWriter.manifests(nodes);
  }

  @Nested
  @DisplayName("a run that succeeds")
  class Success {
    @Test
    @DisplayName(
        "outputs every item in its place, then the new ServiceAccount and DaemonSet, with no result")
    void appends() {
      List<MappingNode> input = items(BYSTANDER, SETTINGS);

      Outcome outcome = Renderer.render(input, FUNCTION_CONFIG);

      assertThat(outcome.results()).isEmpty();
      assertThat(identities(outcome.items()))
          .containsExactly(
              "ConfigMap apps/app-config",
              "ConfigMap racer/racer-settings",
              "ServiceAccount racer/racer",
              "DaemonSet racer/racer");
      assertThat(outcome.items().subList(0, 2)).containsExactlyElementsOf(input);
    }

    @Test
    @DisplayName("an existing DaemonSet and ServiceAccount are rendered where they stand")
    void inPlace() {
      List<MappingNode> rendered = Renderer.render(items(SETTINGS), FUNCTION_CONFIG).items();
      List<MappingNode> reordered = List.of(rendered.get(2), rendered.get(1), rendered.get(0));

      Outcome again = Renderer.render(reordered, FUNCTION_CONFIG);

      assertThat(identities(again.items()))
          .containsExactly(
              "DaemonSet racer/racer",
              "ServiceAccount racer/racer",
              "ConfigMap racer/racer-settings");
    }

    @Test
    @DisplayName("rendering its own output again keeps every node: nothing to change")
    void idempotent() {
      List<MappingNode> once =
          Renderer.render(items(BYSTANDER, SETTINGS, ORIGIN), FUNCTION_CONFIG).items();
      String text = text(once);

      Outcome twice = Renderer.render(once, FUNCTION_CONFIG);

      assertThat(twice.items()).containsExactlyElementsOf(once);
      assertThat(text(twice.items())).isEqualTo(text);
    }

    @Test
    @DisplayName("a cache origin is edited in place (same node) and gets the dataplane's placement")
    void origin() {
      List<MappingNode> input = items(SETTINGS, ORIGIN);

      Outcome outcome = Renderer.render(input, FUNCTION_CONFIG);

      assertThat(outcome.items().get(1)).isSameAs(input.get(1));
      MappingNode pod = Nodes.getMapping(input.get(1), "spec", "template", "spec");
      assertThat(Nodes.get(pod, "nodeSelector")).as("the origin's own selector gives way").isNull();
      assertThat(Nodes.getMapping(pod, "affinity", "nodeAffinity")).isNotNull();
    }

    @Test
    @DisplayName("warnings do not fail the run: they come with the rendered output")
    void warnings() {
      Outcome outcome =
          Renderer.render(
              items(SETTINGS.replace("RACER_NVIDIA", "RACER_NVIDIA_MODE")), FUNCTION_CONFIG);

      assertThat(outcome.results()).extracting(Result::severity).containsExactly(Severity.WARNING);
      assertThat(outcome.results().exitCode()).isZero();
      assertThat(outcome.items()).hasSize(3);
    }
  }

  @Nested
  @DisplayName("a run with an error: the items come back exactly as they came")
  class Failure {
    @Test
    @DisplayName("no settings: the error, and the input's items, unchanged, nothing added")
    void noSettings() {
      List<MappingNode> input = items(BYSTANDER, ORIGIN);
      String before = text(input);

      Outcome outcome = Renderer.render(input, FUNCTION_CONFIG);

      assertThat(outcome.results().exitCode()).isEqualTo(1);
      assertThat(outcome.items()).containsExactlyElementsOf(input);
      assertThat(text(outcome.items())).isEqualTo(before);
    }

    @Test
    @DisplayName(
        "an error found late (an origin without pod spec) leaves the other origins unedited too")
    void lateError() {
      List<MappingNode> input =
          items(
              SETTINGS,
              ORIGIN,
              ORIGIN
                  .replace("models-origin", "broken-origin")
                  .replace(
                      """
                template:
                  spec:
                    nodeSelector: {disk: ssd}
                    containers: [{name: origin, image: origin:1}]
              """,
                      "    replicas: 1\n"));
      String before = text(input);

      Outcome outcome = Renderer.render(input, FUNCTION_CONFIG);

      assertThat(outcome.results())
          .filteredOn(result -> result.severity() == Severity.ERROR)
          .extracting(Result::fieldPath)
          .containsExactly("spec.template.spec");
      assertThat(text(outcome.items())).isEqualTo(before);
    }

    @Test
    @DisplayName(
        "every result is kept, errors first: the settings' error ahead of the function config's warning, found before it")
    void orderOfResults() {
      MappingNode config =
          ManifestNodes.one(
              """
          apiVersion: v1
          kind: ConfigMap
          metadata: {name: racer-function}
          data: {imageRegistry: registry.example.com/racer, registry: typo}
          """);

      Outcome outcome = Renderer.render(items(SETTINGS.replace("\"off\"", "gpu")), config);

      assertThat(outcome.results())
          .extracting(Result::severity, Result::fieldPath)
          .containsExactly(
              tuple(Severity.ERROR, "data.RACER_NVIDIA"), tuple(Severity.WARNING, "data.registry"));
    }

    @Test
    @DisplayName(
        "an existing DaemonSet that is not a valid DaemonSet: an error naming it and the field")
    void invalidExistingDaemonSet() {
      Outcome outcome =
          Renderer.render(
              items(
                  SETTINGS,
                  """
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: {name: racer, namespace: racer}
          spec: {minReadySeconds: soon}
          """),
              FUNCTION_CONFIG);

      assertThat(outcome.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.message())
                    .startsWith("the existing DaemonSet racer is not a valid apps/v1 DaemonSet: ")
                    .endsWith("; fix or remove it");
                assertThat(error.fieldPath()).isEqualTo("spec.minReadySeconds");
              });
    }

    @Test
    @DisplayName(
        "an explicit RACER_CONTROL_SEATS env on the dataplane container: an error, since it would shadow racer-settings")
    void seatsEnv() {
      Outcome outcome =
          Renderer.render(
              items(
                  SETTINGS,
                  """
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: {name: racer, namespace: racer}
          spec:
            template:
              spec:
                containers:
                - name: dataplane
                  env: [{name: RACER_CONTROL_SEATS, value: "3"}]
          """),
              FUNCTION_CONFIG);

      assertThat(outcome.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.fieldPath())
                    .isEqualTo(
                        "spec.template.spec.containers[name=dataplane].env[name=RACER_CONTROL_SEATS]");
                assertThat(error.currentValue()).isEqualTo("3");
              });
    }
  }
}
