package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * snakeyaml's composer with four changes: each mapping and sequence gives back its children's spare
 * room as soon as it is complete ({@link SpareCapacity}), a scalar whose tag the input wrote out is
 * a {@link TaggedScalar}, comment lines go where kyaml places them ({@link CommentPlacement}), and
 * a flow collection read with comments inside keeps its text ({@link FlowText}).
 */
public final class TreeComposer extends Composer {

  /**
   * @param parser the events to compose, a {@link CompactEventParser} in this project
   * @param options snakeyaml's limits (aliases, nesting, code points)
   */
  public TreeComposer(Parser parser, LoaderOptions options) {
    super(parser, new Resolver(), options);
    this.maxNestingDepth = options.getNestingDepthLimit();
  }

  private final int maxNestingDepth;

  @Override
  protected Node composeSequenceNode(String anchor) {
    Node sequence = withFlowText(super.composeSequenceNode(anchor));
    if (sequence instanceof SequenceNode composed) {
      CommentPlacement.sequence(composed);
    }
    SpareCapacity.releaseChildren(sequence);
    return sequence;
  }

  @Override
  protected Node composeMappingNode(String anchor) {
    Node mapping = withFlowText(super.composeMappingNode(anchor));
    if (mapping instanceof MappingNode composed) {
      CommentPlacement.mapping(composed);
    }
    SpareCapacity.releaseChildren(mapping);
    return mapping;
  }

  /**
   * A flow collection read with comments inside, as a node that keeps its text ({@link FlowText}).
   */
  private Node withFlowText(Node composed) {
    String source = parser instanceof CompactEventParser compact ? compact.takeFlowSource() : null;
    return source == null ? composed : FlowText.keep(composed, source, maxNestingDepth);
  }

  /** A document, its trailing comments placed ({@link CommentPlacement#document}). */
  @Override
  public Node getNode() {
    Node root = super.getNode();
    if (root != null) {
      CommentPlacement.document(root);
    }
    return root;
  }

  /**
   * An anchored scalar stays as snakeyaml composed it: its aliases already point to that node, and
   * one node written under two identities would repeat its anchor.
   */
  @Override
  protected Node composeScalarNode(String anchor, List<CommentLine> blockComments) {
    boolean explicit = parser.peekEvent() instanceof ScalarEvent event && isExplicit(event);
    Node scalar = super.composeScalarNode(anchor, blockComments);
    return explicit && anchor == null && scalar instanceof ScalarNode composed
        ? new TaggedScalar(composed)
        : scalar;
  }

  /** As snakeyaml's composer tells an explicit tag: any but none and the non-specific {@code !}. */
  static boolean isExplicit(ScalarEvent event) {
    return event.getTag() != null && !"!".equals(event.getTag());
  }
}
