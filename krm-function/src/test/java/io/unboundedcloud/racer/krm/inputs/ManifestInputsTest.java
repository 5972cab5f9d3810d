package io.unboundedcloud.racer.krm.inputs;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.REGISTRY;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("The objects render mode read, sorted into items and function config")
class ManifestInputsTest {
  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      """;
  private static final String KUSTOMIZATION =
      """
      apiVersion: kustomize.config.k8s.io/v1beta1
      kind: Kustomization
      resources: [settings.yaml]
      """;
  private static final String COMPONENT =
      """
      apiVersion: kustomize.config.k8s.io/v1alpha1
      kind: Component
      """;
  private static final String KPTFILE =
      """
      apiVersion: kpt.dev/v1
      kind: Kptfile
      metadata: {name: racer}
      """;

  private static String functionConfig(String name) {
    return InputFolder.functionConfigDocument(name, Map.of("imageRegistry", REGISTRY));
  }

  private static String localConfig(String value) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: local-%s
          annotations: {config.kubernetes.io/local-config: "%s"}
        """
        .formatted(value, value);
  }

  private static List<String> names(List<MappingNode> objects) {
    return objects.stream()
        .map(node -> new Item(node).kind() + " " + new Item(node).name())
        .toList();
  }

  @Nested
  @DisplayName("sort")
  class Sort {
    @Test
    @DisplayName(
        "drops Kustomization, Component and Kptfile objects and keeps the others in their order")
    void dropsBuildInstructions() {
      List<MappingNode> objects =
          ManifestNodes.of(
              String.join(
                  "---\n", KUSTOMIZATION, SETTINGS, COMPONENT, KPTFILE, localConfig("true")));

      ReadOutcome<ManifestInputs> sorted = ManifestInputs.sort(objects, null);

      assertThat(sorted.ok()).isTrue();
      assertThat(names(sorted.value().items()))
          .containsExactly("ConfigMap racer-settings", "ConfigMap local-true");
      assertThat(sorted.value().functionConfig()).isNull();
      assertThat(sorted.results()).isEmpty();
    }

    @Test
    @DisplayName(
        "takes the one object annotated config.kubernetes.io/function out of the items as the function config")
    void annotatedFunctionConfig() {
      List<MappingNode> objects =
          ManifestNodes.of(String.join("---\n", functionConfig("racer-fn"), SETTINGS));

      ReadOutcome<ManifestInputs> sorted = ManifestInputs.sort(objects, null);

      assertThat(sorted.ok()).isTrue();
      assertThat(sorted.value().functionConfig()).isSameAs(objects.get(0));
      assertThat(names(sorted.value().items())).containsExactly("ConfigMap racer-settings");
    }

    @Test
    @DisplayName(
        "with a function config named on the command line, an annotated object stays an item")
    void namedFunctionConfig() {
      List<MappingNode> objects =
          ManifestNodes.of(String.join("---\n", functionConfig("racer-fn"), SETTINGS));
      MappingNode named = ManifestNodes.one(functionConfig("from-the-command-line"));

      ReadOutcome<ManifestInputs> sorted = ManifestInputs.sort(objects, named);

      assertThat(sorted.value().functionConfig()).isSameAs(named);
      assertThat(names(sorted.value().items()))
          .containsExactly("ConfigMap racer-fn", "ConfigMap racer-settings");
    }

    @Test
    @DisplayName("two annotated objects are an error naming both and the --function-config flag")
    void twoAnnotated() {
      List<MappingNode> objects =
          ManifestNodes.of(
              String.join(
                  "---\n", functionConfig("first-fn"), SETTINGS, functionConfig("second-fn")));

      ReadOutcome<ManifestInputs> sorted = ManifestInputs.sort(objects, null);

      assertThat(sorted.ok()).isFalse();
      assertThat(sorted.results().exitCode()).isEqualTo(1);
      assertThat(sorted.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.message())
                    .isEqualTo(
                        "2 objects carry the config.kubernetes.io/function annotation"
                            + " (ConfigMap first-fn, ConfigMap second-fn); name the function config with --function-config FILE");
              });
    }

    @Test
    @DisplayName(
        "two annotated objects are no error when the command line names the function config")
    void twoAnnotatedButNamed() {
      List<MappingNode> objects =
          ManifestNodes.of(
              String.join("---\n", functionConfig("first-fn"), functionConfig("second-fn")));

      ReadOutcome<ManifestInputs> sorted =
          ManifestInputs.sort(objects, ManifestNodes.one(functionConfig("named")));

      assertThat(sorted.ok()).isTrue();
      assertThat(sorted.value().items()).hasSize(2);
    }
  }

  @Test
  @DisplayName(
      "toApply leaves out what is annotated local-config \"true\", and only that, in order")
  void toApply() {
    List<MappingNode> rendered =
        ManifestNodes.of(String.join("---\n", localConfig("false"), SETTINGS, localConfig("true")));

    assertThat(names(ManifestInputs.toApply(rendered)))
        .containsExactly("ConfigMap local-false", "ConfigMap racer-settings");
  }

  @Test
  @DisplayName("the error prints as one line on stderr, as every result does")
  void errorLine() {
    Result error =
        ManifestInputs.sort(
                ManifestNodes.of(String.join("---\n", functionConfig("a"), functionConfig("b"))),
                null)
            .results()
            .first();
    assertThat(error.toLine())
        .startsWith("error: 2 objects carry the config.kubernetes.io/function annotation");
  }
}
