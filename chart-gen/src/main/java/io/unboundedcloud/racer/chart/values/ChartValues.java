package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueDoc;
import io.unboundedcloud.racer.workload.chart.ValueDoc.Initial;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The racer chart's values as values.yaml, the schema and the README write them, all from {@code
 * workload.chart.ChartValue}'s table, and the schema's shared definitions.
 */
public final class ChartValues {
  private ChartValues() {}

  /** The keys of values.yaml, in {@link ChartValue}'s order, each group with its keys. */
  public static List<ValueKey> keys() {
    return children("");
  }

  /** The keys right below {@code prefix} ({@code ""}, or a group's path and a dot). */
  private static List<ValueKey> children(String prefix) {
    List<ValueKey> keys = new ArrayList<>();
    for (ChartValue value : ChartValue.values()) {
      String path = value.path();
      if (path.startsWith(prefix) && path.indexOf('.', prefix.length()) < 0) {
        keys.add(
            value.doc().initial() == Initial.GROUP
                ? ValueKey.group(value, children(path + "."))
                : ValueKey.of(value));
      }
    }
    return List.copyOf(keys);
  }

  /** The schema's shared definitions. */
  public static Map<String, Object> definitions() {
    Map<String, Object> definitions = new LinkedHashMap<>();
    definitions.put("settings", SettingsSchema.schema());
    definitions.put("cacheOrigin", cacheOrigin());
    definitions.put("resourceRequirements", KubernetesShapes.resourceRequirements());
    definitions.put("localObjectReference", KubernetesShapes.localObjectReference());
    definitions.put("daemonSetUpdateStrategy", KubernetesShapes.daemonSetUpdateStrategy());
    definitions.put("labels", KubernetesShapes.labels());
    return definitions;
  }

  private static Map<String, Object> cacheOrigin() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "name", described("the origin DaemonSet's name, a DNS-1123 label", ValueDoc.text()));
    properties.put(
        "namespace", described("its namespace; default: the release namespace", ValueDoc.text()));
    properties.put(
        "volume", described("the cache volume it serves, a DNS-1123 label", ValueDoc.text()));
    properties.put("image", described("its container image", ValueDoc.text()));
    properties.put("args", described("its container arguments", ValueDoc.arrayOf(ValueDoc.text())));
    properties.put(
        "env", described("its container env", ValueDoc.arrayOf(ValueDoc.named(ValueDoc.text()))));
    properties.put(
        "resources",
        described("its container resources", ValueDoc.definition("resourceRequirements")));
    Map<String, Object> origin = new LinkedHashMap<>();
    origin.put("type", "object");
    origin.put("additionalProperties", false);
    origin.put("required", List.of("name", "volume", "image"));
    origin.put("properties", properties);
    return origin;
  }

  private static Map<String, Object> described(String description, Map<String, Object> schema) {
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("description", description);
    described.putAll(schema);
    return described;
  }
}
