package io.unboundedcloud.racer.krm.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The law of {@link ResourceListPropertiesTest#noItemLost} for a cache origin written the way
 * people write one: only its node placement is the function's, so its pod (anti-)affinity keeps its
 * text too.
 */
@DisplayName("A cache origin's pod anti-affinity comes out as it came in")
class OriginFidelityTest {
  private static final String INPUT =
      ResourceLists.of()
          .settings(Map.of())
          .cacheOrigin(
              """
              affinity:
                podAntiAffinity: # one origin pod per node
                  requiredDuringSchedulingIgnoredDuringExecution:
                  - topologyKey: kubernetes.io/hostname
                    labelSelector:
                      matchLabels: {app: models-origin}
                nodeAffinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                    nodeSelectorTerms:
                    - matchExpressions:
                      - {key: pool, operator: In, values: [models]}
              containers:
              - name: origin
                image: registry.example.com/models-origin:1.4.2
              """)
          .rawFunctionConfig(ResourceLists.FUNCTION_CONFIG)
          .text();

  @Test
  @DisplayName("the pod anti-affinity's content is kept")
  void contentKept() {
    KrmRun run = KrmRun.function(INPUT);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(Nodes.toPlain(antiAffinity(run.stdout())))
        .isEqualTo(Nodes.toPlain(antiAffinity(INPUT)));
  }

  @Test
  @DisplayName("the pod anti-affinity's text (comment, flow style, key order) is kept")
  void textKept() {
    KrmRun run = KrmRun.function(INPUT);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(ResourceListPropertiesTest.text(antiAffinity(run.stdout())))
        .isEqualTo(ResourceListPropertiesTest.text(antiAffinity(INPUT)));
  }

  /**
   * The origin's podAntiAffinity, under a key of its own so that it can be written as a document.
   */
  private static MappingNode antiAffinity(String resourceList) {
    MappingNode origin = ResourceListGenerator.read(resourceList).items().get(1);
    MappingNode holder = Nodes.fromPlainMap(new java.util.LinkedHashMap<>());
    Nodes.put(
        holder,
        "podAntiAffinity",
        Nodes.get(origin, "spec", "template", "spec", "affinity", "podAntiAffinity"));
    return holder;
  }
}
