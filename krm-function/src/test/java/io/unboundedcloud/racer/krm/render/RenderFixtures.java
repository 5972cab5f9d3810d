package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import org.yaml.snakeyaml.nodes.MappingNode;

/** The inputs most renderer tests start from: settings in namespace racer and a registry. */
final class RenderFixtures {
  /** racer-settings in namespace racer, NVIDIA off. */
  static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_NVIDIA: "off"}
      """;

  /** A function config with a registry, so both images are registry.example.com/racer's. */
  static final MappingNode FUNCTION_CONFIG =
      ManifestNodes.one(
          """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      data: {imageRegistry: registry.example.com/racer}
      """);

  private RenderFixtures() {}
}
