package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The text a flow collection holding comments was read from ({@code args: ["--a", # first}, then
 * {@code "--b"]}), kept so that it is written back as it came: snakeyaml's emitter drops comments
 * inside a flow collection, or writes them where a second run reads them elsewhere, and kyaml's own
 * layout of them (where the closing bracket goes, which comments it keeps) is its emitter's alone.
 * kpt and kustomize send text kyaml wrote, so the text as it came is kyaml's.
 *
 * <p>{@link CompactEventParser} takes the comments out of the events of such a collection and hands
 * on its text; {@link TreeComposer} composes it as a {@link Sequence} or {@link Mapping} holding
 * this; {@link NodeSerializer} writes the text while the collection still holds what it held when
 * read (the emitter's text of it, comments aside, is the same), and otherwise writes it as any
 * other flow collection, without the comments.
 */
final class FlowText {

  private final String source;
  private final String plain;

  private FlowText(String source, String plain) {
    this.source = source;
    this.plain = plain;
  }

  /** A flow sequence read with comments inside. */
  static final class Sequence extends SequenceNode {
    final FlowText text;

    Sequence(SequenceNode read, FlowText text) {
      super(
          read.getTag(),
          true,
          new ArrayList<>(read.getValue()),
          read.getStartMark(),
          read.getEndMark(),
          read.getFlowStyle());
      this.text = text;
      copyComments(read, this);
    }
  }

  /** A flow mapping read with comments inside. */
  static final class Mapping extends MappingNode {
    final FlowText text;

    Mapping(MappingNode read, FlowText text) {
      super(
          read.getTag(),
          true,
          new ArrayList<NodeTuple>(read.getValue()),
          read.getStartMark(),
          read.getEndMark(),
          read.getFlowStyle());
      this.text = text;
      copyComments(read, this);
    }
  }

  /**
   * {@code read}, a flow collection with no anchor or tag written out, as a node that keeps {@code
   * source}, the text it was read from.
   */
  static Node keep(Node read, String source, int maxNestingDepth) {
    FlowText text = new FlowText(source, plain(read, maxNestingDepth));
    if (read instanceof SequenceNode sequence) {
      return new Sequence(sequence, text);
    }
    if (read instanceof MappingNode mapping) {
      return new Mapping(mapping, text);
    }
    return read;
  }

  /** The text {@code node} was read from, or null: none kept, or the node changed since. */
  static String of(Node node, int maxNestingDepth) {
    FlowText text =
        node instanceof Sequence sequence
            ? sequence.text
            : node instanceof Mapping mapping ? mapping.text : null;
    return text != null && text.plain.equals(plain(node, maxNestingDepth)) ? text.source : null;
  }

  /** The emitter's text of a node, to tell whether it changed. */
  private static String plain(Node node, int maxNestingDepth) {
    return EmittedFragment.write(
        node, 0, maxNestingDepth, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static void copyComments(Node from, Node to) {
    to.setBlockComments(from.getBlockComments());
    to.setInLineComments(from.getInLineComments());
    to.setEndComments(from.getEndComments());
  }

  /** The lines of a kept text. */
  static List<String> lines(String source) {
    return List.of(source.split("\n", -1));
  }
}
