package io.unboundedcloud.racer.krm.codec;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.workload.QuantityCorrection;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * How a plain tree's values are read into the fields of a Kubernetes object. The rules are
 * Jackson's (what the function did before the reading was generated), except where Jackson loses or
 * invents data, which Kubernetes would refuse too:
 *
 * <pre>
 *   string field     "x"; 5, 1.5, true become "5", "1.5", "true" (as Jackson)
 *   integer field    5; "5" becomes 5; 2.0 becomes 2; "" becomes null (as Jackson)
 *                    1.5 is refused (Jackson: 1); true is refused
 *   boolean field    true; "true", "false"; "" becomes null (as Jackson); 1 is refused (Jackson: true)
 *   IntOrString      5 or "50%"; anything else is refused (as Jackson)
 *   Quantity         "100Mi", 1, 0.5, as QuantityGrammar admits (the API server's grammar, no
 *                    negative); "512MiB", "lots", "-1Gi", "", true and mappings are refused
 *                    (Jackson and fabric8 take them all)
 *   list, mapping    only a list or a mapping (as Jackson); null stays null, a field that is absent
 *   list of objects  each entry a mapping; a null entry ("- " with no value, "- ~") is refused
 *                    (Jackson: a null element), since no code that reads the object expects one
 *                    and Kubernetes would read it as an object with no fields, which it refuses
 *   list of scalars  a null entry stays null (as Jackson; Kubernetes reads it as "" or 0)
 * </pre>
 *
 * Values of fields the model does not know (kept in {@code additionalProperties}) are taken as they
 * are.
 */
final class TreeInput {
  private TreeInput() {}

  static Map<String, Object> mapping(Object value, FieldPath at) {
    if (value instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> fields = (Map<String, Object>) map;
      return fields;
    }
    throw new TreeShapeException(at, "expected a mapping, found " + describe(value));
  }

  static List<?> list(Object value, FieldPath at) {
    if (value instanceof List<?> list) {
      return list;
    }
    throw new TreeShapeException(at, "expected a list, found " + describe(value));
  }

  /**
   * An entry of a list of objects, which must not be null.
   *
   * @return the value, for the object's reader
   */
  static Object entry(Object value, FieldPath at) {
    if (value == null) {
      throw new TreeShapeException(
          at,
          "expected a mapping, found null: a list entry with no value ('-' alone, or '- ~') is not"
              + " an object; remove the entry or give it its fields");
    }
    return value;
  }

  static String string(Object value, FieldPath at) {
    if (value == null || value instanceof String) {
      return (String) value;
    }
    if (value instanceof Number || value instanceof Boolean) {
      return String.valueOf(value);
    }
    throw new TreeShapeException(at, "expected a string, found " + describe(value));
  }

  static Integer int32(Object value, FieldPath at) {
    Long number = integer(value, at);
    if (number == null) {
      return null;
    }
    if (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) {
      throw new TreeShapeException(
          at, "expected a 32-bit integer, found " + describe(value) + ", which is too large");
    }
    return number.intValue();
  }

  static Long int64(Object value, FieldPath at) {
    return integer(value, at);
  }

  static Boolean bool(Object value, FieldPath at) {
    if (value == null || value instanceof Boolean) {
      return (Boolean) value;
    }
    if (value instanceof String text) {
      switch (text) {
        case "true":
          return Boolean.TRUE;
        case "false":
          return Boolean.FALSE;
        case "":
          return null;
        default:
          break;
      }
    }
    throw new TreeShapeException(at, "expected true or false, found " + describe(value));
  }

  static IntOrString intOrString(Object value, FieldPath at) {
    if (value == null) {
      return null;
    }
    if (value instanceof Integer number) {
      return new IntOrString(number);
    }
    if (value instanceof String text) {
      return new IntOrString(text);
    }
    throw new TreeShapeException(
        at, "expected an integer or a string such as \"25%\", found " + describe(value));
  }

  static Quantity quantity(Object value, FieldPath at) {
    if (value == null) {
      return null;
    }
    if ((value instanceof String || value instanceof Number)
        && QuantityGrammar.admits(String.valueOf(value))) {
      // fabric8's own parsing takes "lots" and "512MiB"; it only splits what the grammar admitted
      return new Quantity(String.valueOf(value));
    }
    throw new TreeShapeException(
        at,
        String.format(QuantityGrammar.MESSAGE, describe(value))
            + (value instanceof String text
                ? QuantityCorrection.didYouMean(QuantityCorrection.quantity(text))
                : ""));
  }

  static List<String> strings(Object value, FieldPath at) {
    return elements(value, at, TreeInput::string);
  }

  static List<Integer> int32s(Object value, FieldPath at) {
    return elements(value, at, TreeInput::int32);
  }

  static List<Long> int64s(Object value, FieldPath at) {
    return elements(value, at, TreeInput::int64);
  }

  static Map<String, String> stringMap(Object value, FieldPath at) {
    if (value == null) {
      return null;
    }
    Map<String, String> result = new LinkedHashMap<>();
    mapping(value, at).forEach((key, entry) -> result.put(key, string(entry, at.key(key))));
    return result;
  }

  static Map<String, Quantity> quantityMap(Object value, FieldPath at) {
    if (value == null) {
      return null;
    }
    Map<String, Quantity> result = new LinkedHashMap<>();
    mapping(value, at).forEach((key, entry) -> result.put(key, quantity(entry, at.key(key))));
    return result;
  }

  private static <T> List<T> elements(
      Object value, FieldPath at, BiFunction<Object, FieldPath, T> element) {
    if (value == null) {
      return null;
    }
    List<?> list = list(value, at);
    List<T> result = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      result.add(element.apply(list.get(i), at.index(i)));
    }
    return result;
  }

  private static Long integer(Object value, FieldPath at) {
    if (value == null) {
      return null;
    }
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof Double number
        && number == Math.rint(number)
        && Math.abs(number) < 0x1p63) {
      return number.longValue();
    }
    if (value instanceof String text) {
      if (text.isEmpty()) {
        return null;
      }
      try {
        return Long.parseLong(text.trim());
      } catch (NumberFormatException notAnInteger) {
        // falls through to the message below
      }
    }
    throw new TreeShapeException(at, "expected an integer, found " + describe(value));
  }

  private static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String text) {
      return "the string " + QuotedText.of(text);
    }
    if (value instanceof Number) {
      return "the number " + value;
    }
    if (value instanceof Boolean) {
      return String.valueOf(value);
    }
    if (value instanceof Map<?, ?>) {
      return "a mapping";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    return "a " + value.getClass().getSimpleName();
  }
}
