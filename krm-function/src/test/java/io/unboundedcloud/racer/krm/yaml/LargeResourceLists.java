package io.unboundedcloud.racer.krm.yaml;

import java.nio.charset.StandardCharsets;

/**
 * Generates large ResourceLists of valid, varied ConfigMaps, already in the writer's canonical
 * form.
 */
public final class LargeResourceLists {

  /** About 1,000 bytes per item: 50,000 items make 50 MB. */
  static final int BYTES_PER_ITEM = 1000;

  private LargeResourceLists() {}

  public static byte[] configMaps(int count) {
    StringBuilder text = new StringBuilder(count * (BYTES_PER_ITEM + 50));
    text.append("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for (int i = 0; i < count; i++) {
      int start = text.length();
      String name = String.format("racer-cm-%05d", i);
      text.append("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ")
          .append(name)
          .append(
              " # generated\n    namespace: racing\n    labels:\n      app.kubernetes.io/name: racer\n")
          .append("      app.kubernetes.io/part-of: racer-krm\n    annotations:\n")
          .append("      config.kubernetes.io/index: '")
          .append(i)
          .append("'\n")
          .append("      config.kubernetes.io/path: 'configmaps/")
          .append(name)
          .append(".yaml'\n")
          .append("      internal.config.kubernetes.io/id: '")
          .append(i + 1)
          .append("'\n")
          .append(
              "  data:\n    # settings for the load test\n    PORT: \"8082\"\n    ENABLED: \"true\"\n")
          .append("    script.sh: |\n      #!/bin/sh\n      echo ")
          .append(name)
          .append("\n");
      for (int key = 0; text.length() - start < BYTES_PER_ITEM - 30; key++) {
        text.append(
            String.format(
                "    key-%02d: value %02d of %s abcdefghijklmnopqrstuvwxyz%n", key, key, name));
      }
    }
    text.append(
        "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: load-test\n");
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }
}
