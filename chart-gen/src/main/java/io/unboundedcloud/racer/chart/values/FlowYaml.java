package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.chart.template.YamlScalar;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A plain tree as one line of flow YAML, {@code {requests: {memory: "1Gi"}}}, for the values'
 * documentation.
 */
public final class FlowYaml {
  private FlowYaml() {}

  public static String of(Object tree) {
    if (tree instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .map(e -> YamlScalar.of(String.valueOf(e.getKey())) + ": " + of(e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (tree instanceof List<?> list) {
      return list.stream().map(FlowYaml::of).collect(Collectors.joining(", ", "[", "]"));
    }
    return YamlScalar.of(tree);
  }
}
