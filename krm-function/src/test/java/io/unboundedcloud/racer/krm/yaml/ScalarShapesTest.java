package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scalars of each style, and tags everywhere YAML allows one, written back as kyaml writes them.
 * Each expected text was checked against kpt 1.0.0-beta.56: the file {@code kpt fn eval --exec cat}
 * writes, or, where that file differs from the ResourceList kpt sends (a folded block holding a
 * tab, which kyaml's own round trip turns into a double-quoted string), the item kpt sends. The
 * same shapes are files of the real-files corpus ({@code corpus/shapes}), which {@code RealFilesIT}
 * runs through the live kpt.
 */
@DisplayName("Written as kyaml writes it")
class ScalarShapesTest {

  private static void assertWritten(String what, String value, String expected) {
    String in = "kind: A\ndata:\n" + value;
    String out = roundTripManifests(in);

    assertThat(out).as(what).isEqualTo("kind: A\ndata:\n" + expected);
    PlainYamlParser.assertComposes(out, what);
    assertThat(roundTripManifests(out)).as("%s, written again", what).isEqualTo(out);
    assertThat(NodeShape.of(readManifests(out)))
        .as("%s, its meaning", what)
        .isEqualTo(NodeShape.of(readManifests(in)));
  }

  @Nested
  @DisplayName("a block scalar")
  class BlockScalars {

    static Stream<Arguments> blocks() {
      return Stream.of(
          Arguments.of(
              "with tab-indented lines stays a literal block",
              "  named.conf: |\n    options {\n    \tdirectory \"/var\";\n    };\n",
              "  named.conf: |\n    options {\n    \tdirectory \"/var\";\n    };\n"),
          Arguments.of(
              "ending in a tab stays a literal block",
              "  t: |\n    tab at end\t\n",
              "  t: |\n    tab at end\t\n"),
          Arguments.of(
              "folded, holding a tab, stays folded (kyaml's empty line after it)",
              "  f: >\n    a\tb\n    c\n",
              "  f: >\n    a\tb c\n\n"),
          Arguments.of(
              "with a space at the end of a line becomes double-quoted",
              "  s: |\n    trailing space \n",
              "  s: \"trailing space \\n\"\n"),
          Arguments.of(
              "with a line of spaces only becomes double-quoted",
              "  s: |\n    a\n     \n    b\n",
              "  s: \"a\\n \\nb\\n\"\n"),
          Arguments.of(
              "starting with empty lines gets an indentation indicator",
              "  e: |\n\n\n    after\n",
              "  e: |2\n\n\n    after\n"),
          Arguments.of(
              "starting with spaces keeps its indentation indicator",
              "  l: |2\n      indented first\n    second\n",
              "  l: |2\n      indented first\n    second\n"),
          Arguments.of(
              "kept (+) and stripped (-)",
              "  k: |+\n    k\n\n  s: |-\n    s\n",
              "  k: |+\n    k\n\n  s: |-\n    s\n"),
          Arguments.of(
              "holding a character beyond U+FFFF becomes double-quoted with its escape",
              "  e: |\n    smile \uD83D\uDE00\n",
              "  e: \"smile \\U0001F600\\n\"\n"),
          Arguments.of(
              "a plain scalar over lines with an empty line becomes a literal block",
              "  p: a\n\n    b\n",
              "  p: |-\n    a\n    b\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    @DisplayName("is written as kyaml writes it, means the same and stays so")
    void block(String what, String value, String expected) {
      assertWritten(what, value, expected);
    }
  }

  @Nested
  @DisplayName("a quoted or plain scalar")
  class QuotedScalars {

    static Stream<Arguments> quoted() {
      return Stream.of(
          Arguments.of(
              "holding a tab becomes double-quoted",
              "  dq: \"tab\\there\"\n  sq: 'tab\there'\n  plain: tab\there\n",
              "  dq: \"tab\\there\"\n  sq: \"tab\\there\"\n  plain: \"tab\\there\"\n"),
          Arguments.of(
              "with characters go-yaml does not print, escaped as it escapes them",
              "  bom: \"x\\ufeffy\"\n  nel: \"a\\u0085b\"\n  lsep: \"a\\u2028b\"\n  cr: \"a\\rb\"\n"
                  + "  ctl: \"a\\x01b\"\n  del: \"a\\x7fb\"\n  c1: \"a\\x80b\"\n",
              "  bom: \"x\\uFEFFy\"\n  nel: \"a\\Nb\"\n  lsep: \"a\\Lb\"\n  cr: \"a\\rb\"\n"
                  + "  ctl: \"a\\x01b\"\n  del: \"a\\x7Fb\"\n  c1: \"a\\x80b\"\n"),
          Arguments.of(
              "with a no-break space, written as it is",
              "  nbsp: \"a\\u00a0b\"\n",
              "  nbsp: \"a\u00a0b\"\n"),
          Arguments.of(
              "plain, with a character beyond U+FFFF, becomes double-quoted",
              "  s: smile \uD83C\uDFC1\n",
              "  s: \"smile \\U0001F3C1\"\n"),
          Arguments.of(
              "single-quoted over lines keeps its empty line",
              "  sq: 'a\n\n    b'\n",
              "  sq: 'a\n\n    b'\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quoted")
    @DisplayName("is written as kyaml writes it, means the same and stays so")
    void quotedScalar(String what, String value, String expected) {
      assertWritten(what, value, expected);
    }
  }

  @Nested
  @DisplayName("a tag")
  class Tags {

    static Stream<Arguments> tags() {
      return Stream.of(
          Arguments.of(
              "verbatim, on a plain value",
              "  local: !<tag:example.com,2000:x> v\n",
              "  local: !<tag:example.com,2000:x> v\n"),
          Arguments.of(
              "verbatim, shortened where a handle fits",
              "  a: !<!x> v\n  b: !<tag:yaml.org,2002:str> v\n",
              "  a: !x v\n  b: !!str v\n"),
          Arguments.of(
              "verbatim, with characters it escapes",
              "  y: !<tag:example.com,2000:with%20space> v\n  z: !e%21x v\n",
              "  y: !<tag:example.com,2000:with%20space> v\n  z: !e%21x v\n"),
          Arguments.of(
              "local and secondary, on plain and quoted values",
              "  loc: !x v\n  locq: !x \"v\"\n  sec: !!str v\n  int: !!int 3\n  g: !!str 123\n"
                  + "  f: !!float 1\n  b: !!bool yes\n  t: !!str ''\n  s: !x \"\"\n",
              "  loc: !x v\n  locq: !x \"v\"\n  sec: !!str v\n  int: !!int 3\n  g: !!str 123\n"
                  + "  f: !!float 1\n  b: !!bool yes\n  t: !!str ''\n  s: !x \"\"\n"),
          Arguments.of(
              "on empty values, with nothing after it",
              "  c: !!str\n  d: !x\n  e: !!null\n",
              "  c: !!str\n  d: !x\n  e: !!null\n"),
          Arguments.of(
              "on block and flow collections",
              "  h: !x\n    a: b\n  i: !!map\n    a: b\n  j: !x [a, b]\n  k: !!seq\n  - a\n"
                  + "  l: !x {a: b}\n  m: !x\n  - a\n  n: !!omap\n  - a: 1\n",
              "  h: !x\n    a: b\n  i: !!map\n    a: b\n  j: !x [a, b]\n  k: !!seq\n  - a\n"
                  + "  l: !x {a: b}\n  m: !x\n  - a\n  n: !!omap\n  - a: 1\n"),
          Arguments.of(
              "on block scalars",
              "  o: !x |\n    lit\n  p: !!str |\n    lit\n",
              "  o: !x |\n    lit\n  p: !!str |\n    lit\n"),
          Arguments.of(
              "with an anchor, after it",
              "  q: &anc !x v\n  r: !x &anc2 v\n  u: &anc3 !!str 1\n",
              "  q: &anc !x v\n  r: &anc2 !x v\n  u: &anc3 !!str 1\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    @DisplayName("is written as kyaml writes it, means the same and stays so")
    void tag(String what, String value, String expected) {
      assertWritten(what, value, expected);
    }

    @org.junit.jupiter.api.Test
    @DisplayName("on a document, on a line of its own at its top (as kyaml writes '--- !!map')")
    void onDocument() {
      String out = roundTripManifests("--- !!map\nkind: A\n---\n--- !x\nkind: B\n");

      assertThat(out).isEqualTo("!!map\nkind: A\n---\n!x\nkind: B\n");
      assertThat(roundTripManifests(out)).isEqualTo(out);
    }

    @org.junit.jupiter.api.Test
    @DisplayName(
        "named through a %TAG directive, verbatim (kpt refuses %TAG; render mode reads it)")
    void tagDirective() {
      String out =
          roundTripManifests(
              "%TAG !e! tag:example.com,2000:\n---\nkind: A\ndata:\n  a: !e!foo v\n  b: !e!bar\n"
                  + "    x: y\n");

      assertThat(out)
          .isEqualTo(
              "kind: A\ndata:\n  a: !<tag:example.com,2000:foo> v\n  b: !<tag:example.com,2000:bar>\n"
                  + "    x: y\n");
      assertThat(roundTripManifests(out)).isEqualTo(out);
    }
  }
}
