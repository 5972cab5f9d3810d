package io.unboundedcloud.racer.krm.harness;

import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/** Objects for unit tests, from YAML text, as the function reads a manifest file. */
public final class ManifestNodes {
  private ManifestNodes() {}

  /** Every object of a YAML stream ({@code ---} between documents), in order. */
  public static List<MappingNode> of(String stream) {
    return YamlReader.readManifests(
        new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)),
        "test.yaml",
        YamlLimits.DEFAULT);
  }

  /** The one object of a YAML document. */
  public static MappingNode one(String document) {
    List<MappingNode> objects = of(document);
    if (objects.size() != 1) {
      throw new IllegalArgumentException("expected one object, found " + objects.size());
    }
    return objects.get(0);
  }
}
