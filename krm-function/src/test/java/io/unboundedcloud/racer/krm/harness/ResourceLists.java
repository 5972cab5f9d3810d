package io.unboundedcloud.racer.krm.harness;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A function's input as a test writes it: a ResourceList ({@code config.kubernetes.io/v1}) of items
 * named in the domain (racer-settings, a cache origin, the dataplane DaemonSet already there, an
 * item the function does not own) and a function config, as YAML text. Where a case is about the
 * bytes themselves (a comment, quoting, flow style, a value YAML reads as another type), {@link
 * #item} takes the item's text as written and keeps it byte for byte.
 *
 * <pre>
 * String input = ResourceLists.of()
 *     .settings(Map.of("RACER_NVIDIA", "off"))
 *     .item("""
 *         apiVersion: v1   # kept as it came
 *         kind: ServiceAccount
 *         metadata: {name: other, namespace: racer}
 *         """)
 *     .functionConfig(Map.of("imageRegistry", "registry.example.com/racer"))
 *     .text();
 * </pre>
 *
 * <p>The static parts ({@link #settingsEntry}, {@link #cacheOriginEntry}, ...) are the same items
 * as list entries, for the cases that put a list together from text.
 */
public final class ResourceLists {
  /** The installation namespace of {@link #settings(Map)}. */
  public static final String NAMESPACE = "racer";

  /** The registry of {@link #FUNCTION_CONFIG}. */
  public static final String REGISTRY = "registry.example.com/racer";

  /** A function config that sets everything the function needs: the image registry. */
  public static final String FUNCTION_CONFIG =
      functionConfigSection(Map.of("imageRegistry", REGISTRY));

  /** An item the function does not own, to prove items are kept. */
  public static final String BYSTANDER =
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

  private static final String HEADER = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n";

  private final StringBuilder items = new StringBuilder();
  private String functionConfig = "";

  private ResourceLists() {}

  /** A ResourceList with no items yet and no function config. */
  public static ResourceLists of() {
    return new ResourceLists();
  }

  /** racer-settings in {@link #NAMESPACE}, its data as double-quoted strings. */
  public ResourceLists settings(Map<String, String> data) {
    return settings(NAMESPACE, data);
  }

  /** A v1 ConfigMap, its data as double-quoted strings. */
  public ResourceLists configMap(String name, String namespace, Map<String, String> data) {
    return rawEntries(configMapEntry(name, namespace, data));
  }

  /** racer-settings in {@code namespace}, its data as double-quoted strings. */
  public ResourceLists settings(String namespace, Map<String, String> data) {
    return rawEntries(settingsEntry(namespace, data));
  }

  /** {@link #cacheOriginEntry}: a cache origin with this pod spec (YAML from column 0). */
  public ResourceLists cacheOrigin(String podSpec) {
    return rawEntries(cacheOriginEntry(podSpec));
  }

  /** {@link #existingDataplaneEntry}: the dataplane DaemonSet with this spec (from column 0). */
  public ResourceLists existingDataplane(String spec) {
    return rawEntries(existingDataplaneEntry(spec));
  }

  /** {@link #BYSTANDER}. */
  public ResourceLists bystander() {
    return rawEntries(BYSTANDER);
  }

  /** An item as written, from column 0 (comments, quoting, flow style kept byte for byte). */
  public ResourceLists item(String yaml) {
    return rawEntries(asEntry(yaml));
  }

  /** Items already written as entries of the list ({@code - } at column 0), exactly as given. */
  public ResourceLists rawEntries(String entries) {
    items.append(entries);
    return this;
  }

  /** A ConfigMap {@code racer-function} (local config) with {@code data} double-quoted. */
  public ResourceLists functionConfig(Map<String, String> data) {
    return rawFunctionConfig(functionConfigSection(data));
  }

  /** The function config as written, from column 0, under {@code functionConfig:}. */
  public ResourceLists functionConfig(String yaml) {
    return rawFunctionConfig("functionConfig:\n" + yaml.indent(2));
  }

  /** The {@code functionConfig:} section exactly as given ({@code ""} for none). */
  public ResourceLists rawFunctionConfig(String section) {
    functionConfig = section;
    return this;
  }

  /** The ResourceList's text ({@code items: []} when it has none). */
  public String text() {
    return HEADER + (items.isEmpty() ? "items: []\n" : "items:\n" + items) + functionConfig;
  }

  /** The ResourceList's text, as UTF-8 bytes (a process's stdin). */
  public byte[] bytes() {
    return text().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return text();
  }

  /** A ResourceList of these entries and this function config section ({@code null} for none). */
  public static String resourceList(List<String> entries, String functionConfig) {
    ResourceLists list = of();
    entries.forEach(list::rawEntries);
    return list.rawFunctionConfig(functionConfig == null ? "" : functionConfig).text();
  }

  /** A valid input but for the settings' data. */
  public static String withSettings(Map<String, String> data) {
    return of().settings(data).bystander().rawFunctionConfig(FUNCTION_CONFIG).text();
  }

  /** The entry {@code racer-settings} in {@code namespace}, with {@code data} double-quoted. */
  public static String settingsEntry(String namespace, Map<String, String> data) {
    return configMapEntry("racer-settings", namespace, data);
  }

  /** A {@code v1 ConfigMap} entry; {@code data} values double-quoted; no namespace when null. */
  public static String configMapEntry(String name, String namespace, Map<String, String> data) {
    StringBuilder text =
        new StringBuilder("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ")
            .append(name)
            .append('\n');
    if (namespace != null) {
      text.append("    namespace: ").append(namespace).append('\n');
    }
    return text.append(data("  ", data)).toString();
  }

  /**
   * A cache origin entry: DaemonSet {@code models-origin} in {@link #NAMESPACE}, labelled for cache
   * {@code models}, with the given pod spec YAML (written from column 0).
   */
  public static String cacheOriginEntry(String podSpec) {
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
   * (from column 0), as an entry.
   */
  public static String existingDataplaneEntry(String spec) {
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

  /**
   * The {@code functionConfig:} section: a ConfigMap {@code racer-function}, marked local config,
   * with {@code data} double-quoted.
   */
  public static String functionConfigSection(Map<String, String> data) {
    return "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-function\n"
        + "    annotations:\n      config.kubernetes.io/local-config: \"true\"\n"
        + data("  ", data);
  }

  /**
   * A YAML double-quoted string that reads back as {@code value} whatever it holds: every character
   * outside printable ASCII as an escape.
   */
  public static String quoted(String value) {
    StringBuilder quoted = new StringBuilder("\"");
    value
        .codePoints()
        .forEach(
            c -> {
              if (c == '"' || c == '\\') {
                quoted.append('\\').appendCodePoint(c);
              } else if (c >= 0x20 && c < 0x7F) {
                quoted.appendCodePoint(c);
              } else if (c <= 0xFFFF) {
                quoted.append(String.format("\\u%04X", c));
              } else {
                quoted.append(String.format("\\U%08X", c));
              }
            });
    return quoted.append('"').toString();
  }

  /** YAML written from column 0 as one entry of a block sequence ({@code - }, then two spaces). */
  public static String asEntry(String yaml) {
    StringBuilder text = new StringBuilder();
    List<String> lines = yaml.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      text.append(i == 0 ? "- " : line.isEmpty() ? "" : "  ").append(line).append('\n');
    }
    return text.toString();
  }

  /** An entry of a block sequence as YAML from column 0: {@link #asEntry}'s reverse. */
  public static String asDocument(String entry) {
    StringBuilder text = new StringBuilder();
    entry
        .lines()
        .forEach(line -> text.append(line.substring(Math.min(2, line.length()))).append('\n'));
    return text.toString();
  }

  /** {@code data:} at {@code indent}, its values double-quoted ({@code data: {}} when empty). */
  static String data(String indent, Map<String, String> data) {
    StringBuilder text =
        new StringBuilder(indent).append(data.isEmpty() ? "data: {}\n" : "data:\n");
    data.forEach(
        (key, value) ->
            text.append(indent)
                .append("  ")
                .append(key)
                .append(": ")
                .append(quoted(value))
                .append('\n'));
    return text.toString();
  }
}
