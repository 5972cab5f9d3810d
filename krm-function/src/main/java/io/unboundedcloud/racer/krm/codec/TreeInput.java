package io.unboundedcloud.racer.krm.codec;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.tree.WrittenScalar;
import io.unboundedcloud.racer.workload.QuantityCorrection;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * How a reading tree's values are read into the fields of a Kubernetes object: as the API server
 * reads what kubectl, Helm and Argo CD send it. They type a plain scalar by go-yaml v2's rule
 * ({@link KubectlScalar}: {@code 1e3}, {@code 0x1F}, {@code yes} are a number, a number and a
 * boolean) and send JSON, which Go's decoder reads into the API types without converting: a number
 * or a boolean in a string field is refused, and so is a string in an integer or boolean field. A
 * plain scalar comes as a {@link WrittenScalar} (its text as written), a quoted or tagged one as
 * its plain value. Nothing is converted: a value the API server would refuse is refused here,
 * naming the field, the value as written and what to write.
 *
 * <pre>
 *   string field     "x"; a plain scalar kubectl reads as a string, as written (zone-a, 1e400,
 *                    2026-11-30, 12:30); 5, 1e3, 0x1F, .inf, true, yes written plain are refused
 *                    (Jackson: "5", "1000.0", "31", "Infinity", "true", "yes"), with the quoted
 *                    form to write; a number or boolean by tag (!!int 5) is refused; null stays
 *                    null (Kubernetes reads "")
 *   integer field    5, 0x1F (31), 0o17 (15), 1_000, 2.0 and 1e3 (a float with no fraction, which
 *                    JSON writes as 2 and 1000); "5" and "" are refused (Jackson: 5, null); 1.5,
 *                    1e21 (JSON: 1e+21), .inf, true and yes are refused
 *   boolean field    true, false and go-yaml's other words written plain: yes, on, y, ...
 *                    (Jackson refuses them); "true", "" and 1 are refused (Jackson: true, null, true)
 *   IntOrString      an integer as above, or a string ("50%", 50% written plain); 1.5, true, yes
 *                    are refused
 *   Quantity         "100Mi", 1, 0.5, 1e3 (as JSON writes it, 1000), as QuantityGrammar admits
 *                    (the API server's grammar, no negative); "512MiB", "lots", "-1Gi", "", true
 *                    and mappings are refused (Jackson and fabric8 take them all)
 *   list, mapping    only a list or a mapping (as Jackson); null stays null, a field that is absent
 *   list of objects  each entry a mapping; a null entry ("- " with no value, "- ~") is refused
 *                    (Jackson: a null element), since no code that reads the object expects one
 *                    and Kubernetes would read it as an object with no fields, which it refuses
 *   list of scalars  a null entry stays null (as Jackson; Kubernetes reads it as "" or 0)
 * </pre>
 *
 * Values of fields the model does not know (kept in {@code additionalProperties}) are taken as the
 * plain tree holds them ({@link #untyped}).
 */
final class TreeInput {
  private TreeInput() {}

  /** A value of a field the model does not know, as the plain tree holds it. */
  static Object untyped(Object value) {
    return WrittenScalar.plainTree(value);
  }

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
    if (value instanceof WrittenScalar written) {
      return switch (written.kubectl()) {
        case STRING -> written.text();
        case NULL -> null;
        case NUMBER, BOOLEAN -> throw toQuote(written, "a string", at);
      };
    }
    if (value == null || value instanceof String) {
      return (String) value;
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
    Object read = kubectlValue(value);
    if (read == null || read instanceof Boolean) {
      return (Boolean) read;
    }
    throw new TreeShapeException(at, "expected true or false, found " + describe(value));
  }

  static IntOrString intOrString(Object value, FieldPath at) {
    Object read = kubectlValue(value);
    if (read == null) {
      return null;
    }
    if (read instanceof String text) {
      return new IntOrString(text);
    }
    Long number = read instanceof Boolean ? null : whole(read);
    if (number != null && number == number.intValue()) {
      return new IntOrString(number.intValue());
    }
    throw new TreeShapeException(
        at, "expected an integer or a string such as \"25%\", found " + describe(value));
  }

  static Quantity quantity(Object value, FieldPath at) {
    Object read = kubectlValue(value);
    if (read == null) {
      return null;
    }
    String text = read instanceof String string ? string : jsonNumber(read);
    if (text != null && QuantityGrammar.admits(text)) {
      // fabric8's own parsing takes "lots" and "512MiB"; it only splits what the grammar admitted
      return new Quantity(text);
    }
    throw new TreeShapeException(
        at,
        String.format(QuantityGrammar.MESSAGE, describe(value))
            + (read instanceof String string
                ? QuantityCorrection.didYouMean(QuantityCorrection.quantity(string))
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
    Object read = kubectlValue(value);
    if (read == null) {
      return null;
    }
    Long number = read instanceof Boolean || read instanceof String ? null : whole(read);
    if (number != null) {
      return number;
    }
    throw new TreeShapeException(at, "expected an integer, found " + describe(value));
  }

  /**
   * A value as the API server receives it: a written scalar as go-yaml v2 types its text ({@link
   * KubectlScalar#value}: a string, a boolean, a {@link BigInteger} or a {@link Double}), any other
   * as the plain tree holds it.
   */
  private static Object kubectlValue(Object value) {
    return value instanceof WrittenScalar written ? written.kubectlValue() : value;
  }

  /**
   * A number as Go's JSON decoder reads it into an int64: an integer within int64, or a float that
   * JSON writes as one (2.0 as 2, 1e3 as 1000: finite, no fraction, below 1e21, where JSON turns to
   * an exponent); {@code null} for any other.
   */
  private static Long whole(Object number) {
    BigInteger integer;
    if (number instanceof Integer || number instanceof Long) {
      return ((Number) number).longValue();
    } else if (number instanceof BigInteger big) {
      integer = big;
    } else if (number instanceof Double d
        && Double.isFinite(d)
        && d == Math.rint(d)
        && Math.abs(d) < 1e21) {
      integer = BigDecimal.valueOf(d).toBigInteger();
    } else {
      return null;
    }
    return integer.bitLength() < 64 ? integer.longValue() : null;
  }

  /**
   * A number's text as kubectl's JSON writes it ({@code 1000} for {@code 1e3}); {@code null} for a
   * boolean, NaN or an infinity, which JSON cannot hold.
   */
  private static String jsonNumber(Object number) {
    if (number instanceof Double d) {
      if (!Double.isFinite(d)) {
        return null;
      }
      // Go writes a negative zero as -0, which BigDecimal has not
      return d == 0 && 1 / d < 0
          ? "-0"
          : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
    return number instanceof Number ? number.toString() : null;
  }

  /**
   * A plain scalar kubectl reads as a number or a boolean in a field of another type: the message
   * says the value as written, what kubectl reads it as and the quoted line to write.
   */
  private static TreeShapeException toQuote(WrittenScalar written, String expected, FieldPath at) {
    List<Object> steps = at.steps();
    Object last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
    String quoted = QuotedText.of(written.text());
    String line = last instanceof String key ? key + ": " + quoted : "- " + quoted;
    return new TreeShapeException(
        at,
        "expected "
            + expected
            + ", found "
            + written.text()
            + " without quotes, which kubectl reads as "
            + (written.kubectl() == KubectlScalar.BOOLEAN ? "a boolean" : "a number")
            + " and the API server refuses here; quote it: "
            + line);
  }

  private static String describe(Object value) {
    if (value instanceof WrittenScalar written) {
      return switch (written.kubectl()) {
        case STRING -> "the string " + QuotedText.of(written.text());
        case NULL -> "null";
        case NUMBER -> "the number " + written.text();
        case BOOLEAN -> written.text() + ", a boolean";
      };
    }
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
