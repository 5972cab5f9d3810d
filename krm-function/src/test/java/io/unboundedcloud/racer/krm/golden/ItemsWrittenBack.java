package io.unboundedcloud.racer.krm.golden;

import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** A ResourceList read and written back untouched: what a run that changes nothing prints, results aside. */
final class ItemsWrittenBack {
  private ItemsWrittenBack() {}

  static String of(String resourceList) {
    ResourceList read =
        YamlReader.readResourceList(new ByteArrayInputStream(resourceList.getBytes(StandardCharsets.UTF_8)));
    return YamlWriter.resourceList(new ResourceList(read.items(), read.functionConfig().orElse(null)));
  }
}
