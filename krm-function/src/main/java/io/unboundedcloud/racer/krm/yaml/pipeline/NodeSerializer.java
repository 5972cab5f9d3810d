package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.nodes.AnchorNode;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Writes node trees as a YAML stream in the one style of {@code krm.yaml}, which is kyaml's (the
 * YAML library of kustomize and kpt): block style where the node does not say otherwise, indent 2,
 * sequences in a mapping at the key's indent ({@code - } under the key), no line wrapping, Unicode
 * as is, {@code \n} line breaks, and each comment where kyaml writes it:
 *
 * <ul>
 *   <li>a node's block comments on the lines before it, at its indentation; a sequence item's
 *       before its dash, but those of the first key of a mapping item (or the first item of a
 *       nested sequence) after the dash ({@code - # header}, then the key below it);
 *   <li>an in-line comment after the value, or after the key ({@code ports: # note}) when the value
 *       is a block collection;
 *   <li>a collection's end comments after its last entry, at its indentation;
 *   <li>a blank line of the input as an empty line.
 * </ul>
 *
 * {@link CommentPlacement} reads comments into these places, so what is read and written again
 * stays the same. The layout is written here; the text of a scalar that is not plainly safe (quotes
 * and escapes, block scalars), of flow collections and of mappings with a non-scalar key comes from
 * snakeyaml's emitter ({@link EmittedFragment}). snakeyaml's own serializer and emitter put a
 * sequence item's comment after its dash (in front of a flow mapping, that is invalid YAML: {@code
 * - # note} then {@code {a: 1}} at column 0), a comment after a block's last entry at the head of
 * what follows, and keep every node of the document in a map while they write.
 */
public final class NodeSerializer {

  private static final Resolver RESOLVER = new Resolver();

  private final Writer out;
  private final int maxNestingDepth;
  private final Set<Node> anchored = Collections.newSetFromMap(new IdentityHashMap<>());

  /** After a {@code -} of the current line with nothing after it yet (not even its space). */
  private boolean afterDash;

  /**
   * How many columns right of where it was read the collection being written is: the lines of a
   * flow collection written as it was read ({@link FlowText}) move with it.
   */
  private int shift;

  /** YAML's bound on a simple (implicit) key's length. */
  private static final int MAX_SIMPLE_KEY_CHARACTERS = 1024;

  private NodeSerializer(Writer out, int maxNestingDepth) {
    this.out = out;
    this.maxNestingDepth = maxNestingDepth;
  }

  /**
   * Writes each root as one document ({@code ---} between documents), then flushes {@code out};
   * does not close it. A tree nesting deeper than {@code maxNestingDepth} is a bug, thrown as such.
   */
  public static void write(List<? extends Node> documents, Writer out, int maxNestingDepth) {
    NodeSerializer serializer = new NodeSerializer(out, maxNestingDepth);
    try {
      boolean first = true;
      for (Node root : documents) {
        if (!first) {
          out.write("---\n");
        }
        first = false;
        serializer.document(root);
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether a scalar is written plain with its tag left out: plain, and tagged as snakeyaml's
   * resolver reads its text. Readers downstream then type it from the text alone.
   */
  public static boolean writtenPlainWithoutTag(ScalarNode scalar) {
    return scalar.isPlain()
        && scalar.getTag().equals(RESOLVER.resolve(NodeId.scalar, scalar.getValue(), true));
  }

  private void document(Node root) throws IOException {
    anchored.clear();
    afterDash = false;
    Node node = real(root);
    comments(node.getBlockComments(), 0);
    if (isBlock(node) && !isAlias(node) && props(node).isEmpty()) {
      if (node instanceof MappingNode mapping) {
        entries(mapping, 0, 0);
      } else {
        items((SequenceNode) node, 0, 0);
      }
    } else {
      String text = text(node, 0);
      int lineEnd = text.indexOf('\n');
      out.write(lineEnd < 0 ? text : text.substring(0, lineEnd));
      endLine(null, node.getInLineComments());
      if (lineEnd >= 0) {
        continuation(text.substring(lineEnd + 1), 2);
      }
      comments(node.getEndComments(), 0);
    }
  }

  private void entries(MappingNode mapping, int indent, int depth) throws IOException {
    depth(depth);
    int moved = shift(mapping, indent);
    for (NodeTuple tuple : mapping.getValue()) {
      shift = moved;
      Node key = real(tuple.getKeyNode());
      comments(key.getBlockComments(), indent);
      startLine(indent);
      String keyText = keyText(key, depth);
      if (isSimpleKey(keyText)) {
        out.write(keyText);
        out.write(':');
        afterDash = false;
        value(tuple.getValueNode(), key.getInLineComments(), indent, indent + 2, depth + 1);
      } else {
        // "? key", then ": value" in the compact form of a sequence item, as kyaml writes it
        out.write("? ");
        out.write(keyText);
        out.write('\n');
        indent(indent);
        out.write(':');
        afterDash = true;
        value(tuple.getValueNode(), key.getInLineComments(), indent + 2, indent + 2, depth + 1);
      }
    }
    comments(mapping.getEndComments(), indent);
  }

  private void items(SequenceNode sequence, int indent, int depth) throws IOException {
    depth(depth);
    int moved = shift(sequence, indent);
    for (Node child : sequence.getValue()) {
      shift = moved;
      Node item = real(child);
      if (!isAlias(item)) {
        comments(item.getBlockComments(), indent);
      }
      startLine(indent);
      out.write('-');
      afterDash = true;
      value(item, null, indent + 2, indent + 2, depth + 1);
    }
    comments(sequence.getEndComments(), indent);
  }

  /**
   * Writes a value after its key's {@code :} or its item's {@code -}, to the end of its last line.
   * {@code blockIndent} is where a block mapping's keys go (a sequence under a key goes at the
   * key's indent, {@code sequenceIndent}).
   */
  private void value(
      Node valueNode, List<CommentLine> keyComments, int sequenceIndent, int blockIndent, int depth)
      throws IOException {
    Node node = real(valueNode);
    boolean inItem = afterDash;
    if (isAlias(node)) {
      out.write(" *" + node.getAnchor());
      endLine(keyComments, null);
      return;
    }
    String props = props(node);
    if (isBlock(node)) {
      if (!props.isEmpty()) {
        out.write(' ');
        out.write(props);
        remember(node);
      }
      if (inItem && props.isEmpty() && isEmpty(keyComments)) {
        if (node instanceof MappingNode mapping) {
          entries(mapping, blockIndent, depth);
        } else {
          items((SequenceNode) node, blockIndent, depth);
        }
        return;
      }
      endLine(keyComments, node.getInLineComments());
      if (!inItem) {
        comments(
            node.getBlockComments(), node instanceof MappingNode ? blockIndent : sequenceIndent);
      }
      if (node instanceof MappingNode mapping) {
        entries(mapping, blockIndent, depth);
      } else {
        items((SequenceNode) node, inItem ? blockIndent : sequenceIndent, depth);
      }
      return;
    }
    String kept = isEmpty(keyComments) ? FlowText.of(node, maxNestingDepth) : null;
    if (kept != null) {
      keptText(node, kept, inItem, blockIndent);
      return;
    }
    String text = text(node, depth);
    int lineEnd = text.indexOf('\n');
    if (!inItem && !isEmpty(node.getBlockComments())) {
      // comments between a key and its value: on their own lines, the value below them
      endLine(keyComments, null);
      keyComments = null;
      comments(node.getBlockComments(), blockIndent);
      indent(blockIndent);
      out.write(lineEnd < 0 ? text : text.substring(0, lineEnd));
    } else if (!text.isEmpty()) {
      out.write(' ');
      out.write(lineEnd < 0 ? text : text.substring(0, lineEnd));
    }
    endLine(keyComments, node.getInLineComments());
    if (lineEnd >= 0) {
      continuation(text.substring(lineEnd + 1), blockIndent);
      if (node instanceof ScalarNode scalar
          && scalar.getScalarStyle() == ScalarStyle.FOLDED
          && text.charAt(lineEnd - 1) != '-'
          && text.charAt(lineEnd - 1) != '+'
          && !text.substring(text.lastIndexOf('\n') + 1).startsWith("   ")) {
        // kyaml ends a folded scalar kept by clipping with an empty line, unless its last line is
        // more indented
        out.write('\n');
      }
    }
    if (node instanceof CollectionNode<?>) {
      comments(node.getEndComments(), blockIndent);
    }
  }

  /**
   * A flow collection as it was read, comments inside included: its first line after the key or
   * dash (or below the comments between a key and it), the others moved as far as the collection
   * moved, its in-line comment after the last.
   */
  private void keptText(Node node, String kept, boolean inItem, int blockIndent)
      throws IOException {
    List<String> lines = FlowText.lines(kept);
    if (!inItem && !isEmpty(node.getBlockComments())) {
      out.write('\n');
      afterDash = false;
      comments(node.getBlockComments(), blockIndent);
      indent(blockIndent);
    } else {
      out.write(' ');
    }
    out.write(lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      out.write('\n');
      int spaces = 0;
      while (spaces < line.length() && line.charAt(spaces) == ' ') {
        spaces++;
      }
      if (spaces < line.length()) {
        indent(Math.max(0, spaces + shift));
        out.write(line, spaces, line.length() - spaces);
      }
    }
    endLine(null, node.getInLineComments());
  }

  /**
   * How many columns right of where it was read a collection written at {@code indent} is; 0 for
   * one that was not read.
   */
  private static int shift(CollectionNode<?> collection, int indent) {
    return collection.getStartMark() == null ? 0 : indent - collection.getStartMark().getColumn();
  }

  /** The text of a scalar or a flow collection, continuation lines indented two spaces. */
  private String text(Node node, int depth) {
    if (node instanceof ScalarNode scalar && node.getAnchor() == null) {
      String text = safeText(scalar);
      if (text != null) {
        return text;
      }
    }
    String item = EmittedFragment.write(node, depth, maxNestingDepth, anchored);
    return item.startsWith("- ") ? item.substring(2) : item.substring(1);
  }

  /**
   * Whether a key is written as a simple key ({@code key: value}), as it came: YAML allows none
   * past 1024 characters, which are written as an explicit key ({@code ? key}). kyaml writes keys
   * over 128 bytes explicitly (docs/krm.md names the difference; kpt's own writing evens it out).
   */
  private static boolean isSimpleKey(String keyText) {
    return keyText.codePointCount(0, keyText.length()) <= MAX_SIMPLE_KEY_CHARACTERS;
  }

  /** A key's text: plain where safe, else as the emitter writes a simple key. */
  private String keyText(Node key, int depth) {
    if (key instanceof ScalarNode scalar && key.getAnchor() == null) {
      String text = safeText(scalar);
      if (text != null && text.indexOf('\n') < 0 && text.length() <= 1024) {
        return text;
      }
    }
    String text = text(key, depth);
    if (text.indexOf('\n') >= 0) {
      throw new IllegalStateException(
          "a mapping key that takes more than one line cannot be written: " + key);
    }
    return text;
  }

  /**
   * The text of a scalar written as the emitter would, where that is plain to tell: a plain value
   * of letters, digits and common punctuation that reads back as the same type, a single- or
   * double-quoted string of printable characters, a tagged plain word ({@code !!str 123}); null
   * otherwise.
   */
  private static String safeText(ScalarNode scalar) {
    String value = scalar.getValue();
    if (scalar instanceof TaggedScalar tagged) {
      String shorthand = EmittedFragment.shorthand(tagged.getTag());
      return scalar.isPlain()
              && shorthand != null
              && EmittedFragment.isBareWord(value)
              && isSafePlain(value)
          ? shorthand + " " + value
          : null;
    }
    ScalarStyle style = scalar.getScalarStyle();
    if (style == ScalarStyle.PLAIN) {
      if (!writtenPlainWithoutTag(scalar)) {
        return null;
      }
      return value.isEmpty() || isSafePlain(value) ? value : null;
    }
    if (!Tag.STR.equals(scalar.getTag())) {
      return null;
    }
    if (style == ScalarStyle.SINGLE_QUOTED && isQuotable(value, false)) {
      return "'" + value.replace("'", "''") + "'";
    }
    if (style == ScalarStyle.DOUBLE_QUOTED && isQuotable(value, true)) {
      return '"' + value + '"';
    }
    return null;
  }

  /**
   * A value the emitter writes plain in block context: starts with a letter, a digit or one of
   * {@code / . _ $ (}, and holds no {@code ": "}, {@code " #"}, trailing colon, tab or line break.
   */
  private static boolean isSafePlain(String value) {
    char first = value.charAt(0);
    if (!(Character.isLetterOrDigit(first)
        || first == '/'
        || first == '.'
        || first == '_'
        || first == '$'
        || first == '(')) {
      return false;
    }
    char last = value.charAt(value.length() - 1);
    if (last == ' ' || last == ':') {
      return false;
    }
    char previous = 0;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!isPrintable(c)
          || (c == ' ' && previous == ':')
          || (c == '#' && previous == ' ')
          || (c == ' ' && previous == ' ')) {
        return false;
      }
      previous = c;
    }
    return true;
  }

  /** Printable ASCII, or a letter or digit beyond it (the emitter writes Unicode as is). */
  private static boolean isPrintable(char c) {
    return (c >= 0x20 && c < 0x7f)
        || (c > 0xa0 && !Character.isSurrogate(c) && Character.isLetterOrDigit(c));
  }

  private static boolean isQuotable(String value, boolean doubleQuoted) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!isPrintable(c) || (doubleQuoted && (c == '"' || c == '\\'))) {
        return false;
      }
    }
    return !value.isEmpty() && value.charAt(0) != ' ' && value.charAt(value.length() - 1) != ' ';
  }

  /** The anchor and the tag a collection writes before its entries; empty for most. */
  private String props(Node node) {
    if (!(node instanceof CollectionNode<?>)) {
      return "";
    }
    StringBuilder props = new StringBuilder();
    if (node.getAnchor() != null) {
      props.append('&').append(node.getAnchor());
    }
    Tag implicit = node instanceof MappingNode ? Tag.MAP : Tag.SEQ;
    if (!node.getTag().equals(implicit)) {
      String shorthand = EmittedFragment.shorthand(node.getTag());
      if (props.length() > 0) {
        props.append(' ');
      }
      props.append(shorthand != null ? shorthand : "!<" + node.getTag().getValue() + ">");
    }
    return props.toString();
  }

  private void remember(Node node) {
    if (node.getAnchor() != null) {
      anchored.add(node);
    }
  }

  /** A non-empty block mapping or sequence of scalar keys, which this writes itself. */
  private static boolean isBlock(Node node) {
    if (!(node instanceof CollectionNode<?> collection)
        || collection.getFlowStyle() == FlowStyle.FLOW
        || collection.getValue().isEmpty()) {
      return false;
    }
    if (node instanceof MappingNode mapping) {
      for (NodeTuple tuple : mapping.getValue()) {
        if (!(real(tuple.getKeyNode()) instanceof ScalarNode)) {
          return false;
        }
      }
    }
    return true;
  }

  private boolean isAlias(Node node) {
    return node.getAnchor() != null && anchored.contains(node);
  }

  private static Node real(Node node) {
    return node instanceof AnchorNode anchor ? anchor.getRealNode() : node;
  }

  private static boolean isEmpty(List<CommentLine> comments) {
    return comments == null || comments.isEmpty();
  }

  private void depth(int depth) {
    if (depth > maxNestingDepth) {
      throw new IllegalStateException(
          "a node tree nests deeper than "
              + maxNestingDepth
              + " levels (or contains itself without an anchor); it cannot be written");
    }
  }

  /** Indentation for a new line, or the space after a dash when the line is the dash's. */
  private void startLine(int indent) throws IOException {
    if (afterDash) {
      out.write(' ');
      afterDash = false;
    } else {
      indent(indent);
    }
  }

  private void endLine(List<CommentLine> first, List<CommentLine> second) throws IOException {
    inLine(first);
    inLine(second);
    out.write('\n');
    afterDash = false;
  }

  private void inLine(List<CommentLine> comments) throws IOException {
    if (comments != null) {
      for (CommentLine comment : comments) {
        if (comment.getCommentType() != CommentType.BLANK_LINE) {
          out.write(" #");
          out.write(comment.getValue());
        }
      }
    }
  }

  /**
   * Comment lines, each on its own line at {@code indent}; right after a dash, the first on the
   * dash's line.
   */
  private void comments(List<CommentLine> comments, int indent) throws IOException {
    if (comments == null) {
      return;
    }
    for (CommentLine comment : comments) {
      if (comment.getCommentType() == CommentType.BLANK_LINE) {
        out.write('\n');
        afterDash = false;
      } else {
        startLine(indent);
        out.write('#');
        out.write(comment.getValue());
        out.write('\n');
      }
    }
  }

  /** Lines the emitter wrote indented two spaces, indented to {@code indent} instead. */
  private void continuation(String lines, int indent) throws IOException {
    int start = 0;
    while (start <= lines.length()) {
      int end = lines.indexOf('\n', start);
      if (end < 0) {
        end = lines.length();
      }
      String line = lines.substring(start, end);
      if (!line.isEmpty()) {
        indent(indent);
        out.write(line.startsWith("  ") ? line.substring(2) : line);
      }
      out.write('\n');
      start = end + 1;
    }
  }

  private void indent(int indent) throws IOException {
    for (int i = 0; i < indent; i++) {
      out.write(' ');
    }
  }
}
