package io.unboundedcloud.racer.krm.badinput;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ResourceLists as text, built from small parts, so each case shows the one thing wrong with it.
 */
final class ResourceListText {
  /** The installation namespace of {@link #settings}. */
  static final String NAMESPACE = "racer";

  /** A function config that sets everything the function needs. */
  static final String FUNCTION_CONFIG =
      functionConfig(Map.of("imageRegistry", "registry.example.com/racer"));

  /** An item the function does not own, to prove items are kept. */
  static final String BYSTANDER =
      """
      - apiVersion: v1
        kind: ConfigMap
        metadata:
          name: app-config
          namespace: apps
          annotations:
            config.kubernetes.io/index: '0'
            internal.config.kubernetes.io/path: apps/app-config.yaml
        data:
          greeting: "hello"
      """;

  private ResourceListText() {}

  /**
   * {@code apiVersion: config.kubernetes.io/v1, kind: ResourceList} with these items and function
   * config.
   */
  static String resourceList(List<String> items, String functionConfig) {
    StringBuilder text =
        new StringBuilder("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    items.forEach(text::append);
    return text.append(functionConfig == null ? "" : functionConfig).toString();
  }

  /** A valid input but for the settings' data. */
  static String withSettings(Map<String, String> data) {
    return resourceList(List.of(settings(NAMESPACE, data), BYSTANDER), FUNCTION_CONFIG);
  }

  /**
   * The item {@code racer-settings} in {@code namespace}, with {@code data} as double-quoted
   * strings.
   */
  static String settings(String namespace, Map<String, String> data) {
    return configMapItem("racer-settings", namespace, data);
  }

  /** A {@code v1 ConfigMap} item; {@code data} values double-quoted. */
  static String configMapItem(String name, String namespace, Map<String, String> data) {
    StringBuilder text =
        new StringBuilder("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ")
            .append(name)
            .append('\n');
    if (namespace != null) {
      text.append("    namespace: ").append(namespace).append('\n');
    }
    text.append(data.isEmpty() ? "  data: {}\n" : "  data:\n");
    data.forEach(
        (key, value) ->
            text.append("    ").append(key).append(": ").append(quoted(value)).append('\n'));
    return text.toString();
  }

  /**
   * A cache origin item: DaemonSet {@code models-origin} in {@link #NAMESPACE}, labelled for cache
   * {@code models}, with the given pod spec YAML (written from column 0).
   */
  static String cacheOrigin(String podSpec) {
    return """
        - apiVersion: apps/v1
          kind: DaemonSet
          metadata:
            name: models-origin
            namespace: racer
            labels:
              racer.unbounded-cloud.io/cache-origin: models
          spec:
            selector:
              matchLabels: {app: models-origin}
            template:
              metadata:
                labels: {app: models-origin}
              spec:
        """
        + podSpec.indent(8);
  }

  /**
   * The existing dataplane DaemonSet {@code racer} in {@link #NAMESPACE}, with the given spec YAML
   * (from column 0).
   */
  static String existingDataplane(String spec) {
    return """
        - apiVersion: apps/v1
          kind: DaemonSet
          metadata:
            name: racer
            namespace: racer
          spec:
        """
        + spec.indent(4);
  }

  /** The {@code functionConfig:} section: a ConfigMap {@code racer-function} with {@code data}. */
  static String functionConfig(Map<String, String> data) {
    StringBuilder text =
        new StringBuilder(
            "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-function\n"
                + "    annotations:\n      config.kubernetes.io/local-config: \"true\"\n");
    text.append(data.isEmpty() ? "  data: {}\n" : "  data:\n");
    new LinkedHashMap<>(data)
        .forEach(
            (key, value) ->
                text.append("    ").append(key).append(": ").append(quoted(value)).append('\n'));
    return text.toString();
  }

  /** A YAML double-quoted string. */
  static String quoted(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
