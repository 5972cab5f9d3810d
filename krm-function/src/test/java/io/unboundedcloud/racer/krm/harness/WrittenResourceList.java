package io.unboundedcloud.racer.krm.harness;

import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A ResourceList as text, written by the function's own writer ({@link
 * YamlWriter#writeResourceList}).
 */
public final class WrittenResourceList {
  private WrittenResourceList() {}

  /**
   * The list, its own results, then {@code plainResults}, as the function writes them to stdout.
   */
  public static String of(ResourceList list, List<? extends Map<String, ?>> plainResults) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    YamlWriter.writeResourceList(list, plainResults, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The list with its own results only. */
  public static String of(ResourceList list) {
    return of(list, List.of());
  }

  /**
   * Its items and function config without any results: what a run that changes nothing prints,
   * results aside.
   */
  public static String itemsOf(ResourceList list) {
    return of(
        new ResourceList(list.apiVersion(), list.items(), list.functionConfig().orElse(null)));
  }

  /** As {@link #itemsOf(ResourceList)}, from a ResourceList's text. */
  public static String itemsOf(String resourceList) {
    return itemsOf(
        YamlReader.readResourceList(
            new ByteArrayInputStream(resourceList.getBytes(StandardCharsets.UTF_8))));
  }
}
