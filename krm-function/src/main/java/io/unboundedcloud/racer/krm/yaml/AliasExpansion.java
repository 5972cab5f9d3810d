package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Refuses a document whose aliases expand out of proportion, by the rule kubectl and kustomize read
 * YAML with (Go's yaml.v3, "document contains excessive aliasing"): counting every node a decoder
 * visits with aliases expanded, past 1,000 nodes of which over 100 came from aliases, the share
 * from aliases may be at most 99% up to 400,000 nodes, falling to 10% at 4,000,000. A document
 * kubectl would refuse later is refused here, when it is read, whether or not racer-krm reads the
 * object; anchors and aliases of ordinary size pass as before.
 *
 * <p>The cost is one pass over the document as composed (aliases are shared nodes there): the size
 * of each anchored node once expanded is counted once and remembered, never expanded.
 */
final class AliasExpansion {
  private static final long LOW = 400_000;
  private static final long HIGH = 4_000_000;

  /** Larger than any real count; sizes stop growing here, so that they never overflow. */
  private static final long SATURATED = Long.MAX_VALUE / 4;

  private static final long COUNTING = -1;

  private final Map<Node, Long> sizes = new IdentityHashMap<>();
  private final Set<Node> defined = Collections.newSetFromMap(new IdentityHashMap<>());
  private long decoded;
  private long aliased;

  private AliasExpansion() {}

  /**
   * Refuses {@code document} when its aliases expand out of proportion.
   *
   * @return null when it passes; otherwise the anchor whose alias passed the bound, and what is
   *     refused
   */
  static Refusal check(Node document) {
    return new AliasExpansion().walk(document);
  }

  /** An alias that passed the bound: where its anchor is, and the message. */
  record Refusal(Mark anchor, String problem) {}

  private Refusal walk(Node node) {
    if (node.getAnchor() != null && !defined.add(node)) {
      // an alias: yaml.v3 decodes it, then its anchor's whole tree again, all of it from an alias
      long size = size(node);
      decoded = add(decoded, add(1, size));
      aliased = add(aliased, size);
      return excessive() ? refusal(node, size) : null;
    }
    decoded = add(decoded, 1);
    for (Node child : children(node)) {
      Refusal refused = walk(child);
      if (refused != null) {
        return refused;
      }
    }
    return null;
  }

  /** Whether yaml.v3 would stop here: more from aliases than it allows for this many nodes. */
  private boolean excessive() {
    if (aliased <= 100 || decoded <= 1000) {
      return false;
    }
    double allowed =
        decoded <= LOW
            ? 0.99
            : decoded >= HIGH ? 0.10 : 0.99 - 0.89 * ((decoded - LOW) / (double) (HIGH - LOW));
    return aliased / (double) decoded > allowed;
  }

  /** The nodes {@code node} stands for once every alias in it is expanded; remembered. */
  private long size(Node node) {
    Long known = sizes.get(node);
    if (known != null) {
      return known == COUNTING ? SATURATED : known; // it contains itself: no end to it
    }
    sizes.put(node, COUNTING);
    long size = 1;
    for (Node child : children(node)) {
      size = add(size, size(child));
    }
    sizes.put(node, size);
    return size;
  }

  private static Iterable<Node> children(Node node) {
    if (node instanceof SequenceNode sequence) {
      return sequence.getValue();
    }
    if (node instanceof MappingNode mapping) {
      List<Node> children = new ArrayList<>();
      for (NodeTuple tuple : mapping.getValue()) {
        children.add(tuple.getKeyNode());
        children.add(tuple.getValueNode());
      }
      return children;
    }
    return List.of();
  }

  private static long add(long a, long b) {
    return Math.min(SATURATED, a + b);
  }

  private Refusal refusal(Node alias, long size) {
    if (size >= SATURATED) {
      return new Refusal(
          alias.getStartMark(),
          "the anchor &"
              + alias.getAnchor()
              + " here contains an alias to itself, which has no end once expanded (kubectl"
              + " refuses it); refused. Write it out without the recursive alias.");
    }
    return new Refusal(
        alias.getStartMark(),
        "excessive aliasing: once expanded, aliases make "
            + count(aliased)
            + " of the document's "
            + count(decoded)
            + " nodes (the last, *"
            + alias.getAnchor()
            + " of the anchor here, "
            + count(size)
            + "), more than kubectl accepts (it refuses the document: \"document contains"
            + " excessive aliasing\"); refused as a possible \"billion laughs\" attack. Write the"
            + " objects out without anchors and aliases.");
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
