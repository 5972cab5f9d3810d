package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.workload.chart.DeliveryLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Rendered objects as plain trees, comparable whatever wrote them: numbers by value, delivery
 * labels removed.
 */
public final class Manifests {
  /** Labels that only say how objects were delivered; the only difference parity allows. */
  public static final Set<String> DELIVERY_LABELS = Set.copyOf(DeliveryLabels.KEYS);

  private Manifests() {}

  /** Every object of a multi-document YAML stream (empty documents dropped). */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> parse(String yaml) {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
      if (document != null) {
        objects.add((Map<String, Object>) normalized(document));
      }
    }
    return objects;
  }

  /** The objects keyed by {@code kind namespace/name}, delivery labels removed. */
  public static Map<String, Map<String, Object>> byIdentity(List<Map<String, Object>> objects) {
    Map<String, Map<String, Object>> byIdentity = new LinkedHashMap<>();
    for (Map<String, Object> object : objects) {
      Map<String, Object> copy = withoutDeliveryLabels(object);
      byIdentity.put(identity(copy), copy);
    }
    return byIdentity;
  }

  /** {@code kind namespace/name}. */
  @SuppressWarnings("unchecked")
  public static String identity(Map<String, Object> object) {
    Map<String, Object> metadata = (Map<String, Object>) object.getOrDefault("metadata", Map.of());
    return object.get("kind")
        + " "
        + metadata.getOrDefault("namespace", "")
        + "/"
        + metadata.get("name");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> withoutDeliveryLabels(Map<String, Object> object) {
    Map<String, Object> copy = (Map<String, Object>) normalized(object);
    Object metadata = copy.get("metadata");
    if (metadata instanceof Map<?, ?> meta && meta.get("labels") instanceof Map<?, ?> labels) {
      Map<String, Object> kept = new LinkedHashMap<>((Map<String, Object>) labels);
      DELIVERY_LABELS.forEach(kept::remove);
      ((Map<String, Object>) meta).put("labels", kept);
    }
    return copy;
  }

  /** A deep copy with every integer as a Long, so 256 from Helm equals 256 from Jackson. */
  public static Object normalized(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), normalized(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(normalized(v)));
      return copy;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof java.math.BigInteger big) {
      return big.longValueExact();
    }
    return value;
  }
}
