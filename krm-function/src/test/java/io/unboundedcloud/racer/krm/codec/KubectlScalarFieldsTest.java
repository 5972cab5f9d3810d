package io.unboundedcloud.racer.krm.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.tree.KubectlScalarForms;
import io.unboundedcloud.racer.krm.tree.KubectlScalarForms.Form;
import io.unboundedcloud.racer.krm.tree.WrittenScalar;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every scalar field of every class the function reads objects with (the fabric8 model as the codec
 * has it, {@link Fabric8Trees#types()}, its fields found by Jackson's introspection, as the codec's
 * generator finds them), with every plain-scalar form of go-yaml v2.4 ({@link KubectlScalarForms})
 * written plain and quoted, in the field itself, as a map's value and as a list's entry, wherever
 * the model has those shapes. Each is read, or refused, as the API server reads what kubectl sends:
 * the expectation is worked out here from the form's type and Go's JSON rules, not from the reader.
 */
@Tag("slow")
@DisplayName("Every field the function reads, with every scalar form, as Kubernetes reads it")
class KubectlScalarFieldsTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();
  private static final Object REFUSED =
      new Object() {
        @Override
        public String toString() {
          return "refused";
        }
      };

  enum Kind {
    STRING,
    INT32,
    INT64,
    BOOL,
    INT_OR_STRING,
    QUANTITY
  }

  enum Shape {
    FIELD,
    MAP_VALUE,
    LIST_ENTRY
  }

  record Field(Class<?> owner, String name, Kind kind, Shape shape) {
    @Override
    public String toString() {
      return owner.getSimpleName() + "." + name + " (" + kind + ", " + shape + ")";
    }

    /** An object of the owner's class with {@code value} in this field. */
    Map<String, Object> tree(Object value) {
      Object placed =
          switch (shape) {
            case FIELD -> value;
            case MAP_VALUE -> Collections.singletonMap("k", value);
            case LIST_ENTRY -> Collections.singletonList(value);
          };
      return Collections.singletonMap(name, placed);
    }

    /** The value back from the object read, as the codec writes it. */
    Object back(Object read) {
      Object field = Fabric8Trees.write(read).get(name);
      return switch (shape) {
        case FIELD -> field;
        case MAP_VALUE -> field == null ? null : ((Map<?, ?>) field).get("k");
        case LIST_ENTRY -> field == null ? null : ((List<?>) field).get(0);
      };
    }

    /** The line a message proposes to write: the key and the quoted value, or a list entry. */
    String quotedLine(String text) {
      String quoted = "\"" + text + "\"";
      return switch (shape) {
        case FIELD -> name + ": " + quoted;
        case MAP_VALUE -> "k: " + quoted;
        case LIST_ENTRY -> "- " + quoted;
      };
    }
  }

  /** Every scalar field of the model the codec reads, by Jackson's view of each class. */
  static List<Field> fields() {
    List<Field> fields = new ArrayList<>();
    for (Class<?> type : Fabric8Trees.types()) {
      BeanDescription description =
          JACKSON.getDeserializationConfig().introspect(JACKSON.constructType(type));
      for (BeanPropertyDefinition property : description.findProperties()) {
        JavaType declared = property.getPrimaryType();
        Shape shape =
            declared.isMapLikeType()
                ? Shape.MAP_VALUE
                : declared.isCollectionLikeType() ? Shape.LIST_ENTRY : Shape.FIELD;
        Class<?> raw =
            shape == Shape.FIELD ? declared.getRawClass() : declared.getContentType().getRawClass();
        Kind kind = kind(raw);
        if (kind != null) {
          fields.add(new Field(type, property.getName(), kind, shape));
        }
      }
    }
    return fields;
  }

  private static Kind kind(Class<?> raw) {
    if (Fabric8Trees.types().contains(raw)) {
      return null;
    }
    return switch (raw.getSimpleName()) {
      case "String" -> Kind.STRING;
      case "Integer" -> Kind.INT32;
      case "Long" -> Kind.INT64;
      case "Boolean" -> Kind.BOOL;
      case "IntOrString" -> Kind.INT_OR_STRING;
      case "Quantity" -> Kind.QUANTITY;
      default -> throw new IllegalStateException("a field type this test does not know: " + raw);
    };
  }

  @Test
  @DisplayName("the fields: every string field of the pod spec, the toleration and the container")
  void theFields() {
    List<Field> fields = fields();
    assertThat(fields)
        .contains(
            new Field(PodSpec.class, "nodeSelector", Kind.STRING, Shape.MAP_VALUE),
            new Field(Toleration.class, "value", Kind.STRING, Shape.FIELD),
            new Field(Container.class, "args", Kind.STRING, Shape.LIST_ENTRY),
            new Field(Container.class, "image", Kind.STRING, Shape.FIELD));
    assertThat(fields.stream().filter(field -> field.kind() == Kind.STRING).count())
        .as("string fields")
        .isGreaterThan(200);
    for (Kind kind : Kind.values()) {
      assertThat(fields).as("fields of %s", kind).anyMatch(field -> field.kind() == kind);
    }
  }

  @Test
  @DisplayName("each form written plain: refused or read as the API server reads it")
  void plainForms() {
    List<String> failures = new ArrayList<>();
    int cases = 0;
    List<Form> forms = KubectlScalarForms.all();
    Map<Form, Object> written = new LinkedHashMap<>();
    for (Form form : forms) {
      written.put(form, readingValue(form.text().isEmpty() ? "" : form.text()));
    }
    for (Field field : fields()) {
      for (Form form : forms) {
        Object value = written.get(form);
        Object expected = expectedPlain(field, form);
        cases++;
        check(failures, field, form.text(), value, expected, true);
      }
    }
    assertThat(failures).as("%d of %d cases (field x form)", failures.size(), cases).isEmpty();
  }

  @Test
  @DisplayName("each form quoted: a string, kept as written in a string field")
  void quotedForms() {
    List<String> failures = new ArrayList<>();
    int cases = 0;
    for (Field field : fields()) {
      for (Form form : KubectlScalarForms.all()) {
        Object value = readingValue("\"" + form.text() + "\"");
        assertThat(value).as(form.text()).isEqualTo(form.text());
        cases++;
        check(
            failures, field, "\"" + form.text() + "\"", value, expectedQuoted(field, form), false);
      }
    }
    assertThat(failures)
        .as("%d of %d cases (field x quoted form)", failures.size(), cases)
        .isEmpty();
  }

  private static void check(
      List<String> failures,
      Field field,
      String written,
      Object value,
      Object expected,
      boolean plain) {
    Object read;
    String message = null;
    try {
      Object object = Fabric8Trees.read(field.tree(value), field.owner(), FieldPath.root());
      read = normalized(field, field.back(object));
    } catch (TreeShapeException refused) {
      read = REFUSED;
      message = refused.getMessage();
    }
    if (!Objects.equals(read, expected)) {
      failures.add(field + " = " + written + ": read " + read + ", expected " + expected);
      return;
    }
    if (read == REFUSED && plain && field.kind() == Kind.STRING) {
      String quoteIt = "quote it: " + field.quotedLine(written);
      if (!message.endsWith(quoteIt) || !message.contains("found " + written + " without quotes")) {
        failures.add(field + " = " + written + ": message " + message + ", expected " + quoteIt);
      }
    }
  }

  /** What the API server makes of the form written plain in the field. */
  private static Object expectedPlain(Field field, Form form) {
    Object go = KubectlScalar.value(form.text());
    if (form.type() == KubectlScalar.NULL) {
      return null;
    }
    return switch (field.kind()) {
      case STRING -> form.type() == KubectlScalar.STRING ? form.text() : REFUSED;
      case INT32 -> integer(go, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case INT64 -> integer(go, Long.MIN_VALUE, Long.MAX_VALUE);
      case BOOL -> go instanceof Boolean ? go : REFUSED;
      case INT_OR_STRING ->
          go instanceof String text ? text : integer(go, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case QUANTITY -> quantity(go);
    };
  }

  /** What the API server makes of the form in double quotes: a JSON string. */
  private static Object expectedQuoted(Field field, Form form) {
    return switch (field.kind()) {
      case STRING, INT_OR_STRING -> form.text();
      case INT32, INT64, BOOL -> REFUSED;
      case QUANTITY -> quantity(form.text());
    };
  }

  /**
   * An integer as Go's JSON decoder reads kubectl's JSON of it: go-yaml's integer, or a float that
   * JSON writes without fraction or exponent (finite, whole, below 1e21), within the field's range.
   */
  private static Object integer(Object go, long min, long max) {
    BigInteger value;
    if (go instanceof BigInteger integer) {
      value = integer;
    } else if (go instanceof Double d
        && !d.isNaN()
        && !d.isInfinite()
        && Math.abs(d) < 1e21
        && d == Math.floor(d)) {
      value = new BigDecimal(d).toBigIntegerExact();
    } else {
      return REFUSED;
    }
    return value.compareTo(BigInteger.valueOf(min)) >= 0
            && value.compareTo(BigInteger.valueOf(max)) <= 0
        ? value.longValue()
        : REFUSED;
  }

  /**
   * A quantity: a string the API server's grammar admits; a number by its value, which the grammar
   * admits when not negative; never a boolean, NaN or an infinity.
   */
  private static Object quantity(Object go) {
    if (go instanceof String text) {
      return QuantityGrammar.admits(text) ? new BigDecimalAmount(text) : REFUSED;
    }
    if (go instanceof BigInteger integer) {
      return integer.signum() < 0 ? REFUSED : new BigDecimalAmount(new BigDecimal(integer));
    }
    if (go instanceof Double d && Double.isFinite(d)) {
      // JSON writes the shortest decimal that reads back as the double, as Double.toString does
      return d < 0 ? REFUSED : new BigDecimalAmount(BigDecimal.valueOf(d));
    }
    return REFUSED;
  }

  /** A quantity's amount, compared by value. */
  record BigDecimalAmount(BigDecimal amount) {
    BigDecimalAmount(String quantity) {
      this(
          io.fabric8.kubernetes.api.model.Quantity.getAmountInBytes(
              new io.fabric8.kubernetes.api.model.Quantity(quantity)));
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof BigDecimalAmount that && amount.compareTo(that.amount) == 0;
    }

    @Override
    public int hashCode() {
      return amount.stripTrailingZeros().hashCode();
    }
  }

  /** A value written back by the codec, in the form the expectations take. */
  private static Object normalized(Field field, Object back) {
    if (field.kind() == Kind.QUANTITY && back instanceof String quantity) {
      return new BigDecimalAmount(quantity);
    }
    if (back instanceof Integer || back instanceof Long) {
      return ((Number) back).longValue();
    }
    return back;
  }

  /** The value of {@code v: TEXT} in the reading tree. */
  private static Object readingValue(String text) {
    Map<?, ?> tree =
        (Map<?, ?>) Nodes.toReadingTree(ManifestNodes.one("kind: T\nv: " + text + "\n"));
    return tree.get("v");
  }

  static {
    // the reading tree holds written scalars for the plain forms; the test relies on it
    assertThat(readingValue("1e3")).isInstanceOf(WrittenScalar.class);
  }
}
