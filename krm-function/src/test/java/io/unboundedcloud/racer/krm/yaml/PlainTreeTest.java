package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.tree.KubectlScalarForms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("Nodes and plain Java trees")
class PlainTreeTest {

  private static Map<String, Object> plain(String yaml) {
    return Nodes.toPlainMap(readManifests("kind: T\n" + yaml).get(0));
  }

  /**
   * The document as snakeyaml alone composes it: a tree the reader would refuse (its aliases
   * excessive, or recursive), for the conversion's own guards.
   */
  private static MappingNode composed(String yaml) {
    return (MappingNode) new org.yaml.snakeyaml.Yaml().compose(new java.io.StringReader(yaml));
  }

  private static String yaml(Map<String, ?> map) {
    return YamlWriter.manifests(List.of(Nodes.fromPlainMap(map)));
  }

  @Nested
  @DisplayName("from nodes, reading scalars the way Kubernetes does")
  class FromNodes {

    static Stream<Arguments> scalars() {
      return Stream.of(
          Arguments.of("8082", 8082),
          Arguments.of("\"8082\"", "8082"),
          Arguments.of("'8082'", "8082"),
          Arguments.of("-7", -7),
          Arguments.of("4294967296", 4294967296L),
          Arguments.of("0644", 420),
          Arguments.of("0o17", "0o17"),
          Arguments.of("0x1F", 31),
          Arguments.of("1_000", 1000),
          Arguments.of("99999999999999999999", "99999999999999999999"),
          Arguments.of("1.5", 1.5),
          Arguments.of("1e3", 1000.0),
          Arguments.of(".inf", Double.POSITIVE_INFINITY),
          Arguments.of("true", true),
          Arguments.of("False", false),
          Arguments.of("yes", "yes"),
          Arguments.of("off", "off"),
          Arguments.of("y", "y"),
          Arguments.of("~", null),
          Arguments.of("null", null),
          Arguments.of("", null),
          Arguments.of("\"null\"", "null"),
          Arguments.of("2024-01-01", "2024-01-01"),
          Arguments.of("1Gi", "1Gi"),
          Arguments.of("!!int '0644'", 420),
          Arguments.of("|\n  text\n", "text\n"));
    }

    @ParameterizedTest(name = "v: {0}  ->  {1}")
    @MethodSource("scalars")
    @DisplayName("a scalar")
    void scalar(String written, Object expected) {
      assertThat(plain("v: " + written + "\n").get("v")).isEqualTo(expected);
    }

    @Test
    @DisplayName("ports stay integers and nested lists and maps keep their order")
    void nested() {
      Map<String, Object> object =
          plain(
              "spec:\n  ports:\n  - {port: 80, name: http}\n  - port: 8082\n"
                  + "    tags: [a, [b, c]]\n");

      assertThat(object).containsOnlyKeys("kind", "spec");
      assertThat(object.get("spec"))
          .isEqualTo(
              Map.of(
                  "ports",
                  List.of(
                      Map.of("port", 80, "name", "http"),
                      Map.of("port", 8082, "tags", List.of("a", List.of("b", "c"))))));
      Map<?, ?> firstPort =
          (Map<?, ?>) ((List<?>) ((Map<?, ?>) object.get("spec")).get("ports")).get(0);
      assertThat(List.copyOf(firstPort.keySet())).isEqualTo(List.of("port", "name"));
    }

    @Test
    @DisplayName("follows aliases")
    void aliases() {
      assertThat(plain("a: &x {b: 1}\nc: *x\n").get("c")).isEqualTo(Map.of("b", 1));
    }

    @Test
    @DisplayName("refuses an alias that contains itself")
    void recursive() {
      // composed by snakeyaml alone: the reader refuses it before any conversion
      assertThatThrownBy(() -> Nodes.toPlainMap(composed("kind: T\na: &x [1, *x]\n")))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll(":2:4: ", "contains itself");
    }

    @Test
    @DisplayName("refuses aliases that expand past the node budget, at once")
    void expansionBudget() {
      StringBuilder doc = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
      for (int level = 1; level <= 7; level++) {
        doc.append("a")
            .append(level)
            .append(": &a")
            .append(level)
            .append(" [")
            .append(String.join(", ", java.util.Collections.nCopies(6, "*a" + (level - 1))))
            .append("]\n");
      }

      assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () ->
              assertThatThrownBy(() -> Nodes.toPlainMap(composed("kind: T\n" + doc)))
                  .isInstanceOf(YamlInputException.class)
                  .hasMessageContainingAll("more than 1000000 values", "without aliases"));
    }
  }

  @Nested
  @DisplayName("to nodes")
  class ToNodes {

    @Test
    @DisplayName(
        "quotes strings that would read as numbers, booleans or null, and leaves others plain")
    void quoting() {
      Map<String, Object> data = new LinkedHashMap<>();
      for (String text :
          List.of(
              "0",
              "8082",
              "true",
              "yes",
              "y",
              "N",
              "null",
              "~",
              "",
              "0644",
              "0o17",
              "1e3",
              "1.5",
              ".inf",
              "2024-01-01",
              "1Gi",
              "nginx:1.27",
              "hello world")) {
        data.put("k" + data.size(), text);
      }

      assertThat(yaml(data))
          .isEqualTo(
              "k0: \"0\"\nk1: \"8082\"\nk2: \"true\"\nk3: \"yes\"\nk4: \"y\"\n"
                  + "k5: \"N\"\nk6: \"null\"\nk7: \"~\"\nk8: \"\"\nk9: \"0644\"\nk10: \"0o17\"\nk11: \"1e3\"\n"
                  + "k12: \"1.5\"\nk13: \".inf\"\nk14: \"2024-01-01\"\nk15: 1Gi\nk16: nginx:1.27\nk17: hello world\n");
    }

    @Test
    @DisplayName(
        "quotes every string kubectl (go-yaml v2.4) reads as other than a string, and reads each"
            + " back as the string it was")
    void quotingForKubectl() {
      for (KubectlScalarForms.Form form : KubectlScalarForms.all()) {
        String written = yaml(Map.of("k", form.text()));
        String value = written.substring("k: ".length(), written.length() - 1);
        if (form.type() != KubectlScalar.STRING) {
          assertThat(value).as(form.text()).startsWith("\"");
        }
        assertThat(Nodes.toPlainMap(ManifestNodes.one("kind: T\n" + written)).get("k"))
            .as(written)
            .isEqualTo(form.text());
      }
    }

    @Test
    @DisplayName("writes numbers, booleans and null plain, in map order")
    void typed() {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("port", 8082);
      data.put("big", 4294967296L);
      data.put("ratio", 0.5);
      data.put("on", true);
      data.put("none", null);
      data.put("list", List.of(1, "2"));
      data.put("empty", List.of());
      data.put("nested", Map.of("a", Map.of()));

      assertThat(yaml(data))
          .isEqualTo(
              "port: 8082\nbig: 4294967296\nratio: 0.5\n\"on\": true\nnone: null\n"
                  + "list:\n- 1\n- \"2\"\nempty: []\nnested:\n  a: {}\n");
    }

    @Test
    @DisplayName("writes the keys of a map without a defined order (Map.of, HashMap) sorted")
    void hashOrderedMaps() {
      Map<String, Object> hashMap = new java.util.HashMap<>();
      for (String key : List.of("zeta", "alpha", "mid", "beta")) {
        hashMap.put(key, 1);
      }

      assertThat(yaml(Map.of("b", 1, "a", 2, "c", Map.of("q", 1, "p", 2))))
          .isEqualTo("a: 2\nb: 1\nc:\n  p: 2\n  q: 1\n");
      assertThat(yaml(hashMap)).isEqualTo("alpha: 1\nbeta: 1\nmid: 1\nzeta: 1\n");
    }

    @Test
    @DisplayName(
        "writes a multi-line string as a literal block, and quotes where YAML syntax needs it")
    void styles() {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("script", "#!/bin/sh\necho hi\n");
      data.put("colon", "a: b");
      data.put("dash", "- x");

      assertThat(yaml(data))
          .isEqualTo("script: |\n  #!/bin/sh\n  echo hi\ncolon: 'a: b'\ndash: '- x'\n");
    }

    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"000D", "0085", "2028", "2029"})
    @DisplayName(
        "writes a multi-line string that also holds another YAML line break (CR, NEL, U+2028,"
            + " U+2029) double-quoted, so that it reads back whole (issue 30's fuzz finding)")
    void otherLineBreaks(String codePoint) {
      String text = "name\nd" + (char) Integer.parseInt(codePoint, 16) + "  *d: x\nd";

      // as in a ResourceList's results: a literal block there is indented by 4
      String written = yaml(Map.of("results", List.of(Map.of("message", text))));

      assertThat(written).startsWith("results:\n- message: \"");
      assertThat(
              new org.yaml.snakeyaml.Yaml(
                      new org.yaml.snakeyaml.constructor.SafeConstructor(
                          new org.yaml.snakeyaml.LoaderOptions()))
                  .<Object>load(written))
          .isEqualTo(Map.of("results", List.of(Map.of("message", text))));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "port: 8082\nname: \"8082\"\non: true\nyes: yes\nnone: null\nday: \"2024-01-01\"\n"
              + "list:\n- 1\n- [a, {b: c}]\nmode: 420\n"
        })
    @DisplayName("gives back the same plain tree when read again")
    void roundTrip(String yaml) {
      Map<String, Object> tree = plain(yaml);

      MappingNode node = Nodes.fromPlainMap(tree);

      assertThat(Nodes.toPlainMap(node)).isEqualTo(tree);
      Map<String, Object> reread =
          Nodes.toPlainMap(readManifests(YamlWriter.manifests(List.of(node))).get(0));
      assertThat(reread).isEqualTo(tree);
    }

    @Test
    @DisplayName("refuses a list that contains itself, without a StackOverflowError")
    void selfContaining() {
      List<Object> list = new ArrayList<>();
      list.add(list);

      assertThatThrownBy(() -> Nodes.fromPlain(list))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("nests deeper than 256");
    }

    @Test
    @DisplayName("refuses a type it cannot write")
    void unknownType() {
      assertThatThrownBy(() -> Nodes.fromPlain(Map.of("when", new Object())))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("java.lang.Object");
    }

    @Test
    @DisplayName("writes arrays and enums")
    void arraysAndEnums() {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("array", new String[] {"a", "b"});
      data.put("enum", Thread.State.NEW);

      assertThat(yaml(data)).isEqualTo("array:\n- a\n- b\nenum: NEW\n");
    }
  }

  @Nested
  @DisplayName("a base-60 float is told in one pass, the same as the expression .*:.* matched")
  class Sexagesimal {
    private final Pattern expression = Pattern.compile(".*:.*");

    @Test
    @DisplayName("every string of up to 4 of 1 : . a and the five line terminators")
    void everyShortString() {
      List<String> texts = new ArrayList<>(List.of(""));
      List<String> mismatches = new ArrayList<>();
      for (int length = 0; length <= 4; length++) {
        for (String text : texts) {
          if (PlainTree.isSexagesimal(text) != expression.matcher(text).matches()) {
            mismatches.add(text);
          }
        }
        List<String> longer = new ArrayList<>();
        for (String text : texts) {
          for (char c : "1:.a\n\r\u0085\u2028\u2029".toCharArray()) {
            longer.add(text + c);
          }
        }
        texts = longer;
      }
      assertThat(mismatches).isEmpty();
      assertThat(PlainTree.isSexagesimal("1:20.5")).isTrue();
      assertThat(PlainTree.isSexagesimal("1:20\n")).isFalse();
    }
  }

  @Nested
  @Tag("slow")
  @DisplayName(
      "a plain scalar of a megabyte is read as Kubernetes reads it, in one pass, and a string is"
          + " written so, whatever it looks like")
  class MegabyteScalars {
    private static final int SIZE = 1 << 20;

    static Stream<Arguments> shapes() {
      Random random = new Random(41);
      StringBuilder digits = new StringBuilder();
      for (int i = 0; i < SIZE; i++) {
        digits.append((char) ('0' + random.nextInt(10)));
      }
      // an int beyond a long and a base-60 number keep their text; a float is a float, however long
      return Stream.of(
          Arguments.of("1, digits, x", "1" + digits + "x", false),
          Arguments.of("digits", "1" + digits, false),
          Arguments.of("a dot and digits", "." + digits, true),
          Arguments.of("digits, a dot, digits", digits + "." + digits, true),
          Arguments.of("base 60", "1" + ":5".repeat(SIZE / 2), false),
          Arguments.of("a digit, underscores, x", "0" + "_".repeat(SIZE) + "x", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void readAndWritten(String shape, String text, boolean number) {
      Map<String, Object> read = plain("v: " + text + "\n");
      if (number) {
        assertThat(read.get("v")).isInstanceOf(Double.class);
      } else {
        assertThat(read.get("v")).isEqualTo(text);
      }
      assertThat(plain(yaml(Map.of("v", text))).get("v")).isEqualTo(text);
    }

    @Test
    @DisplayName(
        "an explicit !!float of colons across a line: its text (.*:.* took the length squared)")
    void taggedFloatOfColons() {
      String text = ":".repeat(SIZE) + "\n";
      Object read =
          PlainTree.scalarValue(
              new org.yaml.snakeyaml.nodes.ScalarNode(
                  org.yaml.snakeyaml.nodes.Tag.FLOAT,
                  text,
                  null,
                  null,
                  org.yaml.snakeyaml.DumperOptions.ScalarStyle.DOUBLE_QUOTED));
      assertThat(read).isEqualTo(text);
    }
  }
}
