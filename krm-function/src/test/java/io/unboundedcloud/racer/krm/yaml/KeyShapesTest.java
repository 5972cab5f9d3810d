package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of mapping key the reader accepts, written back as kyaml writes it. Each expected text
 * was checked against kpt 1.0.0-beta.56: for keys kpt writes back, the file {@code kpt fn eval
 * --exec cat} writes; for collection and empty keys, which kpt reads and sends to a function but
 * cannot read back from one (cat included), the item in the ResourceList kpt sends ({@code
 * realfiles/kpt-unreadable}, held to the live kpt by {@code RealFilesIT}). Where the function
 * differs from kyaml on purpose, the case says why.
 */
@DisplayName("A mapping key of each kind")
class KeyShapesTest {

  static Stream<Arguments> keys() {
    return Stream.of(
        Arguments.of("a flow sequence", "  [a, b]: v\n", "  ? [a, b]\n  : v\n"),
        Arguments.of("a flow mapping", "  {a: b}: v\n", "  ? {a: b}\n  : v\n"),
        Arguments.of(
            "a flow sequence after a simple first key",
            "  x: 1\n  [a, b]: v\n",
            "  x: 1\n  ? [a, b]\n  : v\n"),
        Arguments.of("an explicit flow mapping", "  ? {a: b}\n  : v\n", "  ? {a: b}\n  : v\n"),
        Arguments.of(
            "a block sequence",
            "  ? - e\n    - f\n  : blockseq\n",
            "  ? - e\n    - f\n  : blockseq\n"),
        Arguments.of(
            "a block mapping",
            "  ? g: h\n    i: j\n  : blockmap\n",
            "  ? g: h\n    i: j\n  : blockmap\n"),
        Arguments.of(
            "a sequence of sequences",
            "  ? - - a\n      - b\n  : seqseq\n",
            "  ? - - a\n      - b\n  : seqseq\n"),
        Arguments.of(
            "a block mapping holding flow collections",
            "  ? g: {h: [1, 2]}\n  : nested\n",
            "  ? g: {h: [1, 2]}\n  : nested\n"),
        Arguments.of(
            "a tagged block sequence (kyaml puts its items at the ? column)",
            "  ? !t\n    - a\n  : tagseq\n",
            "  ? !t\n  - a\n  : tagseq\n"),
        Arguments.of(
            "a block mapping tagged !!map",
            "  ? !!map\n    a: b\n  : v\n",
            "  ? !!map\n    a: b\n  : v\n"),
        Arguments.of("a tagged flow sequence", "  ? !t [x]\n  : 7\n", "  ? !t [x]\n  : 7\n"),
        Arguments.of("an anchored flow sequence", "  &a1 [a, b]: v\n", "  ? &a1 [a, b]\n  : v\n"),
        Arguments.of(
            "a flow sequence with comments on both lines",
            "  ? [a, b] # c1\n  : v # c2\n",
            "  ? [a, b] # c1\n  : v # c2\n"),
        Arguments.of(
            "a flow sequence with a block mapping, a block sequence, a literal block, a null and an"
                + " empty flow sequence as values",
            "  ? [a]\n  : x: 1\n    y: 2\n  ? [b]\n  : - 1\n    - 2\n  ? [c]\n  : |\n    lit\n"
                + "  ? [e]\n  :\n  ? [f]\n  : []\n",
            "  ? [a]\n  : x: 1\n    y: 2\n  ? [b]\n  : - 1\n    - 2\n  ? [c]\n  : |\n    lit\n"
                + "  ? [e]\n  :\n  ? [f]\n  : []\n"),
        Arguments.of(
            "a flow sequence in a nested mapping and in sequence items",
            "  inner:\n    ? [a]\n    : v\n  list:\n  - ? [a]\n    : v\n  - [b]: w\n",
            "  inner:\n    ? [a]\n    : v\n  list:\n  - ? [a]\n    : v\n  - ? [b]\n    : w\n"),
        Arguments.of(
            "empty collections (simple keys for kyaml too)",
            "  []: emptyseq\n  {}: emptymap\n",
            "  []: emptyseq\n  {}: emptymap\n"),
        Arguments.of(
            "a literal block",
            "  ? |\n    literal\n    key\n  : v2\n",
            "  ? |\n    literal\n    key\n  : v2\n"),
        Arguments.of(
            "a literal block holding a tab",
            "  ? |\n    tab\there\n  : tabkey\n",
            "  ? |\n    tab\there\n  : tabkey\n"),
        Arguments.of(
            "a folded block (kyaml's empty line after it)",
            "  ? >\n    folded key\n  : v3\n",
            "  ? >\n    folded key\n\n  : v3\n"),
        Arguments.of(
            "a literal block of one line (double-quoted, a simple key)",
            "  ? |-\n    lit\n  : v4\n",
            "  \"lit\": v4\n"),
        Arguments.of(
            "quoted keys over two lines that read as one",
            "  ? \"multi\n    line\"\n  : 3\n  ? 'other\n    line'\n  : 4\n",
            "  \"multi line\": 3\n  'other line': 4\n"),
        Arguments.of(
            "a double-quoted key holding a line feed",
            "  ? \"with\\na line feed\"\n  : 3\n",
            "  ? \"with\\na line feed\"\n  : 3\n"),
        Arguments.of(
            "an anchored key and its alias",
            "  ? &k anch\n  : 4\n  *k : 5\n",
            "  &k anch: 4\n  *k: 5\n"),
        Arguments.of(
            "tagged keys, one of them empty",
            "  !!str tagged: 6\n  ? !!str\n  : empty\n",
            "  !!str tagged: 6\n  !!str '': empty\n"),
        Arguments.of("an explicit empty string key", "  ? \"\"\n  : a\n", "  \"\": a\n"),
        Arguments.of("an empty string key", "  '': b\n", "  '': b\n"),
        Arguments.of(
            "a null key (kyaml writes '', which reads as the empty string: the function keeps the"
                + " null)",
            "  ?\n  : nullkey\n  ~: tilde\n",
            "  ?\n  : nullkey\n  ~: tilde\n"),
        Arguments.of(
            "keys with comments",
            "  # above\n  commented: 8 # inline\n",
            "  # above\n  commented: 8 # inline\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  @DisplayName("is written as kyaml writes it, as valid YAML, and the same when written again")
  void writtenAsKyaml(String what, String entries, String expected) {
    String out = roundTripManifests("kind: A\ndata:\n" + entries);

    assertThat(out).isEqualTo("kind: A\ndata:\n" + expected);
    PlainYamlParser.assertComposes(out, what);
    assertThat(roundTripManifests(out)).isEqualTo(out);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  @DisplayName("means what it meant: the written text composes to the tree the input composes to")
  void sameMeaning(String what, String entries, String expected) {
    String in = "kind: A\ndata:\n" + entries;

    assertThat(NodeShape.of(readManifests(roundTripManifests(in))))
        .isEqualTo(NodeShape.of(readManifests(in)));
  }

  @org.junit.jupiter.api.Test
  @DisplayName(
      "in a flow mapping, a collection key is written with '? ', as kyaml writes it (it cannot read"
          + " one without)")
  void inFlowMapping() {
    String out = roundTripManifests("kind: A\ndata: {[a, b]: v, {c: d}: w, x: y}\n");

    assertThat(out).isEqualTo("kind: A\ndata: {? [a, b] : v, ? {c: d} : w, x: y}\n");
    assertThat(roundTripManifests(out)).isEqualTo(out);
  }

  private static java.util.List<org.yaml.snakeyaml.nodes.MappingNode> readManifests(String text) {
    return YamlText.readManifests(text);
  }
}
