package io.unboundedcloud.racer.krm.codec;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random plain trees for a fabric8 class, shaped by Jackson's view of the class: every
 * property may appear with a value of its type, in any of the forms both readers accept and the API
 * server does too (an integral double for an integer; no number as a string, no number or boolean
 * in a string field, which {@link TreeInputTest} refuses), as null, as an empty list, beside fields
 * the model does not know.
 */
final class RandomTrees {
  private static final int MAX_DEPTH = 7;
  private static final String[] QUANTITIES = {"100Mi", "1", "0.5", "2Gi", "250m", "1e3", "1.5Ki"};

  private final ObjectMapper mapper;
  private final Random random;

  RandomTrees(ObjectMapper mapper, long seed) {
    this.mapper = mapper;
    this.random = new Random(seed);
  }

  Map<String, Object> of(Class<?> type) {
    return bean(mapper.constructType(type), 0);
  }

  private Map<String, Object> bean(JavaType type, int depth) {
    BeanDescription description = mapper.getDeserializationConfig().introspect(type);
    Map<String, Object> tree = new LinkedHashMap<>();
    List<BeanPropertyDefinition> properties = new ArrayList<>(description.findProperties());
    java.util.Collections.shuffle(properties, random);
    for (BeanPropertyDefinition property : properties) {
      JavaType propertyType = property.getPrimaryType();
      boolean nested =
          !propertyType.isContainerType() && leaf(propertyType.getRawClass()) == null
              || propertyType.isContainerType()
                  && leaf(propertyType.getContentType().getRawClass()) == null;
      if (random.nextInt(3) == 0 || nested && depth >= MAX_DEPTH) {
        continue;
      }
      tree.put(property.getName(), random.nextInt(12) == 0 ? null : value(propertyType, depth + 1));
    }
    if (random.nextInt(6) == 0) {
      tree.put("x-unknown-" + random.nextInt(3), unknown(2));
    }
    return tree;
  }

  private Object value(JavaType type, int depth) {
    if (type.isMapLikeType()) {
      Map<String, Object> map = new LinkedHashMap<>();
      int size = random.nextInt(4);
      for (int i = 0; i < size; i++) {
        map.put("key" + random.nextInt(10), value(type.getContentType(), depth));
      }
      return map;
    }
    if (type.isCollectionLikeType()) {
      List<Object> list = new ArrayList<>();
      int size = random.nextInt(4);
      for (int i = 0; i < size; i++) {
        list.add(value(type.getContentType(), depth));
      }
      return list;
    }
    String leaf = leaf(type.getRawClass());
    if (leaf == null) {
      return bean(type, depth);
    }
    return switch (leaf) {
      case "string" ->
          switch (random.nextInt(8)) {
            case 0 -> "";
            default -> "s" + random.nextInt(1000);
          };
      case "int32", "int64" ->
          switch (random.nextInt(8)) {
            case 1 -> (double) random.nextInt(1000);
            case 2 ->
                leaf.equals("int64") ? 5_000_000_000L + random.nextInt(1000) : random.nextInt();
            default -> random.nextInt(1000);
          };
      case "bool" -> random.nextBoolean();
      case "intOrString" -> random.nextBoolean() ? random.nextInt(100) : random.nextInt(100) + "%";
      case "quantity" ->
          random.nextInt(4) == 0
              ? random.nextInt(64)
              : QUANTITIES[random.nextInt(QUANTITIES.length)];
      default -> throw new IllegalStateException(leaf);
    };
  }

  /** A value of a field the model does not know: any plain data. */
  private Object unknown(int depth) {
    int kind = random.nextInt(depth > 0 ? 7 : 5);
    return switch (kind) {
      case 0 -> "u" + random.nextInt(100);
      case 1 -> random.nextInt(100);
      case 2 -> random.nextDouble();
      case 3 -> random.nextBoolean();
      case 4 -> null;
      case 5 -> {
        List<Object> list = new ArrayList<>();
        list.add(unknown(depth - 1));
        list.add(unknown(depth - 1));
        yield list;
      }
      default -> {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", unknown(depth - 1));
        map.put("b", unknown(depth - 1));
        yield map;
      }
    };
  }

  /** The kind of a leaf value, or null for a class the codec reads as an object. */
  private static String leaf(Class<?> raw) {
    if (Fabric8Trees.types().contains(raw)) {
      return null;
    }
    return switch (raw.getSimpleName()) {
      case "String" -> "string";
      case "Integer" -> "int32";
      case "Long" -> "int64";
      case "Boolean" -> "bool";
      case "IntOrString" -> "intOrString";
      case "Quantity" -> "quantity";
      default ->
          throw new IllegalStateException("a field type the codec does not read: " + raw.getName());
    };
  }
}
