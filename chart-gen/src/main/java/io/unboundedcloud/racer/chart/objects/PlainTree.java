package io.unboundedcloud.racer.chart.objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/** A fabric8 object as the plain tree the KRM function writes: {@code ObjectMapper.convertValue(obj, Map.class)}. */
final class PlainTree {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PlainTree() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> of(Object object) {
    return MAPPER.convertValue(object, Map.class);
  }

  /** A plain value (a list or a map of fabric8 objects, for example) as a tree. */
  static Object valueOf(Object object) {
    return MAPPER.convertValue(object, Object.class);
  }
}
