package io.unboundedcloud.racer.chart.values;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map in the order its entries are written: {@code Map.of} iterates in a per-run order, generated
 * files may not.
 */
final class OrderedMap {
  private OrderedMap() {}

  /** {@code of("type", "string", "pattern", "^x$")}: keys and values alternating. */
  static Map<String, Object> of(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }
}
