package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.emitter.Emitter;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CommentEvent;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ImplicitTuple;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceEndEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.events.StreamEndEvent;
import org.yaml.snakeyaml.events.StreamStartEvent;
import org.yaml.snakeyaml.nodes.AnchorNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * One node written by snakeyaml's emitter, for what {@link NodeSerializer} does not write itself: a
 * scalar that needs the emitter's quoting or a block scalar's header, a flow collection, a mapping
 * with a key that is not a scalar. The node is written as the only item of a block sequence at
 * column 0 ({@code - } then the node, continuation lines indented two spaces), which is how the
 * emitter writes it in any block position: the caller takes the {@code - } off and indents the
 * continuation lines to where the node goes.
 *
 * <p>The node's own comments are the caller's; those of its children are written here. Nodes are
 * written with their own tag, style and anchor; the tag is left out wherever the value resolves to
 * it, as snakeyaml's serializer does, except on a {@link TaggedScalar}, whose tag the input wrote
 * and which keeps it. {@link MarkerWriter} keeps {@code 0644} and {@code !!str 123} plain inside a
 * flow collection.
 */
final class EmittedFragment {

  private static final Resolver RESOLVER = ExactResolver.INSTANCE;

  private final int maxNestingDepth;
  private final Set<Node> anchored;
  private Emitter emitter;
  private boolean markers;

  private EmittedFragment(int maxNestingDepth, Set<Node> anchored) {
    this.maxNestingDepth = maxNestingDepth;
    this.anchored = anchored;
  }

  /**
   * The node as the emitter writes it as a sequence item, without the trailing line break: {@code -
   * TEXT}, then lines indented two spaces. {@code anchored} holds the anchored nodes written before
   * in the document (a node seen again is written as an alias), and gets those of this one.
   */
  static String write(Node node, int depth, int maxNestingDepth, Set<Node> anchored) {
    StringWriter text = new StringWriter();
    new EmittedFragment(maxNestingDepth, anchored).emitItem(node, depth, text);
    String written = text.toString();
    return written.endsWith("\n") ? written.substring(0, written.length() - 1) : written;
  }

  private static DumperOptions dumperOptions() {
    DumperOptions options = new DumperOptions();
    options.setProcessComments(true);
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setIndicatorIndent(0);
    options.setIndentWithIndicator(false);
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    options.setAllowUnicode(true);
    options.setLineBreak(DumperOptions.LineBreak.UNIX);
    options.setMaxSimpleKeyLength(
        1024); // annotation keys reach 317 characters; the default, 128, writes "? key"
    return options;
  }

  private void emitItem(Node root, int depth, Writer out) {
    markers = !holdsMarker(root);
    MarkerWriter filtered = markers ? new MarkerWriter(out) : null;
    emitter = new Emitter(markers ? filtered : out, dumperOptions());
    try {
      emit(new StreamStartEvent(null, null));
      emit(new DocumentStartEvent(null, null, false, null, null));
      emit(new SequenceStartEvent(null, Tag.SEQ.getValue(), true, null, null, FlowStyle.BLOCK));
      node(root, depth, false);
      emit(new SequenceEndEvent(null, null));
      emit(new DocumentEndEvent(null, null, false));
      emit(new StreamEndEvent(null, null));
      if (filtered != null) {
        filtered.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void node(Node node, int depth, boolean withComments) throws IOException {
    if (depth > maxNestingDepth) {
      throw new IllegalStateException(
          "a node tree nests deeper than "
              + maxNestingDepth
              + " levels (or contains itself without an anchor); it cannot be written");
    }
    if (node instanceof AnchorNode anchorNode) {
      node(anchorNode.getRealNode(), depth, withComments);
      return;
    }
    String anchor = node.getAnchor();
    if (anchor != null && !anchored.add(node)) {
      emit(new AliasEvent(anchor, null, null));
      return;
    }
    if (withComments) {
      comments(node.getBlockComments());
    }
    if (node instanceof ScalarNode scalar) {
      scalar(scalar, anchor);
    } else if (node instanceof SequenceNode sequence) {
      emit(
          new SequenceStartEvent(
              anchor,
              sequence.getTag().getValue(),
              implicit(sequence, NodeId.sequence),
              null,
              null,
              sequence.getFlowStyle()));
      for (Node child : sequence.getValue()) {
        node(child, depth + 1, true);
      }
      emit(new SequenceEndEvent(null, null));
    } else if (node instanceof MappingNode mapping) {
      emit(
          new MappingStartEvent(
              anchor,
              mapping.getTag().getValue(),
              implicit(mapping, NodeId.mapping),
              null,
              null,
              mapping.getFlowStyle()));
      for (NodeTuple tuple : mapping.getValue()) {
        node(tuple.getKeyNode(), depth + 1, true);
        node(tuple.getValueNode(), depth + 1, true);
      }
      emit(new MappingEndEvent(null, null));
    }
    if (withComments) {
      comments(node.getInLineComments());
      comments(node.getEndComments());
    }
  }

  private static boolean implicit(Node node, NodeId id) {
    return node.getTag().equals(RESOLVER.resolve(id, null, true))
        && !TreeComposer.hasExplicitTag(node);
  }

  private void scalar(ScalarNode scalar, String anchor) throws IOException {
    if (scalar instanceof TaggedScalar tagged) {
      taggedScalar(tagged, anchor);
      return;
    }
    Tag tag = scalar.getTag();
    String value = scalar.getValue();
    // as snakeyaml's serializer decides, except that the resolver's patterns only run for plain
    // scalars: the emitter consults the first flag for plain scalars only, and unquoted resolution
    // of anything is a string
    boolean plainResolves = NodeSerializer.writtenPlainWithoutTag(scalar);
    ImplicitTuple implicit = new ImplicitTuple(plainResolves, Tag.STR.equals(tag));
    if (markers
        && scalar.isPlain()
        && implicit.canOmitTagInPlainScalar()
        && hasLeadingZero(value)) {
      value = MarkerWriter.MARKER + value; // keeps "0644" plain: see MarkerWriter
    }
    emit(
        new ScalarEvent(
            anchor, tag.getValue(), implicit, value, null, null, scalar.getScalarStyle()));
  }

  /**
   * A scalar with the tag the input wrote, written again. snakeyaml's emitter writes a tag only on
   * a quoted or block scalar ({@code !!str '123'}); to keep a plain one plain ({@code !!str 123})
   * the tag goes into the text behind the marker, as one plain scalar the emitter writes untagged,
   * and {@link MarkerWriter} takes the marker out. Without markers, or with a tag that has no short
   * form, the emitter's quoted form it is.
   */
  private void taggedScalar(TaggedScalar scalar, String anchor) throws IOException {
    String shorthand = shorthand(scalar.getTag());
    String value = scalar.getValue();
    if (markers && scalar.isPlain() && shorthand != null && isBareWord(value)) {
      emit(
          new ScalarEvent(
              anchor,
              Tag.STR.getValue(),
              new ImplicitTuple(true, true),
              MarkerWriter.MARKER + shorthand + " " + value,
              null,
              null,
              scalar.getScalarStyle()));
      return;
    }
    emit(
        new ScalarEvent(
            anchor,
            scalar.getTag().getValue(),
            new ImplicitTuple(false, false),
            value,
            null,
            null,
            scalar.getScalarStyle()));
  }

  /** {@code !!str} for a YAML tag, {@code !Ref} for a local one; null for another. */
  static String shorthand(Tag tag) {
    String value = tag.getValue();
    String name;
    String prefix;
    if (value.startsWith(Tag.PREFIX)) {
      prefix = "!!";
      name = value.substring(Tag.PREFIX.length());
    } else if (value.startsWith("!")) {
      prefix = "!";
      name = value.substring(1);
    } else {
      return null;
    }
    return !name.isEmpty() && name.chars().allMatch(EmittedFragment::isTagCharacter)
        ? prefix + name
        : null;
  }

  private static boolean isTagCharacter(int c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.');
  }

  /** A plain value that stays plain behind a tag: not empty, no space or line break at its ends. */
  static boolean isBareWord(String value) {
    return !value.isEmpty()
        && !Character.isWhitespace(value.charAt(0))
        && !Character.isWhitespace(value.charAt(value.length() - 1))
        && value.indexOf('\n') < 0;
  }

  /**
   * The emitter's own rule for scalars it refuses to write plain: "0" then digits or underscores.
   */
  private static boolean hasLeadingZero(String value) {
    if (value.length() < 2 || value.charAt(0) != '0') {
      return false;
    }
    for (int i = 1; i < value.length(); i++) {
      char c = value.charAt(i);
      if ((c < '0' || c > '9') && c != '_') {
        return false;
      }
    }
    return true;
  }

  private void comments(List<CommentLine> comments) throws IOException {
    if (comments == null) {
      return;
    }
    for (CommentLine comment : comments) {
      if (markers && comment.getCommentType() == CommentType.BLANK_LINE) {
        emit(new CommentEvent(CommentType.BLOCK, String.valueOf(MarkerWriter.MARKER), null, null));
      } else {
        emit(new CommentEvent(comment.getCommentType(), comment.getValue(), null, null));
      }
    }
  }

  private void emit(Event event) throws IOException {
    emitter.emit(event);
  }

  /** Whether any text of the tree already holds the marker character, which would then be lost. */
  private static boolean holdsMarker(Node root) {
    Deque<Node> pending = new ArrayDeque<>();
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    pending.push(root);
    while (!pending.isEmpty()) {
      Node node = pending.pop();
      if (node instanceof AnchorNode anchorNode) {
        node = anchorNode.getRealNode();
      }
      if (node.getAnchor() != null) {
        if (hasMarker(node.getAnchor())) {
          return true;
        }
        if (!seen.add(node)) {
          continue;
        }
      }
      if (hasMarker(node.getTag().getValue())
          || hasMarker(node.getBlockComments())
          || hasMarker(node.getInLineComments())
          || hasMarker(node.getEndComments())) {
        return true;
      }
      if (node instanceof ScalarNode scalar && hasMarker(scalar.getValue())) {
        return true;
      } else if (node instanceof SequenceNode sequence) {
        sequence.getValue().forEach(pending::push);
      } else if (node instanceof MappingNode mapping) {
        for (NodeTuple tuple : mapping.getValue()) {
          pending.push(tuple.getKeyNode());
          pending.push(tuple.getValueNode());
        }
      }
    }
    return false;
  }

  private static boolean hasMarker(List<CommentLine> comments) {
    if (comments != null) {
      for (CommentLine comment : comments) {
        if (hasMarker(comment.getValue())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean hasMarker(String text) {
    return text != null && text.indexOf(MarkerWriter.MARKER) >= 0;
  }
}
