package io.unboundedcloud.racer.krm.render;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What a cache origin's own placement becomes, said at run time. */
@DisplayName("DroppedPlacement: what of an origin's own placement the dataplane's replaced")
class DroppedPlacementTest {

  private static Outcome render(String podSpecPlacement) {
    String origin = ORIGIN + podSpecPlacement;
    return Renderer.render(ManifestNodes.of(SETTINGS + "---\n" + origin), FUNCTION_CONFIG);
  }

  @Test
  @DisplayName(
      "its own node selector, tolerations and preferred affinity dropped: one warning listing each")
  void lost() {
    Outcome outcome =
        render(
            """
                  nodeSelector: {pool: models}
                  tolerations: [{key: dedicated, operator: Exists}]
                  affinity:
                    nodeAffinity:
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 1
                        preference: {matchExpressions: [{key: ssd, operator: Exists}]}
            """);

    assertThat(outcome.results())
        .singleElement()
        .satisfies(
            warning -> {
              assertThat(warning.severity()).isEqualTo(Severity.WARNING);
              assertThat(warning.fieldPath()).isEqualTo("spec.template.spec");
              assertThat(warning.message())
                  .contains("nodeSelector pool=models")
                  .contains("tolerations {key=dedicated, operator=Exists}")
                  .contains("preferredDuringSchedulingIgnoredDuringExecution")
                  .contains("key=ssd")
                  .contains("place the dataplane");
            });
  }

  @Test
  @DisplayName("its own placement replaced, but every entry of it still held: an info, no warning")
  void nothingLost() {
    String tolerated = "      tolerations: [{key: gpu, operator: Exists}]\n";
    String daemonSet =
        YamlWriter.manifests(
                Renderer.render(ManifestNodes.of(SETTINGS), FUNCTION_CONFIG).items().subList(2, 3))
            .replace("    spec:\n      affinity:", "    spec:\n" + tolerated + "      affinity:");
    String origin = ORIGIN + "      tolerations: [{key: gpu, operator: Exists}]\n";

    Outcome outcome =
        Renderer.render(
            ManifestNodes.of(SETTINGS + "---\n" + daemonSet + "---\n" + origin), FUNCTION_CONFIG);

    assertThat(outcome.results())
        .singleElement()
        .satisfies(
            info -> {
              assertThat(info.severity()).isEqualTo(Severity.INFO);
              assertThat(info.message()).contains("nothing of it is lost");
            });
  }

  @Test
  @DisplayName("no placement of its own, or the dataplane's already (a second run): nothing said")
  void nothingToSay() {
    Outcome first = render("");

    assertThat(first.results()).isEmpty();
    assertThat(Renderer.render(first.items(), FUNCTION_CONFIG).results()).isEmpty();
  }
}
