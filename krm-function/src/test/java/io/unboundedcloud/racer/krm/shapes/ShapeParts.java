package io.unboundedcloud.racer.krm.shapes;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts generated documents are made of: each one or more entries of a block mapping, written
 * from column 0, that can go under any mapping key or into a sequence item when every line is
 * indented alike. Each part's keys start with its name, so parts never repeat a key when composed.
 */
public final class ShapeParts {

  /** One part: its name (what a failure names) and its entries' text, ending in a line end. */
  public record Part(String name, String text) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final List<Part> ALL = new ArrayList<>();

  static {
    keys();
    scalars();
    tags();
    comments();
    nestedSequences();
    flowCollections();
    anchors();
  }

  private ShapeParts() {}

  /** Every part, in a fixed order. */
  public static List<Part> all() {
    return List.copyOf(ALL);
  }

  /** The part of this name. */
  public static Part named(String name) {
    return ALL.stream()
        .filter(part -> part.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no part " + name));
  }

  private static void part(String name, String text) {
    ALL.add(new Part(name, text.endsWith("\n") ? text : text + "\n"));
  }

  /** Mapping keys of each kind. */
  private static void keys() {
    part("key-plain", "key-plain: v");
    part("key-single-quoted", "'key-single quoted': v");
    part("key-double-quoted", "\"key-double\\tquoted\": v");
    part("key-explicit-plain", "? key-explicit-plain\n: v");
    part("key-multi-line-plain", "? key-multi-line\n  plain\n: v");
    part("key-literal-block", "? |\n  key-literal-block\n: v");
    part("key-folded-block", "? >-\n  key-folded\n  block\n: v");
    part("key-flow-sequence", "[key-flow-sequence, b]: v");
    part("key-flow-mapping", "{key-flow-mapping: b}: v");
    part("key-block-sequence", "? - key-block-sequence\n  - b\n: v");
    part("key-block-mapping", "? key-block-mapping: b\n: v");
    part("key-after-simple-key", "key-after-simple-key: 1\n[key-after-simple-key, x]: v");
    part("key-tagged-str", "!!str key-tagged-str: v");
    part("key-tagged-local", "!k key-tagged-local: v");
    part("key-empty-string", "key-empty-string: x\n\"\": v");
    part("key-null", "key-null: x\n? \n: v");
    part("key-with-empty-value", "key-with-empty-value:");
    part("key-with-spaces-and-colon", "\"key-with spaces: and colon\": v");
  }

  /** Scalars of each style, with tabs, leading and trailing spaces, unicode, long lines. */
  private static void scalars() {
    part("scalar-plain", "scalar-plain: a plain value");
    part("scalar-single-quoted", "scalar-single-quoted: 'it''s single'");
    part("scalar-double-quoted", "scalar-double-quoted: \"double \\\"quoted\\\" \\u00e9\"");
    part("scalar-literal", "scalar-literal: |\n  line one\n  line two\n");
    part("scalar-literal-strip", "scalar-literal-strip: |-\n  line one\n  line two");
    part(
        "scalar-literal-keep",
        "scalar-literal-keep: |+\n  line one\n\nscalar-literal-keep-next: x");
    part("scalar-folded", "scalar-folded: >\n  folded one\n  folded two\n\n  next paragraph\n");
    part(
        "scalar-literal-with-tabs",
        "scalar-literal-with-tabs: |\n  options {\n  \tdirectory \"/var/cache\";\n  \tlisten-on port 53;\n  };\n");
    part("scalar-folded-with-tabs", "scalar-folded-with-tabs: >\n  a\tb\n  \tc\n");
    part("scalar-plain-with-tab", "scalar-plain-with-tab: a\tb");
    part("scalar-double-with-tab", "scalar-double-with-tab: \"a\\tb\"");
    part("scalar-single-with-tab", "scalar-single-with-tab: 'a\tb'");
    part(
        "scalar-literal-leading-spaces",
        "scalar-literal-leading-spaces: |2\n    indented first\n  then less\n");
    part(
        "scalar-literal-trailing-spaces", "scalar-literal-trailing-spaces: |\n  trailing  \n  x\n");
    part(
        "scalar-double-leading-trailing-spaces",
        "scalar-double-leading-trailing-spaces: \"  both  \"");
    part("scalar-single-trailing-spaces", "scalar-single-trailing-spaces: 'trail  '");
    part("scalar-unicode-plain", "scalar-unicode-plain: ünïcødé ✓ 日本語");
    part("scalar-unicode-double", "scalar-unicode-double: \"emoji \\U0001F680 and é\"");
    part("scalar-long-plain", "scalar-long-plain: " + "word ".repeat(60).strip());
    part("scalar-long-double", "scalar-long-double: \"" + "long-".repeat(70) + "end\"");
    part("scalar-multi-line-plain", "scalar-multi-line-plain: first\n  second\n  third");
    part("scalar-multi-line-double", "scalar-multi-line-double: \"first\n  second\"");
    part(
        "scalar-null-forms",
        "scalar-null-forms-tilde: ~\nscalar-null-forms-word: null\nscalar-null-forms-empty:");
    part("scalar-numbers-and-bools", "scalar-numbers: 0o14\nscalar-bools: yes\nscalar-float: 1e3");
    part("scalar-looks-like-comment", "scalar-looks-like-comment: 'a #b'\nscalar-hash-plain: a#b");
  }

  /** Tags on scalars, collections, empty values. */
  private static void tags() {
    part("tag-local-scalar", "tag-local-scalar: !x v");
    part("tag-str-scalar", "tag-str-scalar: !!str 123");
    part("tag-verbatim", "tag-verbatim: !<tag:example.com,2000:x> v");
    part("tag-on-empty-value", "tag-on-empty-value: !!str");
    part("tag-local-on-empty", "tag-local-on-empty: !e");
    part("tag-on-mapping", "tag-on-mapping: !m\n  a: b\n  c: d");
    part("tag-on-sequence", "tag-on-sequence: !!seq\n- a\n- b");
    part("tag-on-flow", "tag-on-flow: !f [a, b]");
    part("tag-int-quoted", "tag-int-quoted: !!int \"3\"");
    part("tag-binary", "tag-binary: !!binary |\n  aGVsbG8gd29ybGQ=\n");
  }

  /** Comments in every place the grammar allows one. */
  private static void comments() {
    part("comment-head", "# a head comment\ncomment-head: v");
    part("comment-line", "comment-line: v # a line comment");
    part(
        "comment-foot-of-mapping",
        "comment-foot-of-mapping:\n  a: 1\n  b: 2\n  # foot of the mapping");
    part("comment-foot-of-list", "comment-foot-of-list:\n  - a\n  - b\n  # foot of the list");
    part(
        "comment-foot-of-list-at-key-indent",
        "comment-foot-of-list-at-key-indent:\n- a\n- b\n# after the list");
    part("comment-between-items", "comment-between-items:\n- a\n# between\n- b");
    part("comment-after-key", "comment-after-key: # after the key\n  a: 1");
    part("comment-after-key-before-list", "comment-after-key-before-list: # after the key\n  - a");
    part("comment-after-dash", "comment-after-dash:\n- # after the dash\n  a: 1\n  b: 2");
    part(
        "comment-after-block-header", "comment-after-block-header: | # after the header\n  text\n");
    part(
        "comment-blank-lines",
        "comment-blank-lines-a: 1\n\n# after a blank line\n\ncomment-blank-lines-b: 2");
    part(
        "comment-deep-foot",
        "comment-deep-foot:\n  inner:\n    x: 1\n    # foot of inner\n  # foot of outer\n");
    part(
        "comment-in-flow-sequence",
        "comment-in-flow-sequence: [\"--a\", # first\n  \"--b\", # second\n  ]");
    part("comment-in-flow-mapping", "comment-in-flow-mapping: {a: 1, # one\n  b: 2}");
    part(
        "comment-before-nested-sequence",
        "comment-before-nested-sequence:\n# first group\n- - name: hello1\n    template: say\n# second group\n- - name: hello2\n    template: say");
    part(
        "comment-line-on-nested-sequence",
        "comment-line-on-nested-sequence:\n- - a # on a\n  - b\n- - c");
    part("comment-in-explicit-key", "? comment-in-explicit-key # on the key\n: v # on the value");
    part(
        "comment-after-question-mark",
        "? # after the indicator\n  comment-after-question-mark\n: v");
    part("comment-before-colon", "? comment-before-colon\n# before the colon\n: v");
    part(
        "comment-on-explicit-collection-key",
        "? comment-on-explicit-collection-key # on the key\n:\n  a: 1");
    part("comment-after-tag", "comment-after-tag: !!map # on the tag\n  a: 1");
    part("comment-below-tag", "comment-below-tag: !!map\n  # below\n  a: 1");
    part(
        "comment-after-anchor",
        "comment-after-anchor: &comment-after-anchor # on the anchor\n  # below\n  a: 1");
    part("comment-after-tag-on-scalar", "comment-after-tag-on-scalar: !!str # on the tag\n  v");
    part(
        "comment-after-tag-on-sequence",
        "comment-after-tag-on-sequence: !!seq\n# below the tag\n- a\ncomment-after-tag-on-sequence-b: !!seq # on it\n- b");
    part(
        "comment-after-tag-in-item",
        "comment-after-tag-in-item:\n- !!map # on the tag\n  a: 1\n- !!map\n  # below the tag\n  b: 2");
  }

  /** Sequences nested in sequences. */
  private static void nestedSequences() {
    part("seq-of-seqs", "seq-of-seqs:\n- - a\n  - b\n- - c");
    part("seq-of-seqs-indented", "seq-of-seqs-indented:\n  - - a\n    - b\n  - - c");
    part("seq-three-deep", "seq-three-deep:\n- - - deep\n    - deeper");
    part(
        "seq-of-seqs-of-maps",
        "seq-of-seqs-of-maps:\n- - name: one\n    template: t\n  - name: two\n- - name: three");
    part("seq-of-empty-and-null", "seq-of-empty-and-null:\n- []\n- \n- - x");
    part("seq-of-flow-seqs", "seq-of-flow-seqs:\n- [a, b]\n- [c]");
  }

  /** Flow collections inside block collections. */
  private static void flowCollections() {
    part("flow-sequence", "flow-sequence: [\"--a\", \"--b\"]");
    part("flow-mapping", "flow-mapping: {a: 1, b: [x, y]}");
    part("flow-multi-line", "flow-multi-line: {\n  a: 1,\n  b: 2\n}");
    part("flow-trailing-comma", "flow-trailing-comma: [a, b, ]");
    part("flow-empty", "flow-empty-seq: []\nflow-empty-map: {}");
    part("flow-in-list", "flow-in-list:\n- {name: a, port: 80}\n- {name: b, port: 81}");
    part("flow-nested", "flow-nested: [[a, b], {c: d}, []]");
    part("flow-quoted", "flow-quoted: ['*', \"x y\"]");
    part("flow-odd-spacing", "flow-odd-spacing: { port: 80,name: http }");
  }

  /** Anchors and aliases. */
  private static void anchors() {
    part("anchor-scalar", "anchor-scalar: &anchor-scalar v\nanchor-scalar-alias: *anchor-scalar");
    part(
        "anchor-mapping",
        "anchor-mapping: &anchor-mapping\n  a: 1\nanchor-mapping-alias: *anchor-mapping");
  }
}
