package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;

/**
 * snakeyaml's composer with four changes: each mapping and sequence gives back its children's spare
 * room as soon as it is complete ({@link SpareCapacity}), a scalar whose tag the input wrote out is
 * a {@link TaggedScalar} and a collection's is told apart ({@link #hasExplicitTag}), comment lines
 * go where kyaml places them ({@link CommentPlacement}), and a flow collection read with comments
 * inside keeps its text ({@link FlowText}).
 */
public final class TreeComposer extends Composer {

  /**
   * @param parser the events to compose, a {@link CompactEventParser} in this project
   * @param options snakeyaml's limits (aliases, nesting, code points)
   */
  public TreeComposer(Parser parser, LoaderOptions options) {
    this(parser, options, null);
  }

  /**
   * @param parser the events to compose, a {@link CompactEventParser} in this project
   * @param options snakeyaml's limits (aliases, nesting, code points)
   * @param keeping what to keep of each item of a ResourceList's {@code items} instead of its tree
   *     ({@link WrittenItem}); null to keep every tree
   */
  public TreeComposer(Parser parser, LoaderOptions options, WrittenItem.ItemKeeping keeping) {
    super(parser, ExactResolver.INSTANCE, options);
    this.maxNestingDepth = options.getNestingDepthLimit();
    this.keeping = keeping;
  }

  private final int maxNestingDepth;
  private final WrittenItem.ItemKeeping keeping;

  /** How many collections the node being composed is in, its own included. */
  private int depth;

  /** Whether the key just composed at the root is {@code items}. */
  private boolean itemsKey;

  /** Whether the value now composed at the root is the one of {@code items}. */
  private boolean itemsValue;

  /** Whether the children now composed are the items of the root's {@code items} list. */
  private boolean inItems;

  /**
   * The last item of {@code items} composed, when it may be kept as text once the next one shows
   * that no comment of its own will move into it ({@link CommentPlacement#sequence}).
   */
  private WrittenItem pending;

  @Override
  protected Node composeKeyNode(MappingNode node) {
    Node key = super.composeKeyNode(node);
    if (depth == 1) {
      itemsKey = key instanceof ScalarNode scalar && "items".equals(scalar.getValue());
    }
    return key;
  }

  @Override
  protected Node composeValueNode(MappingNode node) {
    if (depth == 1) {
      itemsValue = itemsKey;
    }
    try {
      return super.composeValueNode(node);
    } finally {
      if (depth == 1) {
        itemsValue = false;
      }
    }
  }

  @Override
  protected Node composeSequenceNode(String anchor) {
    boolean explicit = parser.peekEvent() instanceof SequenceStartEvent event && isExplicit(event);
    boolean item = inItems;
    boolean items = keeping != null && depth == 1 && itemsValue;
    depth++;
    inItems = items;
    Node sequence;
    try {
      sequence = withFlowText(markTag(super.composeSequenceNode(anchor), explicit));
    } finally {
      depth--;
      inItems = item;
      if (items) {
        pending = null;
      }
    }
    if (sequence instanceof SequenceNode composed) {
      CommentPlacement.sequence(composed);
    }
    SpareCapacity.releaseChildren(sequence);
    if (item) {
      pending = null;
    }
    return sequence;
  }

  @Override
  protected Node composeMappingNode(String anchor) {
    boolean explicit = parser.peekEvent() instanceof MappingStartEvent event && isExplicit(event);
    boolean item = inItems;
    depth++;
    inItems = false;
    Node mapping;
    try {
      mapping = withFlowText(markTag(super.composeMappingNode(anchor), explicit));
    } finally {
      depth--;
      inItems = item;
    }
    if (mapping instanceof MappingNode composed) {
      CommentPlacement.mapping(composed);
    }
    SpareCapacity.releaseChildren(mapping);
    return item ? nextItem(mapping) : mapping;
  }

  /**
   * An item of {@code items} complete: the one before it is kept as text when neither has a comment
   * ahead of it (which {@link CommentPlacement#sequence} would move into the one before), and this
   * one may be, once the next one is known; the last stays a tree, as the comments after the list
   * may end it ({@link CommentPlacement#document}).
   */
  private Node nextItem(Node item) {
    boolean quiet = !hasLeadingComments(item);
    if (pending != null && quiet) {
      pending.keep(keeping);
    }
    pending = null;
    if (quiet && item instanceof MappingNode mapping && WrittenItem.fits(mapping)) {
      pending = new WrittenItem(mapping);
      return pending;
    }
    return item;
  }

  private static boolean hasLeadingComments(Node item) {
    if (!isEmpty(item.getBlockComments())) {
      return true;
    }
    return item instanceof MappingNode mapping
        && !mapping.getValue().isEmpty()
        && !isEmpty(mapping.getValue().get(0).getKeyNode().getBlockComments());
  }

  private static boolean isEmpty(List<CommentLine> comments) {
    return comments == null || comments.isEmpty();
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
    pending = null;
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
    Node scalar = markTag(super.composeScalarNode(anchor, blockComments), explicit);
    if (inItems) {
      pending = null;
    }
    return explicit && anchor == null && scalar instanceof ScalarNode composed
        ? new TaggedScalar(composed)
        : scalar;
  }

  /** As snakeyaml's composer tells an explicit tag: any but none and the non-specific {@code !}. */
  static boolean isExplicit(ScalarEvent event) {
    return isExplicit(event.getTag());
  }

  private static boolean isExplicit(CollectionStartEvent event) {
    return isExplicit(event.getTag());
  }

  private static boolean isExplicit(String tag) {
    return tag != null && !"!".equals(tag);
  }

  /**
   * Whether a node's tag was written out in the input, {@code !!map}, {@code !!seq} and {@code
   * !!str} included, which kyaml writes again ({@code --- !!map} at the top of a document, {@code
   * k: !!seq}, {@code &a !!str 1}). A node read without one holds one of snakeyaml's shared tags
   * ({@link Tag#MAP}, {@link Tag#STR}, ...: the resolver's, as every node this project builds); one
   * read with {@code !!map} holds a tag of its own, equal to {@link Tag#MAP} but not the same
   * object ({@link #markTag}). A scalar without an anchor is a {@link TaggedScalar} as well.
   */
  public static boolean hasExplicitTag(Node node) {
    return node instanceof TaggedScalar || !IMPLICIT_TAGS.contains(node.getTag());
  }

  /** snakeyaml's shared tags, by identity. */
  private static final Set<Tag> IMPLICIT_TAGS = Collections.newSetFromMap(new IdentityHashMap<>());

  static {
    IMPLICIT_TAGS.addAll(
        List.of(
            Tag.YAML,
            Tag.MERGE,
            Tag.SET,
            Tag.PAIRS,
            Tag.OMAP,
            Tag.BINARY,
            Tag.INT,
            Tag.FLOAT,
            Tag.TIMESTAMP,
            Tag.BOOL,
            Tag.NULL,
            Tag.STR,
            Tag.SEQ,
            Tag.MAP,
            Tag.COMMENT));
  }

  /** Gives a node read with an explicit tag a tag object of its own. */
  private static Node markTag(Node node, boolean explicit) {
    if (explicit && IMPLICIT_TAGS.contains(node.getTag())) {
      node.setTag(new Tag(node.getTag().getValue()));
    }
    return node;
  }
}
