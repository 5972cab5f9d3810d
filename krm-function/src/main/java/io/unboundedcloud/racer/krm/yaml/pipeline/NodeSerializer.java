package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
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
 * A key that is no simple key for kyaml (a collection but an empty one, a scalar holding a line
 * break, a null key) is written explicitly, {@code ? key} then {@code : value}, each in the compact
 * form of a sequence item, as kyaml's emitter writes it; before, such a mapping went to snakeyaml's
 * emitter whole and came out as {@code data: ? [a]}, which no reader takes.
 *
 * <p>{@link CommentPlacement} reads comments into these places, so what is read and written again
 * stays the same. The layout is written here, and scalars by {@link KyamlScalar}; the text of flow
 * collections, and of scalars this project made that kyaml would quote otherwise (a string {@code
 * 123}), comes from snakeyaml's emitter ({@link EmittedFragment}). snakeyaml's own serializer and
 * emitter put a sequence item's comment after its dash (in front of a flow mapping, that is invalid
 * YAML: {@code - # note} then {@code {a: 1}} at column 0), a comment after a block's last entry at
 * the head of what follows, and keep every node of the document in a map while they write.
 */
public final class NodeSerializer {

  private static final Resolver RESOLVER = ExactResolver.INSTANCE;

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

  /** What {@link #indent} writes its spaces from. */
  private static final String SPACES = " ".repeat(64);

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

  /**
   * The text of one item of a ResourceList's {@code items}, as {@link #write} writes it there: from
   * its dash to the end of its last line, for a block mapping with no anchor or alias in it, no tag
   * of its own and no comment above its first key (its own comments above its dash are not in it).
   */
  public static String itemText(MappingNode item, int maxNestingDepth) {
    StringWriter text = new StringWriter(512);
    NodeSerializer serializer = new NodeSerializer(text, maxNestingDepth);
    try {
      serializer.item(item, 0, 1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private void document(Node root) throws IOException {
    anchored.clear();
    afterDash = false;
    Node node = real(root);
    comments(node.getBlockComments(), 0);
    if (isBlock(node) && !isAlias(node)) {
      String props = props(node);
      if (!props.isEmpty()) {
        // a document's tag or anchor on a line of its own, as kyaml writes "--- !!map"
        out.write(props);
        out.write('\n');
        remember(node);
      }
      if (node instanceof MappingNode mapping) {
        entries(mapping, 0, 0);
      } else {
        items((SequenceNode) node, 0, 0);
      }
    } else {
      String text = text(node, 0, 2);
      int lineEnd = text.indexOf('\n');
      out.write(lineEnd < 0 ? text : text.substring(0, lineEnd));
      endLine(null, node.getInLineComments());
      rest(text, lineEnd);
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
      String keyText = simpleKey(key, depth);
      if (keyText != null) {
        out.write(keyText);
        out.write(':');
        afterDash = false;
        remember(key);
        value(tuple.getValueNode(), key.getInLineComments(), indent, indent + 2, depth + 1);
      } else {
        explicitEntry(key, tuple.getValueNode(), indent, depth);
      }
    }
    comments(mapping.getEndComments(), indent);
  }

  /**
   * An entry whose key is no simple key, as kyaml writes it: {@code ? } and the key, then {@code :
   * } and the value, each in the compact form of a sequence item (a block collection starts on the
   * indicator's line, its other lines two columns in; a block scalar's lines as well).
   */
  private void explicitEntry(Node key, Node valueNode, int indent, int depth) throws IOException {
    out.write('?');
    List<CommentLine> valueLineComments = null;
    if (key instanceof ScalarNode && !isAlias(key)) {
      // a scalar key's in-line comment is read from the ": " line (snakeyaml refuses one after
      // "? key"), and goes back there
      String text = text(key, depth + 1, indent + 2);
      int lineEnd = text.indexOf('\n');
      if (!text.isEmpty()) {
        out.write(' ');
      }
      out.write(text, 0, lineEnd < 0 ? text.length() : lineEnd);
      endLine(null, null);
      rest(text, lineEnd);
      valueLineComments = key.getInLineComments();
    } else {
      afterDash = true;
      value(key, null, indent, indent + 2, depth + 1);
    }
    Node node = real(valueNode);
    if (!isAlias(node)) {
      comments(node.getBlockComments(), indent);
    }
    indent(indent);
    out.write(':');
    afterDash = true;
    value(valueNode, valueLineComments, indent, indent + 2, depth + 1);
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
      if (item instanceof WrittenItem written && written.isWritten() && indent == 0 && depth == 1) {
        // the text written for it in this very place while it was read
        out.write(written.text());
      } else {
        item(item, indent, depth);
      }
    }
    comments(sequence.getEndComments(), indent);
  }

  /** An item of a sequence at {@code indent}, from its dash on. */
  private void item(Node item, int indent, int depth) throws IOException {
    startLine(indent);
    out.write('-');
    afterDash = true;
    value(item, null, indent + 2, indent + 2, depth + 1);
  }

  /**
   * Writes a value after its key's {@code :} or its item's {@code -}, to the end of its last line.
   * {@code blockIndent} is where a block mapping's keys go; a sequence below the line goes at
   * {@code sequenceIndent}: the key's indent under a key (also under the {@code ?} and {@code :} of
   * an explicit key, after a tag), the item's content under an item.
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
        items((SequenceNode) node, sequenceIndent, depth);
      }
      return;
    }
    String kept = isEmpty(keyComments) ? FlowText.of(node, maxNestingDepth) : null;
    if (kept != null) {
      keptText(node, kept, inItem, blockIndent);
      return;
    }
    String text = text(node, depth, blockIndent);
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
    rest(text, lineEnd);
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

  /**
   * The text of a scalar or a flow collection, its lines after the first indented to {@code
   * indent}: a scalar as kyaml writes it ({@link KyamlScalar}), what else the emitter writes.
   */
  private String text(Node node, int depth, int indent) {
    if (node instanceof ScalarNode scalar && isKyamlScalar(scalar)) {
      String text = scalarText(scalar, false, indent);
      remember(scalar);
      return text;
    }
    String item = EmittedFragment.write(node, depth, maxNestingDepth, anchored);
    return reindented(item.startsWith("- ") ? item.substring(2) : item.substring(1), indent);
  }

  /**
   * Whether a scalar is written by {@link KyamlScalar}: one whose tag the input wrote, or one
   * written without a tag (plain and read as its tag, or quoted or a block and a string). Others,
   * such as a string the function made from {@code 123}, keep the emitter's quoting.
   */
  private static boolean isKyamlScalar(ScalarNode scalar) {
    if (TreeComposer.hasExplicitTag(scalar)) {
      return true;
    }
    return scalar.isPlain() ? writtenPlainWithoutTag(scalar) : Tag.STR.equals(scalar.getTag());
  }

  /** A scalar's anchor, tag (when the input wrote one) and value, as kyaml writes them. */
  private static String scalarText(ScalarNode scalar, boolean simpleKey, int indent) {
    StringBuilder props = new StringBuilder();
    if (scalar.getAnchor() != null) {
      props.append('&').append(scalar.getAnchor());
    }
    if (TreeComposer.hasExplicitTag(scalar)) {
      props.append(props.length() > 0 ? " " : "").append(KyamlScalar.tag(scalar.getTag()));
    }
    String value = scalar.getValue();
    String text =
        KyamlScalar.text(
            value, KyamlScalar.style(value, scalar.getScalarStyle(), simpleKey), indent);
    if (props.length() == 0) {
      return text;
    }
    return text.isEmpty() ? props.toString() : props + " " + text;
  }

  /**
   * A key's text when it is written as a simple key ({@code key: value}), as kyaml's emitter
   * decides: an alias, a scalar on one line (a block scalar's value then double-quoted), an empty
   * collection; null when it is written as an explicit key ({@code ? key}): a collection, a scalar
   * holding a line break, a null key (kyaml's simple form of it, {@code ''}, would read as the
   * empty string), and one past YAML's bound of 1024 characters for a simple key (kyaml writes keys
   * over 128 bytes explicitly; docs/krm.md names the difference, kpt's own writing evens it out).
   * Nothing is remembered as anchored here: the caller does when it writes the key.
   */
  private String simpleKey(Node key, int depth) {
    if (isAlias(key)) {
      return "*" + key.getAnchor();
    }
    String text;
    if (key instanceof ScalarNode scalar && isKyamlScalar(scalar)) {
      if (KyamlScalar.isMultiline(scalar.getValue())
          || (scalar.isPlain()
              && scalar.getValue().isEmpty()
              && !TreeComposer.hasExplicitTag(scalar))) {
        return null;
      }
      text = scalarText(scalar, true, 0);
    } else if (key instanceof ScalarNode || ((CollectionNode<?>) key).getValue().isEmpty()) {
      text = text(key, depth, 0);
    } else {
      return null;
    }
    return text.indexOf('\n') < 0
            && text.codePointCount(0, text.length()) <= MAX_SIMPLE_KEY_CHARACTERS
        ? text
        : null;
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
    if (!node.getTag().equals(implicit) || TreeComposer.hasExplicitTag(node)) {
      if (props.length() > 0) {
        props.append(' ');
      }
      props.append(KyamlScalar.tag(node.getTag()));
    }
    return props.toString();
  }

  private void remember(Node node) {
    if (node.getAnchor() != null) {
      anchored.add(node);
    }
  }

  /** A non-empty block mapping or sequence, which this writes itself. */
  private static boolean isBlock(Node node) {
    return node instanceof CollectionNode<?> collection
        && collection.getFlowStyle() != FlowStyle.FLOW
        && !collection.getValue().isEmpty();
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

  /** A text's lines after its first, as they are, each ended by a line break. */
  private void rest(String text, int lineEnd) throws IOException {
    if (lineEnd >= 0) {
      out.write(text, lineEnd + 1, text.length() - lineEnd - 1);
      out.write('\n');
    }
  }

  /**
   * Lines after the first that the emitter wrote indented two spaces, indented to {@code indent}.
   */
  private static String reindented(String text, int indent) {
    if (text.indexOf('\n') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 64);
    int start = 0;
    for (int end = text.indexOf('\n'); ; end = text.indexOf('\n', start)) {
      String line = text.substring(start, end < 0 ? text.length() : end);
      if (start > 0 && !line.isEmpty()) {
        out.append(" ".repeat(indent)).append(line.startsWith("  ") ? line.substring(2) : line);
      } else {
        out.append(line);
      }
      if (end < 0) {
        return out.toString();
      }
      out.append('\n');
      start = end + 1;
    }
  }

  private void indent(int indent) throws IOException {
    // one write per indent, not one per space: the writer's calls cost more than the copy
    for (int left = indent; left > 0; left -= SPACES.length()) {
      out.write(SPACES, 0, Math.min(left, SPACES.length()));
    }
  }
}
