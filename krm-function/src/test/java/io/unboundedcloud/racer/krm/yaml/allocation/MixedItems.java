package io.unboundedcloud.racer.krm.yaml.allocation;

import java.nio.charset.StandardCharsets;

/**
 * The input the allocation check reads: the benchmark's mix (a third each Services, Deployments and
 * ConfigMaps, as {@code bench/resource-list.sh} generates it) and, every fourth item, a ConfigMap
 * in the other shapes the reader and the writer take different paths for (comments, a literal block
 * scalar, single and double quotes, a flow sequence and a flow mapping), so that a rise in any of
 * those paths shows.
 */
final class MixedItems {

  private MixedItems() {}

  static byte[] resourceList(int count) {
    StringBuilder text = new StringBuilder(count * 300);
    text.append("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for (int i = 0; i < count; i++) {
      String name = String.format("web-%06d", i);
      switch (i % 4) {
        case 0 -> service(text, name);
        case 1 -> deployment(text, name, i);
        case 2 -> configMap(text, name);
        default -> shapes(text, name);
      }
    }
    text.append("functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n")
        .append(
            "    name: racer-function\n  data:\n    imageRegistry: registry.example.com/racer\n");
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void service(StringBuilder text, String name) {
    text.append("- apiVersion: v1\n  kind: Service\n  metadata:\n    name: ")
        .append(name)
        .append("\n    namespace: apps\n    labels:\n      app: ")
        .append(name)
        .append("\n  spec:\n    selector:\n      app: ")
        .append(name)
        .append("\n    ports:\n    - name: http\n      port: 80\n      targetPort: 8080\n");
  }

  private static void deployment(StringBuilder text, String name, int i) {
    text.append("- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: ")
        .append(name)
        .append("\n    namespace: apps\n  spec:\n    replicas: 2\n    selector:\n")
        .append("      matchLabels:\n        app: ")
        .append(name)
        .append("\n    template:\n      metadata:\n        labels:\n          app: ")
        .append(name)
        .append("\n      spec:\n        containers:\n        - name: web\n")
        .append("          image: registry.example.com/web:1.")
        .append(i % 10)
        .append('\n');
  }

  private static void configMap(StringBuilder text, String name) {
    text.append("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ")
        .append(name)
        .append(
            "\n    namespace: apps\n    annotations:\n      config.kubernetes.io/index: \"0\"\n")
        .append("      internal.config.kubernetes.io/path: apps/")
        .append(name)
        .append(".yaml\n  data:\n    greeting: hello\n    replicas: \"3\"\n");
  }

  private static void shapes(StringBuilder text, String name) {
    text.append("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ")
        .append(name)
        .append(" # generated\n    namespace: apps\n  data:\n    # the script\n")
        .append("    run.sh: |\n      #!/bin/sh\n      echo '")
        .append(name)
        .append("'\n    quoted: 'it''s'\n    escaped: \"tab\\there\"\n")
        .append("    ports: [80, 443]\n    limits: {cpu: 500m, memory: 1Gi}\n")
        .append("  # the end of data\n");
  }
}
