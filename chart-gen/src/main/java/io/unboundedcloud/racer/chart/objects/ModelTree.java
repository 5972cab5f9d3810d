package io.unboundedcloud.racer.chart.objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/**
 * A fabric8 model object as a plain tree, the shape the KRM function writes, by Jackson's {@code
 * ObjectMapper.convertValue} (the function's own node trees are {@code krm.yaml}'s business).
 */
final class ModelTree {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ModelTree() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> of(Object object) {
    return MAPPER.convertValue(object, Map.class);
  }

  /** A plain value (a list or a map of fabric8 objects, for example) as a tree. */
  static Object valueOf(Object object) {
    return MAPPER.convertValue(object, Object.class);
  }
}
