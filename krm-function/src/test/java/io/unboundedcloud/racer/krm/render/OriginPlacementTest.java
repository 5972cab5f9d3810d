package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NodePlacement;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("A cache origin's hostPath volume")
class OriginPlacementTest {
  private static final NodePlacement PLACEMENT = NodePlacement.placementOf(Dataplane.daemonSet(
      Config.defaultConfig("racer", "r.example.com/d:1", "r.example.com/o:1"), "hash").getSpec().getTemplate()
      .getSpec());

  /** A DaemonSet origin whose one volume is {@code hostPath}, written as YAML flow mapping content. */
  private static List<Result> warnings(String hostPath) {
    String origin = """
        apiVersion: apps/v1
        kind: DaemonSet
        metadata:
          name: models-origin
          namespace: racer
          labels: {racer.unbounded-cloud.io/cache-origin: models}
        spec:
          template:
            spec:
              containers: [{name: origin, image: origin:1}]
              volumes: [{name: sockets, hostPath: {%s}}]
        """.formatted(hostPath);
    Item item = new Item(YamlReader.readManifests(
        new ByteArrayInputStream(origin.getBytes(StandardCharsets.UTF_8)), "origin.yaml", YamlLimits.DEFAULT).get(0));
    Results results = new Results();
    assertThat(OriginPlacement.plan(item, PLACEMENT, results)).isNotNull();
    return results.list();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', textBlock = """
      path: /run/racer               | true
      path: /run/racer//             | true
      path: /run                     | true
      path: /                        | true
      path: /run/racer/models/origin | false
      path: /run/racerx              | false
      type: Directory                | false
      """)
  @DisplayName("is warned about when it would share every volume's sockets, and only then")
  void socketRoot(String hostPath, boolean warned) {
    List<Result> results = warnings(hostPath);
    assertThat(results).extracting(Result::message)
        .as("results of hostPath {%s}", hostPath)
        .hasSize(warned ? 1 : 0)
        .allSatisfy(message -> assertThat(message).contains("mounts all of /run/racer", "mount only its own"));
  }
}
