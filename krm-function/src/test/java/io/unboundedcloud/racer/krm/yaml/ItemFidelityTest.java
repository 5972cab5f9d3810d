package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTrip;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static java.util.stream.Collectors.joining;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("An object the function does not touch")
class ItemFidelityTest {

  @Test
  @DisplayName(
      "writes a key past YAML's 1024 characters of a simple key as an explicit key, the value in"
          + " the compact form kyaml gives it")
  void explicitKeys() {
    String huge = "k".repeat(16 * 1024);
    String object =
        "kind: A\ndata:\n  ? "
            + huge
            + "\n  : v\n  ? "
            + huge
            + "m\n  : a: b\n    c: d\n  ? "
            + huge
            + "s\n  : - 1\n    - 2\n  ? "
            + huge
            + "n\n  : # note\n    z: 1\n";

    String out = roundTripManifests(object);

    assertThat(out).isEqualTo(object);
    assertThat(new org.yaml.snakeyaml.Yaml().loadAll(out)).hasSize(1);
  }

  static Stream<Arguments> keptAsWritten() {
    return Stream.of(
        Arguments.of("a head comment", "# about this object\nkind: A\n"),
        Arguments.of("an inline comment on a value", "kind: A # the kind\n"),
        Arguments.of(
            "an inline comment on a key with a block value",
            "kind: A\nmetadata: # about metadata\n  name: x\n"),
        Arguments.of(
            "comments between keys",
            "kind: A\n# before spec\nspec:\n  # before replicas\n  replicas: 1\n"),
        Arguments.of(
            "a comment after a nested block", "kind: A\nspec:\n  a: 1\n# after spec\nstatus: {}\n"),
        Arguments.of(
            "a comment after the dash of an item", "kind: A\nlist:\n- # first\n  name: a\n"),
        Arguments.of("a blank line between top-level keys", "kind: A\n\nspec: {}\n"),
        Arguments.of(
            "a blank line between nested keys (no trailing spaces)",
            "kind: A\nspec:\n  a: 1\n\n  # b follows\n  b: 2\n"),
        Arguments.of(
            "single, double and no quotes",
            "kind: A\ndata:\n  a: '0'\n  b: \"1\"\n  c: 2\n  d: 'it''s'\n  e: \"\"\n  f: ''\n"),
        Arguments.of(
            "double-quoted escapes",
            "kind: A\ndata:\n  tab: \"a\\tb\"\n  nl: \"a\\nb\"\n  bell: \"\\a\"\n"),
        Arguments.of(
            "Unicode up to U+FFFF as is (kyaml escapes characters beyond it: ScalarShapesTest)",
            "kind: A\ndata:\n  s: héllo ✓ 日本\n  q: \"日本\"\n"),
        Arguments.of(
            "a literal block", "kind: A\ndata:\n  script: |\n    #!/bin/sh\n    echo hi\n"),
        Arguments.of(
            "literal blocks with chomping",
            "kind: A\ndata:\n  keep: |+\n    a\n\n  strip: |-\n    b\nx: 1\n"),
        Arguments.of(
            "a literal block starting with spaces",
            "kind: A\ndata:\n  s: |2\n      indented\n    not\n"),
        Arguments.of(
            "flow mappings and sequences",
            "kind: A\nmetadata: {name: x, labels: {a: b}}\nargs: [--a, \"1\", 2]\n"),
        Arguments.of("empty flow collections", "kind: A\nspec: {}\nlist: []\n"),
        Arguments.of(
            "integers with a leading zero",
            "kind: A\nspec:\n  defaultMode: 0644\n  mode: 0755\n  zero: 00\n"),
        Arguments.of("an integer with an explicit tag", "kind: A\nspec:\n  mode: !!int '0644'\n"),
        Arguments.of(
            "explicit tags on plain scalars, as a pass-through function keeps them",
            "kind: A\nspec:\n  count: !!str 123\n  ref: !Ref bucket\n  n: !!int 7\n  t: !!str true\n"),
        Arguments.of(
            "explicit tags on quoted scalars, even where the value would resolve to them",
            "kind: A\nspec:\n  s: !!str '123'\n  q: !!str \"x\"\n  i: !!int '0644'\n"),
        Arguments.of(
            "explicit tags in flow collections and on keys",
            "kind: A\nargs: [!!str 1, b]\n!!str 2: two\n"),
        Arguments.of(
            "a custom tag on a quoted scalar or a mapping",
            "kind: A\nspec:\n  ref: !Ref 'bucket'\n  sub: !Sub {a: b}\n"),
        Arguments.of(
            "YAML 1.1 booleans and nulls as written",
            "kind: A\ndata:\n  a: yes\n  b: off\n  c: ~\n  d: null\n  e:\n"),
        Arguments.of("a timestamp-looking value", "kind: A\ndata:\n  day: 2024-01-01\n"),
        Arguments.of(
            "anchors and aliases",
            "kind: A\nspec:\n  a: &shared {x: 1}\n  b: *shared\n  c: &s text\n  d: *s\n"),
        Arguments.of(
            "a line of 600 characters, not wrapped",
            "kind: A\ndata:\n  long: " + "word ".repeat(119) + "end\n"),
        Arguments.of(
            "a key of 300 characters, still a simple key",
            "kind: A\nmetadata:\n  annotations:\n    " + "k".repeat(300) + ": v\n"),
        Arguments.of(
            "sequences at the key's indent",
            "kind: A\nspec:\n  containers:\n  - name: a\n    args:\n    - x\n"),
        // issue 31: the forms real manifests use that snakeyaml's writer moved or broke
        Arguments.of(
            "a comment above a flow-mapping item (was invalid YAML)",
            "kind: A\nspec:\n  ports:\n  # the web port\n  - {port: 80, name: http}\n"),
        Arguments.of(
            "comments above nested sequence items, before their dashes",
            "kind: A\nlist:\n# first\n- name: a\n# between\n- b\n# last\n- [x]\n"),
        Arguments.of(
            "a comment above an item of a sequence in a sequence",
            "kind: A\nlist:\n- - a\n  # before b\n  - b\n"),
        Arguments.of(
            "a comment at the end of a nested mapping, at its indentation",
            "kind: A\nmetadata:\n  labels:\n    app: x\n    # more labels\n  name: y\n"),
        Arguments.of(
            "a comment at the end of an item's mapping, before the next item",
            "kind: A\nlist:\n- name: a\n  value: b\n  # end of a\n- name: c\n"),
        Arguments.of(
            "a comment at the end of the object, indented into its last mapping",
            "kind: A\ndata:\n  k: v\n  # trailing note\n"),
        Arguments.of(
            "a comment at the end of a deep block, then one at a shallower level",
            "kind: A\na:\n  b:\n    c: 1\n    # end of b\n  # end of a\nd: 2\n"),
        Arguments.of(
            "a sequence under a key with an in-line comment, at the key's indent",
            "kind: A\nspec:\n  ports: # note\n  - port: 80\n"),
        Arguments.of(
            "a comment between a key and its scalar value",
            "kind: A\nkey:\n  # about the value\n  value\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keptAsWritten")
  @DisplayName("comes out byte for byte as it came in, with")
  void keptAsWritten(String name, String object) {
    assertThat(roundTripManifests(object)).isEqualTo(object);
    String inList =
        "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- "
            + object
                .lines()
                .map(line -> line.isEmpty() ? line : "  " + line)
                .collect(joining("\n"))
                .substring(2)
            + "\n";
    if (!object.contains("|")) { // block scalars: the indentation shift above changes their content
      assertThat(roundTrip(inList)).isEqualTo(inList);
    }
  }

  @Test
  @DisplayName("comes out byte for byte as it came in, within a whole manifest file kept by hand")
  void manifestFile() {
    String file = YamlText.fixture("manifests-with-comments.yaml");

    assertThat(roundTripManifests(file)).isEqualTo(file);
  }

  @Nested
  @DisplayName("comes out changed where snakeyaml cannot keep the text (the value is the same)")
  class SnakeyamlLimits {

    @Test
    @DisplayName(
        "a folded scalar is folded again, on one line, and ends with an empty line as kyaml writes it")
    void folded() {
      assertThat(roundTripManifests("kind: A\ndata:\n  f: >\n    one\n    two\nx: 1\n"))
          .isEqualTo("kind: A\ndata:\n  f: >\n    one two\n\nx: 1\n");
      assertThat(roundTripManifests("kind: A\ndata:\n  f: >-\n    one\n    two\nx: 1\n"))
          .as("stripped: no empty line")
          .isEqualTo("kind: A\ndata:\n  f: >-\n    one two\nx: 1\n");
    }

    @Test
    @DisplayName("a sequence indented under its key comes out at the key's indent")
    void wideSequence() {
      assertThat(roundTripManifests("kind: A\nlist:\n  - a\n  - b\n"))
          .isEqualTo("kind: A\nlist:\n- a\n- b\n");
    }

    @Test
    @DisplayName("the spaces before an inline comment become one")
    void inlineCommentSpacing() {
      assertThat(roundTripManifests("kind: A   # kind\n")).isEqualTo("kind: A # kind\n");
    }

    @Test
    @DisplayName("a \\u escape in a double-quoted string is written as the character")
    void unicodeEscape() {
      assertThat(roundTripManifests("kind: A\ns: \"\\u00e9\"\n")).isEqualTo("kind: A\ns: \"é\"\n");
    }

    @Test
    @DisplayName("a document end marker (...) is dropped")
    void documentEnd() {
      assertThat(roundTripManifests("kind: A\n...\n")).isEqualTo("kind: A\n");
    }

    @Test
    @DisplayName(
        "a value that holds U+FDD0 itself is kept, and plain tagged scalars in a flow collection then"
            + " get single quotes")
    void markerCharacterWithExplicitTag() {
      assertThat(
              roundTripManifests(
                  "kind: A\nodd: {s: \"\uFDD0\", count: !!str 123}\ncount: !!str 123\n"))
          .isEqualTo("kind: A\nodd: {s: \"\uFDD0\", count: !!str '123'}\ncount: !!str 123\n");
    }

    @Test
    @DisplayName(
        "a value that holds U+FDD0 itself is kept, and leading-zero integers in a flow collection"
            + " then get snakeyaml's !!int form")
    void markerCharacterInInput() {
      assertThat(roundTripManifests("kind: A\nodd: [\"\uFDD0\", 0644]\nmode: 0644\n"))
          .isEqualTo("kind: A\nodd: [\"\uFDD0\", !!int '0644']\nmode: 0644\n");
    }
  }
}
