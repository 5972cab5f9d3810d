package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Escapes in double-quoted scalars as kyaml reads them: one that leaves half of a surrogate pair (a
 * lone high or low surrogate, a pair the wrong way round) stands for no character and is refused
 * with its line and column; every other escape, a high and a low surrogate in that order among
 * them, is read as the character it stands for and written back as one (past U+FFFF, in block
 * context, as one {@code \\U} escape, as kyaml writes it). Generated: every escape form at every
 * place a scalar can stand (a value, a key, a flow sequence's item, a flow mapping's key and value,
 * deep in a list).
 */
@DisplayName("Unicode escapes in double-quoted scalars")
class UnicodeEscapesTest {

  /** An escape form as written between the quotes, and the half it leaves (null: none). */
  record Form(String written, String half, String character) {
    @Override
    public String toString() {
      return written;
    }
  }

  static final List<Form> REFUSED =
      List.of(
          new Form("\\ud800", "D800", null),
          new Form("\\uDBFF", "DBFF", null),
          new Form("\\udc00", "DC00", null),
          new Form("\\udfff", "DFFF", null),
          new Form("\\udc00\\ud83d", "DC00", null),
          new Form("a\\ud800b", "D800", null),
          new Form("\\ud800\\ud800", "D800", null),
          new Form("\\ud83d\\ude00\\ud83d", "D83D", null),
          new Form("\\ude00\\ud83d\\ude00", "DE00", null));

  static final List<Form> KEPT =
      List.of(
          new Form("\\ud83d\\ude00", null, "\uD83D\uDE00"),
          new Form("\\U0001F600", null, "\uD83D\uDE00"),
          new Form("\\U0010FFFF", null, "\uDBFF\uDFFF"),
          new Form("\\u00e9", null, "\u00e9"),
          new Form("\\ud7ff", null, "\ud7ff"),
          new Form("\\ue000", null, "\ue000"),
          new Form("\\x41", null, "A"));

  /** A place for a scalar: the document with {@code %s} where the quoted scalar goes. */
  record Place(String name, String document, int line, int column) {
    @Override
    public String toString() {
      return name;
    }

    String with(Form form) {
      return document.replace("%s", "\"" + form.written() + "\"");
    }
  }

  static final List<Place> PLACES =
      List.of(
          new Place("a value", "kind: A\ndata:\n  key: %s\n", 3, 8),
          new Place("a key", "kind: A\ndata:\n  %s: value\n", 3, 3),
          new Place("a flow sequence's item", "kind: A\nlist: [a, %s, b]\n", 2, 11),
          new Place("a flow mapping's key", "kind: A\nmap: {%s: v}\n", 2, 7),
          new Place("a flow mapping's value", "kind: A\nmap: {k: %s}\n", 2, 10),
          new Place(
              "deep in a list of mappings",
              "kind: A\nitems:\n- name: a\n  env:\n  - value: %s\n",
              5,
              12),
          new Place("a JSON document", "{\"kind\": \"A\", \"data\": {\"key\": %s}}\n", 1, 31));

  static Stream<Object[]> cases(List<Form> forms) {
    List<Object[]> cases = new ArrayList<>();
    for (Form form : forms) {
      for (Place place : PLACES) {
        cases.add(new Object[] {form, place});
      }
    }
    return cases.stream();
  }

  static Stream<Object[]> refused() {
    return cases(REFUSED);
  }

  static Stream<Object[]> kept() {
    return cases(KEPT);
  }

  @Nested
  @DisplayName("an escape that leaves half of a surrogate pair")
  class Refused {
    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.UnicodeEscapesTest#refused")
    @DisplayName("is refused at the scalar's line and column, naming the half")
    void refused(Form form, Place place) {
      assertThatThrownBy(() -> readManifests(place.with(form)))
          .isInstanceOf(YamlInputException.class)
          .hasMessageStartingWith(
              "test.yaml:"
                  + place.line()
                  + ":"
                  + place.column()
                  + ": not valid YAML: found invalid Unicode character escape code \\u"
                  + form.half()
                  + ", half of a surrogate pair")
          .hasMessageContaining(
              "(while scanning a double-quoted scalar that starts at line "
                  + place.line()
                  + ", column "
                  + place.column()
                  + ")");
    }
  }

  @Nested
  @DisplayName("any other escape")
  class Kept {
    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.UnicodeEscapesTest#kept")
    @DisplayName("is read as its character and written back whole")
    void kept(Form form, Place place) {
      String written = roundTripManifests(place.with(form));

      int codePoint = form.character().codePointAt(0);
      assertThat(written)
          .as("the character, or (past U+FFFF, in block context, as kyaml writes it) its escape")
          .containsAnyOf(
              form.character(), String.format(java.util.Locale.ROOT, "\\U%08X", codePoint));
      assertThat(written.codePoints().filter(c -> c >= 0xD800 && c <= 0xDFFF))
          .as("lone surrogates written")
          .isEmpty();
      assertThat(roundTripManifests(written)).as("a second run").isEqualTo(written);
    }
  }
}
