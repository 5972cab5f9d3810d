package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Which items receive the dataplane's placement: every labelled workload with a pod template,
 * except the dataplane DaemonSet itself, which is told apart by kind, namespace and name together.
 */
@DisplayName("The cache origins of a ResourceList")
class CacheOriginsTest {
  private static final String INSTALLATION = "racer";

  /** A workload labelled as the origin of cache {@code models}. */
  private static String labelled(String apiVersion, String kind, String namespace, String name) {
    return """
        apiVersion: %s
        kind: %s
        metadata:
          name: %s
          namespace: %s
          labels:
            racer.unbounded-cloud.io/cache-origin: models
        spec:
          template:
            spec:
              containers: [{name: origin, image: origin:1}]
        """
        .formatted(apiVersion, kind, name, namespace);
  }

  private static List<String> origins(String... objects) {
    String stream = String.join("---\n", objects);
    Inputs inputs =
        new Inputs(
            YamlReader.readManifests(
                new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)),
                "test",
                YamlLimits.DEFAULT),
            null);
    return inputs.cacheOrigins(INSTALLATION).stream()
        .map(item -> item.kind() + " " + item.namespace() + "/" + item.name())
        .toList();
  }

  @Test
  @DisplayName("the dataplane DaemonSet, even labelled as a cache origin, is not its own origin")
  void notTheDataplane() {
    assertThat(
            origins(
                labelled("apps/v1", "DaemonSet", INSTALLATION, "racer"),
                labelled("apps/v1", "DaemonSet", INSTALLATION, "models-origin")))
        .containsExactly("DaemonSet racer/models-origin");
  }

  @Test
  @DisplayName("a DaemonSet named racer in another namespace is an origin like any other")
  void racerElsewhere() {
    assertThat(origins(labelled("apps/v1", "DaemonSet", "team-a", "racer")))
        .containsExactly("DaemonSet team-a/racer");
  }

  @Test
  @DisplayName(
      "a Deployment named racer in the installation namespace is an origin: only a DaemonSet is ours")
  void racerOfAnotherKind() {
    assertThat(origins(labelled("apps/v1", "Deployment", INSTALLATION, "racer")))
        .containsExactly("Deployment racer/racer");
  }
}
