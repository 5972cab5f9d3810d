package io.unboundedcloud.racer.krm.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.WrittenScalar;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reading rules for field values, as the API server reads what kubectl sends it (go-yaml v2's
 * types for plain scalars, then Go's JSON decoder into the API types), each beside what Jackson
 * does with the plain tree's value: the same result (AS_JACKSON), a refusal where Jackson would
 * make up a value that Kubernetes refuses (STRICTER), or Kubernetes' reading where Jackson refuses
 * or reads otherwise (AS_KUBECTL: {@code yes} is true, {@code 1e400} the string 1e400). A value
 * written plain comes as a {@link WrittenScalar}, read from YAML here.
 */
@DisplayName("Field values are read as Kubernetes reads them, never converted")
class TreeInputTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();
  private static final Object REFUSED =
      new Object() {
        @Override
        public String toString() {
          return "refused";
        }
      };

  enum Versus {
    AS_JACKSON,
    STRICTER,
    AS_KUBECTL
  }

  /** {@code text} written plain, as the reading tree holds it. */
  static WrittenScalar plain(String text) {
    Map<?, ?> tree =
        (Map<?, ?>) Nodes.toReadingTree(ManifestNodes.one("kind: T\nv: " + text + "\n"));
    assertThat(tree.get("v")).as(text).isInstanceOf(WrittenScalar.class);
    return (WrittenScalar) tree.get("v");
  }

  static Stream<Arguments> rules() {
    BiFunction<Object, FieldPath, Object> string = TreeInput::string;
    BiFunction<Object, FieldPath, Object> int32 = TreeInput::int32;
    BiFunction<Object, FieldPath, Object> int64 = TreeInput::int64;
    BiFunction<Object, FieldPath, Object> bool = TreeInput::bool;
    BiFunction<Object, FieldPath, Object> intOrString = TreeInput::intOrString;
    BiFunction<Object, FieldPath, Object> quantity = TreeInput::quantity;
    BiFunction<Object, FieldPath, Object> strings = TreeInput::strings;
    return Stream.of(
        arguments(String.class, string, "x", "x", Versus.AS_JACKSON),
        arguments(String.class, string, "5", "5", Versus.AS_JACKSON),
        arguments(String.class, string, plain("zone-a"), "zone-a", Versus.AS_JACKSON),
        arguments(String.class, string, plain("2026-11-30"), "2026-11-30", Versus.AS_JACKSON),
        arguments(String.class, string, plain("12:30"), "12:30", Versus.AS_JACKSON),
        arguments(String.class, string, plain("1e400"), "1e400", Versus.AS_KUBECTL),
        arguments(String.class, string, null, null, Versus.AS_JACKSON),
        arguments(String.class, string, plain("5"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain("1e3"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain("0x1F"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain("1.5"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain(".inf"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain("true"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, plain("yes"), REFUSED, Versus.STRICTER),
        arguments(String.class, string, 5, REFUSED, Versus.STRICTER),
        arguments(String.class, string, true, REFUSED, Versus.STRICTER),
        arguments(String.class, string, Map.of("a", 1), REFUSED, Versus.AS_JACKSON),
        arguments(String.class, string, List.of("a"), REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, 5, 5, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("5"), 5, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("0x1F"), 31, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("0o17"), 15, Versus.AS_KUBECTL),
        arguments(Integer.class, int32, plain("1_000"), 1000, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("2.0"), 2, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("1e3"), 1000, Versus.AS_JACKSON),
        arguments(Integer.class, int32, 2.0, 2, Versus.AS_JACKSON),
        arguments(Integer.class, int32, "5", REFUSED, Versus.STRICTER),
        arguments(Integer.class, int32, "", REFUSED, Versus.STRICTER),
        arguments(Integer.class, int32, plain("http"), REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, plain("yes"), REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, true, REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, 3_000_000_000L, REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, 1.5, REFUSED, Versus.STRICTER),
        arguments(Integer.class, int32, plain("1.5"), REFUSED, Versus.STRICTER),
        arguments(Integer.class, int32, 2_147_483_647L, Integer.MAX_VALUE, Versus.AS_JACKSON),
        arguments(Integer.class, int32, 2_147_483_648L, REFUSED, Versus.AS_JACKSON),
        arguments(Integer.class, int32, -2_147_483_648L, Integer.MIN_VALUE, Versus.AS_JACKSON),
        arguments(Integer.class, int32, -2_147_483_649L, REFUSED, Versus.AS_JACKSON),
        arguments(Long.class, int64, 5_000_000_000L, 5_000_000_000L, Versus.AS_JACKSON),
        arguments(Long.class, int64, 5, 5L, Versus.AS_JACKSON),
        arguments(Long.class, int64, "30", REFUSED, Versus.STRICTER),
        arguments(Long.class, int64, 1.5, REFUSED, Versus.STRICTER),
        arguments(Long.class, int64, 1e18, 1_000_000_000_000_000_000L, Versus.AS_JACKSON),
        arguments(Long.class, int64, 0x1p63, REFUSED, Versus.STRICTER),
        arguments(Long.class, int64, 1e20, REFUSED, Versus.AS_JACKSON),
        arguments(Long.class, int64, plain("18446744073709551615"), REFUSED, Versus.AS_JACKSON),
        arguments(Boolean.class, bool, true, true, Versus.AS_JACKSON),
        arguments(Boolean.class, bool, plain("true"), true, Versus.AS_JACKSON),
        arguments(Boolean.class, bool, plain("yes"), true, Versus.AS_KUBECTL),
        arguments(Boolean.class, bool, plain("Off"), false, Versus.AS_KUBECTL),
        arguments(Boolean.class, bool, null, null, Versus.AS_JACKSON),
        arguments(Boolean.class, bool, "false", REFUSED, Versus.STRICTER),
        arguments(Boolean.class, bool, "", REFUSED, Versus.STRICTER),
        arguments(Boolean.class, bool, 1, REFUSED, Versus.STRICTER),
        arguments(Boolean.class, bool, plain("1"), REFUSED, Versus.STRICTER),
        arguments(IntOrString.class, intOrString, 5, new IntOrString(5), Versus.AS_JACKSON),
        arguments(IntOrString.class, intOrString, "25%", new IntOrString("25%"), Versus.AS_JACKSON),
        arguments(
            IntOrString.class,
            intOrString,
            plain("25%"),
            new IntOrString("25%"),
            Versus.AS_JACKSON),
        arguments(
            IntOrString.class, intOrString, plain("0x1F"), new IntOrString(31), Versus.AS_JACKSON),
        arguments(IntOrString.class, intOrString, 1.5, REFUSED, Versus.AS_JACKSON),
        arguments(IntOrString.class, intOrString, true, REFUSED, Versus.AS_JACKSON),
        arguments(IntOrString.class, intOrString, plain("yes"), REFUSED, Versus.STRICTER),
        arguments(Quantity.class, quantity, "100Mi", new Quantity("100", "Mi"), Versus.AS_JACKSON),
        arguments(Quantity.class, quantity, 1, new Quantity("1"), Versus.AS_JACKSON),
        arguments(Quantity.class, quantity, 0.5, new Quantity("0.5"), Versus.AS_JACKSON),
        arguments(Quantity.class, quantity, "", REFUSED, Versus.AS_JACKSON),
        arguments(Quantity.class, quantity, true, REFUSED, Versus.STRICTER),
        arguments(
            Quantity.class,
            quantity,
            Map.of("amount", "1", "format", "Gi"),
            REFUSED,
            Versus.STRICTER),
        arguments(List.class, strings, "NET_ADMIN", REFUSED, Versus.AS_JACKSON),
        arguments(List.class, strings, List.of("a", "5"), List.of("a", "5"), Versus.AS_JACKSON),
        arguments(List.class, strings, List.of("a", 5), REFUSED, Versus.STRICTER),
        arguments(List.class, strings, List.of("a", plain("1e3")), REFUSED, Versus.STRICTER));
  }

  @ParameterizedTest(name = "{0} from {2}: {3} ({4})")
  @MethodSource("rules")
  @DisplayName("one rule")
  void rule(
      Class<?> type,
      BiFunction<Object, FieldPath, Object> reader,
      Object value,
      Object expected,
      Versus versus) {
    Object ours = readOrRefused(() -> reader.apply(value, FieldPath.of("field")));
    // a list field is a list of strings (Container.args); Jackson reads the plain tree's value
    Object plainValue = WrittenScalar.plainTree(value);
    Object jackson =
        readOrRefused(
            () ->
                JACKSON.convertValue(
                    plainValue,
                    type == List.class
                        ? JACKSON.getTypeFactory().constructCollectionType(List.class, String.class)
                        : JACKSON.constructType(type)));
    assertThat(ours).isEqualTo(expected);
    switch (versus) {
      case AS_JACKSON -> assertThat(jackson).as("Jackson").isEqualTo(expected);
      case STRICTER ->
          assertThat(jackson).as("Jackson accepts what we refuse").isNotSameAs(REFUSED);
      case AS_KUBECTL -> assertThat(jackson).as("Jackson reads otherwise").isNotEqualTo(expected);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      1e3   | a number
      0x1F  | a number
      .inf  | a number
      yes   | a boolean
      """)
  @DisplayName(
      "a plain number or boolean in a string field: the message says it as written, what kubectl"
          + " reads and the quoted line to write")
  void toQuote(String text, String what) {
    assertThatThrownBy(() -> TreeInput.string(plain(text), FieldPath.of("spec").key("zone")))
        .hasMessage(
            "spec.zone: expected a string, found "
                + text
                + " without quotes, which kubectl reads as "
                + what
                + " and the API server refuses here; quote it: zone: \""
                + text
                + "\"");
    assertThatThrownBy(
            () -> TreeInput.strings(List.of(plain(text)), FieldPath.of("containers[0].args")))
        .hasMessageEndingWith("quote it: - \"" + text + "\"");
  }

  @Test
  @DisplayName("a value that does not fit: the message names the field from the object's root")
  void messageNamesTheField() {
    Map<String, Object> pod =
        Map.of(
            "containers",
            List.of(
                Map.of(
                    "name",
                    "origin",
                    "ports",
                    List.of(Map.of("name", "http"), Map.of("containerPort", "http")))));
    assertThatThrownBy(
            () -> Fabric8Trees.read(pod, PodSpec.class, FieldPath.of("spec.template.spec")))
        .isInstanceOfSatisfying(
            TreeShapeException.class,
            shape -> {
              assertThat(shape.field())
                  .isEqualTo("spec.template.spec.containers[0].ports[1].containerPort");
              assertThat(shape.problem())
                  .isEqualTo("expected an integer, found the string \"http\"");
              assertThat(shape)
                  .hasMessage(
                      "spec.template.spec.containers[0].ports[1].containerPort: expected an"
                          + " integer, found the string \"http\"");
            });
  }

  @Test
  @DisplayName(
      "a list where a mapping goes, at the root of a whole object: the message starts with the field")
  void wholeObject() {
    assertThatThrownBy(
            () ->
                Fabric8Trees.read(
                    Map.of("spec", List.of()),
                    io.fabric8.kubernetes.api.model.apps.DaemonSet.class,
                    FieldPath.root()))
        .hasMessage("spec: expected a mapping, found a list");
  }

  @Test
  @DisplayName(
      "a null entry in a list of objects ('- ~'): refused naming the entry, where Jackson reads a"
          + " null that the code reading the object does not expect")
  void nullObjectEntry() {
    Map<String, Object> pod = new java.util.LinkedHashMap<>();
    pod.put("tolerations", java.util.Arrays.asList(Map.of("operator", "Exists"), null));
    assertThat(JACKSON.convertValue(pod, PodSpec.class).getTolerations())
        .as("Jackson")
        .containsNull();
    assertThatThrownBy(
            () -> Fabric8Trees.read(pod, PodSpec.class, FieldPath.of("spec.template.spec")))
        .isInstanceOfSatisfying(
            TreeShapeException.class,
            shape -> {
              assertThat(shape.field()).isEqualTo("spec.template.spec.tolerations[1]");
              assertThat(shape.problem()).startsWith("expected a mapping, found null");
            });
  }

  @Test
  @DisplayName(
      "null fields and null entries in a list of strings: read as Jackson reads them, null kept")
  void nullFieldsAndScalarEntries() {
    Map<String, Object> container = new java.util.LinkedHashMap<>();
    container.put("name", "origin");
    container.put("env", null);
    container.put("args", java.util.Arrays.asList("--serve", null));
    Map<String, Object> pod = new java.util.LinkedHashMap<>();
    pod.put("affinity", java.util.Collections.singletonMap("nodeAffinity", null));
    pod.put("nodeSelector", null);
    pod.put("containers", List.of(container));
    PodSpec read = Fabric8Trees.read(pod, PodSpec.class, FieldPath.of(""));
    assertThat(read).isEqualTo(JACKSON.convertValue(pod, PodSpec.class));
    assertThat(read.getAffinity().getNodeAffinity()).isNull();
    assertThat(read.getContainers().get(0).getArgs()).containsExactly("--serve", null);
  }

  private static Object readOrRefused(java.util.function.Supplier<Object> read) {
    try {
      return read.get();
    } catch (IllegalArgumentException refused) {
      return REFUSED;
    }
  }
}
