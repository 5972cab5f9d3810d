package io.unboundedcloud.racer.krm.render;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * A DaemonSet that a kustomize composition changed after an earlier run of the function: what the
 * function keeps of it (its selector) and what it replaces with a warning (images).
 */
@DisplayName("A DaemonSet changed between two runs: the selector kept, replaced images named")
class DaemonSetNoticesTest {

  /** The function's first output: settings, ServiceAccount, DaemonSet, as text. */
  private static String rendered() {
    return YamlWriter.manifests(
        Renderer.render(ManifestNodes.of(SETTINGS), FUNCTION_CONFIG).items());
  }

  private static Outcome renderAgain(String manifests) {
    return Renderer.render(ManifestNodes.of(manifests), FUNCTION_CONFIG);
  }

  private static MappingNode daemonSet(List<MappingNode> items) {
    return items.stream()
        .filter(node -> new Item(node).is("apps/v1", "DaemonSet"))
        .findFirst()
        .orElseThrow();
  }

  @Nested
  @DisplayName("the selector")
  class Selector {
    /** What kustomize's labels with includeSelectors does to the function's output. */
    private static String withEnvInSelector(String manifests) {
      String selector =
          "    matchLabels:\n"
              + "      app.kubernetes.io/name: racer\n"
              + "      app.kubernetes.io/component: dataplane\n";
      assertThat(manifests).contains(selector);
      return manifests.replace(selector, selector + "      env: prod\n");
    }

    @Test
    @DisplayName(
        "labels a kustomize includeSelectors put there are kept: the same selector whether or not the function runs last")
    void kept() {
      Outcome again = renderAgain(withEnvInSelector(rendered()));

      Object selector =
          Nodes.toPlain(Nodes.get(daemonSet(again.items()), "spec", "selector", "matchLabels"));
      assertThat(selector)
          .isEqualTo(
              Map.of(
                  "app.kubernetes.io/component", "dataplane",
                  "app.kubernetes.io/name", "racer",
                  "env", "prod"));
    }

    @Test
    @DisplayName(
        "a warning names the extra labels, says a selector cannot change once applied and who put them there")
    void warned() {
      Outcome again = renderAgain(withEnvInSelector(rendered()));

      assertThat(again.results())
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.severity()).isEqualTo(Severity.WARNING);
                assertThat(warning.fieldPath()).isEqualTo("spec.selector.matchLabels");
                assertThat(warning.message())
                    .contains("env=prod")
                    .contains("cannot change once applied")
                    .contains("includeSelectors");
              });
      assertThat(again.results().exitCode()).isZero();
    }

    @Test
    @DisplayName("our two labels are restored where they were changed")
    void oursRestored() {
      String changed =
          rendered()
              .replace(
                  "      app.kubernetes.io/name: racer\n      app.kubernetes.io/component: dataplane\n  template:",
                  "      app.kubernetes.io/name: racer\n      app.kubernetes.io/component: other\n  template:");

      Outcome again = renderAgain(changed);

      assertThat(
              Nodes.toPlain(Nodes.get(daemonSet(again.items()), "spec", "selector", "matchLabels")))
          .isEqualTo(
              Map.of(
                  "app.kubernetes.io/component", "dataplane", "app.kubernetes.io/name", "racer"));
    }

    @Test
    @DisplayName("the function's own selector raises nothing")
    void ownSelector() {
      assertThat(renderAgain(rendered()).results()).isEmpty();
    }
  }

  @Nested
  @DisplayName("images")
  class Images {
    @Test
    @DisplayName(
        "a dataplane image other than the function config's (kustomize's images:) is replaced, with a warning naming both")
    void dataplaneImage() {
      String pinned =
          rendered()
              .replace(
                  " image: registry.example.com/racer/racer-dataplane:0.19.0",
                  " image: mirror.example.com/racer-dataplane:0.20.0");

      Outcome again = renderAgain(pinned);

      assertThat(YamlWriter.manifests(again.items()))
          .contains("image: registry.example.com/racer/racer-dataplane:0.19.0")
          .doesNotContain("mirror.example.com");
      Result warning = again.results().first();
      assertThat(again.results()).hasSize(1);
      assertThat(warning.severity()).isEqualTo(Severity.WARNING);
      assertThat(warning.fieldPath())
          .isEqualTo("spec.template.spec.containers[name=dataplane].image");
      assertThat(warning.currentValue()).isEqualTo("mirror.example.com/racer-dataplane:0.20.0");
      assertThat(warning.proposedValue())
          .isEqualTo("registry.example.com/racer/racer-dataplane:0.19.0");
      assertThat(warning.message())
          .contains("kustomize's images:")
          .contains("set dataplaneImage (or imageRegistry and imageTag) in the function config");
    }

    @Test
    @DisplayName(
        "a pair an earlier function config rendered together (an overlay's own registry): replaced without a word")
    void pairOfAnotherFunctionConfig() {
      // both images and their record, as a run with imageRegistry base.example.com/racer made them
      String base = rendered().replace("registry.example.com/racer/", "base.example.com/racer/");

      Outcome again = renderAgain(base);

      assertThat(again.results()).isEmpty();
      assertThat(YamlWriter.manifests(again.items()))
          .contains("image: registry.example.com/racer/racer-dataplane:0.19.0")
          .doesNotContain("base.example.com");
    }

    @Test
    @DisplayName("a RACER_OBJECT_IMAGE other than the function config's: the same, for objectImage")
    void objectImage() {
      String pinned =
          rendered()
              .replace(
                  "value: registry.example.com/racer/racer-object:0.19.0",
                  "value: mirror.example.com/racer-object:0.20.0");

      Outcome again = renderAgain(pinned);

      assertThat(again.results())
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.fieldPath())
                    .isEqualTo(
                        "spec.template.spec.containers[name=dataplane].env[name=RACER_OBJECT_IMAGE].value");
                assertThat(warning.message()).contains("set objectImage");
              });
    }

    @Test
    @DisplayName(
        "an image kubectl reads as a number (image: 1.50): an error with the quoted line, nothing"
            + " replaced")
    void numberImage() {
      String pinned =
          rendered()
              .replace(" image: registry.example.com/racer/racer-dataplane:0.19.0", " image: 1.50");

      Outcome again = renderAgain(pinned);

      assertThat(YamlWriter.manifests(again.items())).contains(" image: 1.50");
      assertThat(again.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.message())
                    .contains(
                        "containers[0].image: expected a string, found 1.50 without quotes, which"
                            + " kubectl reads as a number")
                    .contains("quote it: image: \"1.50\"");
              });
    }

    @Test
    @DisplayName(
        "a RACER_OBJECT_IMAGE kubectl reads as a number (value: 2.0): an error with the quoted line")
    void numberObjectImage() {
      String pinned =
          rendered().replace("value: registry.example.com/racer/racer-object:0.19.0", "value: 2.0");

      Outcome again = renderAgain(pinned);

      assertThat(again.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.message()).contains("quote it: value: \"2.0\"");
              });
    }
  }
}
