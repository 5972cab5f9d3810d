package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import org.yaml.snakeyaml.nodes.MappingNode;

/** The inputs most renderer tests start from: settings in namespace racer and a registry. */
public final class RenderFixtures {
  /** racer-settings in namespace racer, NVIDIA off. */
  public static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_NVIDIA: "off"}
      """;

  /** A function config with a registry, so both images are registry.example.com/racer's. */
  public static final MappingNode FUNCTION_CONFIG =
      ManifestNodes.one(
          """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      data: {imageRegistry: registry.example.com/racer}
      """);

  /**
   * A cache origin that raises no warning of its own (no surge, runs as root), its pod spec last
   * (at an indent of 6), so that a test can append fields to it.
   */
  public static final String ORIGIN =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: models-origin
        namespace: racer
        labels: {racer.unbounded-cloud.io/cache-origin: models}
      spec:
        updateStrategy: {rollingUpdate: {maxSurge: 0}}
        template:
          spec:
            containers: [{name: origin, image: origin:1, securityContext: {runAsUser: 0}}]
      """;

  private RenderFixtures() {}
}
