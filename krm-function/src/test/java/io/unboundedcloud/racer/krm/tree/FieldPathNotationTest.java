package io.unboundedcloud.racer.krm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The printed notation read back: every path, whatever its keys and names hold, prints to a text
 * that {@link FieldPath#parse} reads to the same path. The names are generated: every ASCII
 * character alone, first, last and between letters, the notation's own marks in runs ({@code "],
 * [name=, \\, .}), characters beyond ASCII, and seeded random paths of every kind of step.
 */
@DisplayName("A field path's notation: what it prints, parse reads back to the same path")
class FieldPathNotationTest {
  /** Names with every ASCII character in every place, and the notation's marks in runs. */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    IntStream.range(0, 0x80)
        .forEach(
            c -> {
              String s = String.valueOf((char) c);
              names.add(s);
              names.add(s + "ab");
              names.add("ab" + s);
              names.add("a" + s + "b");
              names.add(s + s);
            });
    names.addAll(
        List.of(
            "",
            "\"]",
            "\"]]",
            "[name=x]",
            "[\"x\"]",
            "\\\"",
            "\\\\",
            "a\\",
            "\\",
            "x].y",
            "..",
            "[0]",
            "😀",
            "é\u2028ü",
            "NVIDIA_VISIBLE_DEVICES"));
    return names;
  }

  private static void roundTrips(FieldPath path) {
    String printed = path.toString();
    assertThat(FieldPath.parse(printed)).as("parse(%s)", printed).isEqualTo(path);
    assertThat(FieldPath.parse(printed).toString()).isEqualTo(printed);
  }

  @Nested
  @DisplayName("every name round-trips")
  class EveryName {
    @Test
    @DisplayName("as a key, first and under another key")
    void keys() {
      for (String name : names()) {
        roundTrips(FieldPath.root().key(name));
        roundTrips(FieldPath.of("metadata.annotations").key(name).key("x"));
      }
    }

    @Test
    @DisplayName("as a named item, with a step after it and without")
    void namedItems() {
      for (String name : names()) {
        roundTrips(FieldPath.of("spec.containers").named(name));
        roundTrips(FieldPath.of("spec.containers").named(name).key("env").index(3));
      }
    }

    @Test
    @DisplayName("as the prefix of names, last, and it takes every name that starts so")
    void namePrefixes() {
      for (String name : names()) {
        FieldPath prefix = FieldPath.of("env").namedFrom(name);
        roundTrips(prefix);
        assertThat(FieldPath.of("env").named(name).key("value").startsWith(prefix)).isTrue();
        assertThat(FieldPath.of("env").named(name + "X").startsWith(prefix)).isTrue();
        // String.startsWith is the definition: "Y" + "YY" starts with "YY"
        assertThat(FieldPath.of("env").named("Y" + name).startsWith(prefix))
            .as("Y%s under %s", name, prefix)
            .isEqualTo(("Y" + name).startsWith(name));
        assertThat(FieldPath.of("env").key(name).startsWith(prefix)).isFalse();
        assertThat(FieldPath.of("other").named(name).startsWith(prefix)).isFalse();
      }
    }

    @Test
    @DisplayName("an exact name takes only itself, never the names that start so")
    void exactNames() {
      for (String name : names()) {
        FieldPath exact = FieldPath.of("env").named(name);
        assertThat(FieldPath.of("env").named(name).key("value").startsWith(exact)).isTrue();
        assertThat(FieldPath.of("env").named(name + "X").startsWith(exact)).isFalse();
      }
    }

    @Test
    @DisplayName("seeded random paths of keys, names, prefixes and indexes over every code point")
    void randomPaths() {
      Random random = new Random(53);
      for (int i = 0; i < 2_000; i++) {
        FieldPath path = FieldPath.root();
        int steps = 1 + random.nextInt(5);
        for (int s = 0; s < steps; s++) {
          String text = randomText(random);
          int kind = random.nextInt(s == steps - 1 ? 4 : 3);
          path =
              switch (kind) {
                case 0 -> path.key(text);
                case 1 -> path.named(text);
                case 2 -> path.index(random.nextInt(1_000));
                default -> path.namedFrom(text);
              };
        }
        roundTrips(path);
      }
    }
  }

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    String marks = "\"[]\\.=name";
    for (int n = random.nextInt(6); n > 0; n--) {
      if (random.nextBoolean()) {
        text.append(marks.charAt(random.nextInt(marks.length())));
      } else {
        text.appendCodePoint(random.nextInt(0x80) + (random.nextInt(8) == 0 ? 0x1F600 : 0));
      }
    }
    return text.toString();
  }

  @Test
  @DisplayName("names and keys that hold no mark print as before: [name=N], [\"a/b\"], a.b")
  void plainAsBefore() {
    assertThat(FieldPath.of("spec.containers").named("dataplane").key("image").toString())
        .isEqualTo("spec.containers[name=dataplane].image");
    assertThat(FieldPath.of("metadata.annotations").key("a.example/b").toString())
        .isEqualTo("metadata.annotations[\"a.example/b\"]");
    assertThat(FieldPath.of("env").namedFrom("NVIDIA_").toString()).isEqualTo("env[name=NVIDIA_");
  }

  @Test
  @DisplayName("a quote, a backslash or a bracket in a name or key is written after a backslash")
  void escapes() {
    assertThat(FieldPath.root().key("a\"b\\c").toString()).isEqualTo("[\"a\\\"b\\\\c\"]");
    assertThat(FieldPath.of("x").named("a]b").toString()).isEqualTo("x[name=\"a]b\"]");
    assertThat(FieldPath.of("x").named("a\"b").toString()).isEqualTo("x[name=\"a\\\"b\"]");
  }

  @Test
  @DisplayName("valueIn through a prefix finds the first item whose name starts so")
  void valueThroughPrefix() {
    Map<String, Object> tree =
        Map.of("env", List.of(Map.of("name", "A1"), Map.of("name", "B1"), Map.of("name", "B2")));
    assertThat(FieldPath.of("env").namedFrom("B").valueIn(tree)).isEqualTo(Map.of("name", "B1"));
    assertThat(FieldPath.of("env").namedFrom("C").valueIn(tree)).isNull();
  }

  @Test
  @DisplayName("nothing steps under a prefix of names: it is a last step")
  void prefixIsLast() {
    assertThatThrownBy(() -> FieldPath.of("env").namedFrom("A").key("value"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("env[name=A: the items whose names start so are a last step");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "a..b|1",
        ".a|0",
        "a[|1",
        "a[x]|1",
        "a[1|1",
        "a[]|1",
        "a[\"b|1",
        "a[\"b\"|1",
        "a[name=\"b\"x]|1",
        "a[name=b]c|9",
        "a[1234567890]|1",
        "a b|1"
      })
  @DisplayName("a text with no step at a place is refused, naming the character")
  void refused(String caseText) {
    String[] parts = caseText.split("\\|");
    assertThatThrownBy(() -> FieldPath.parse(parts[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no path step at character " + parts[1]);
  }
}
