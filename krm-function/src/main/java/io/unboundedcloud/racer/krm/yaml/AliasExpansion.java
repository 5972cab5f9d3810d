package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Bounds what a document's aliases expand to, by three rules: the first two checked at each alias
 * in document order, the third once the document has been walked whole.
 *
 * <ul>
 *   <li><b>Nodes</b>, by the rule kubectl and kustomize decode YAML with (Go's yaml.v3, {@code
 *       allowedAliasRatio} in its decode.go, "document contains excessive aliasing"): counting
 *       every node a decoder visits, the document node and each alias node included, aliases
 *       expanded, past 1,000 nodes of which over 100 came from aliases, the share from aliases may
 *       be at most 99% up to 400,000 nodes, falling linearly to 10% at 4,000,000. The counts are
 *       yaml.v3's own at each alias's last node, where its share from aliases is highest, so a
 *       document refused here is refused by yaml.v3 too: the rule is no stricter than kubectl's.
 *   <li><b>Bytes</b>: each alias spends from the run's {@link ByteBudget}, the one its files and
 *       stdin spend, the characters its anchor stands for once expanded (the text of every scalar
 *       in it, at least one character each, and one for each mapping and list): no more than the
 *       expansion written out would take. A small file cannot stand for more than the budget admits
 *       as files, whatever the count of its nodes.
 *   <li><b>Proportion</b>: what all the run's aliases stand for is at most {@link
 *       ByteBudget#EXPANSION_FLOOR} plus {@link ByteBudget#EXPANSION_RATIO} times the characters of
 *       the run's documents as written, counted the same way without expanding aliases ({@link
 *       ByteBudget#expansionAllowed()}). A document is judged whole: its text after its last alias
 *       counts too, and a refusal names the alias that stands for the most in it. So the memory of
 *       a run follows what it was sent, never a hundred times that.
 * </ul>
 *
 * <p>The cost is linear in the document as composed (an alias is the anchor's node shared there,
 * never copied): each anchored node's size, in nodes and in characters, is counted once, when its
 * definition is walked, and an alias adds it in constant time.
 */
final class AliasExpansion {
  private static final long LOW = 400_000;
  private static final long HIGH = 4_000_000;

  /** Larger than any real count; counts stop growing here, so that they never overflow. */
  private static final long SATURATED = Long.MAX_VALUE / 4;

  /** The size of an anchored node whose definition is still being walked. */
  private static final Size COUNTING = new Size(-1, -1, null);

  private final ByteBudget budget;
  private final Map<Node, Size> sizes = new IdentityHashMap<>();

  /** yaml.v3's decodeCount: from 1, its document node. */
  private long decoded = 1;

  /** yaml.v3's aliasCount: the nodes decoded through an alias. */
  private long aliased;

  /** Characters of the text decoded so far, aliases expanded. */
  private long characters;

  /** Characters of the document as written: the nodes walked, aliases not expanded. */
  private long written;

  /** Of the aliases walked so far, the first that stands for the most characters; or null. */
  private Alias largest;

  private AliasExpansion(ByteBudget budget) {
    this.budget = budget;
  }

  /**
   * Refuses {@code document} when its aliases expand out of proportion, spending what they stand
   * for from {@code budget}.
   *
   * @return null when it passes; otherwise where the alias that passed a bound is, and what is
   *     refused
   */
  static Refusal check(Node document, ByteBudget budget) {
    AliasExpansion expansion = new AliasExpansion(budget);
    Refusal refused = expansion.walk(document, document.getStartMark(), null);
    return refused != null ? refused : expansion.proportion();
  }

  /**
   * What {@link #check} counts of a tree that holds no anchor, as {@code {nodes, characters}}: the
   * nodes (keys included) and the characters of its text, as {@code decoded} and {@code written}
   * count them; null when it holds an anchor, whose aliases elsewhere need its nodes.
   */
  static long[] measure(Node tree) {
    long[] counts = new long[2];
    return measure(tree, counts) ? counts : null;
  }

  private static boolean measure(Node node, long[] counts) {
    if (node.getAnchor() != null || node instanceof WrittenItem kept && kept.isWritten()) {
      return false;
    }
    counts[0] = add(counts[0], 1);
    counts[1] = add(counts[1], ownCharacters(node));
    if (node instanceof SequenceNode sequence) {
      for (Node item : sequence.getValue()) {
        if (!measure(item, counts)) {
          return false;
        }
      }
    } else if (node instanceof MappingNode mapping) {
      for (NodeTuple entry : mapping.getValue()) {
        if (!measure(entry.getKeyNode(), counts) || !measure(entry.getValueNode(), counts)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * An alias that passed a bound: where it is, the message, and whether kubectl reads the document
   * all the same (refused for what it stands for in characters, not for its share of nodes).
   */
  record Refusal(Mark where, String problem, boolean kubectlReads) {}

  /** An alias in the document: its anchor, what that stands for, where, and its key or null. */
  private record Alias(Node anchor, Size size, Mark where, Node key) {}

  /**
   * A node once expanded: the nodes yaml.v3 decodes for it, the characters of its text, and where
   * it is defined.
   */
  private record Size(long nodes, long characters, Mark where) {}

  /**
   * @param where the best position of {@code node} the composed tree keeps: an alias has none of
   *     its own (it is its anchor's node), and deep scalars none either (the reader keeps marks of
   *     collections), so the key it is the value of when that has one, or the collection it is in
   * @param key the key {@code node} is the value of, or null
   */
  private Refusal walk(Node node, Mark where, Node key) {
    if (node instanceof WrittenItem item && item.isWritten()) {
      // counted as it was read, its tree since dropped: no anchor in it, so no alias either
      decoded = add(decoded, item.nodes());
      characters = add(characters, item.characters());
      written = add(written, item.characters());
      return null;
    }
    boolean anchored = node.getAnchor() != null;
    if (anchored && sizes.containsKey(node)) {
      return alias(node, sizes.get(node), where, key);
    }
    if (anchored) {
      sizes.put(node, COUNTING);
    }
    long nodesBefore = decoded;
    long charactersBefore = characters;
    decoded = add(decoded, 1);
    characters = add(characters, ownCharacters(node));
    written = add(written, ownCharacters(node));
    Refusal refused = null;
    if (node instanceof SequenceNode sequence) {
      for (Node item : sequence.getValue()) {
        refused = refused != null ? refused : walk(item, sequence.getStartMark(), null);
      }
    } else if (node instanceof MappingNode mapping) {
      for (NodeTuple entry : mapping.getValue()) {
        Node entryKey = entry.getKeyNode();
        Mark at =
            entryKey.getStartMark() != null ? entryKey.getStartMark() : mapping.getStartMark();
        refused = refused != null ? refused : walk(entryKey, mapping.getStartMark(), null);
        refused = refused != null ? refused : walk(entry.getValueNode(), at, entryKey);
      }
    }
    if (anchored) {
      sizes.put(node, new Size(decoded - nodesBefore, characters - charactersBefore, where));
    }
    return refused;
  }

  /** An alias of {@code anchor}: yaml.v3 decodes the alias node, then its anchor's whole tree. */
  private Refusal alias(Node anchor, Size size, Mark where, Node key) {
    if (size == COUNTING) {
      return new Refusal(
          where,
          "the anchor &"
              + anchor.getAnchor()
              + " contains an alias to itself, which has no end once expanded (kubectl refuses"
              + " it); refused. Write it out without the recursive alias.",
          false);
    }
    decoded = add(decoded, add(1, size.nodes()));
    aliased = add(aliased, size.nodes());
    characters = add(characters, size.characters());
    if (excessive()) {
      return new Refusal(where, excessiveAliasing(anchor, size, key), false);
    }
    if (!budget.spendExpanded(size.characters())) {
      return new Refusal(where, overBudget(anchor, size, key), true);
    }
    if (largest == null || size.characters() > largest.size().characters()) {
      largest = new Alias(anchor, size, where, key);
    }
    return null;
  }

  /**
   * The third rule, once the whole document has been walked: its text counted into the run's, what
   * the run's aliases stand for must stay within what that allows.
   */
  private Refusal proportion() {
    if (budget.writtenFits(written)) {
      return null;
    }
    // past the bound only through aliases, and no earlier document was: this one has one
    return new Refusal(largest.where(), outOfProportion(largest), true);
  }

  private static long ownCharacters(Node node) {
    return node instanceof ScalarNode scalar ? Math.max(1, scalar.getValue().length()) : 1;
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

  private static long add(long a, long b) {
    return Math.min(SATURATED, a + b);
  }

  private String excessiveAliasing(Node anchor, Size size, Node key) {
    return "excessive aliasing: once expanded, aliases make "
        + count(aliased)
        + " of the document's "
        + count(decoded)
        + " nodes (the last, "
        + alias(anchor, key)
        + ", "
        + count(size.nodes())
        + ", its anchor at "
        + position(size)
        + "), more than kubectl accepts (it refuses the document: \"document contains"
        + " excessive aliasing\"); refused as a possible \"billion laughs\" attack. Write the"
        + " objects out without anchors and aliases.";
  }

  private String overBudget(Node anchor, Size size, Node key) {
    return "the aliases expand past the "
        + YamlInputException.bytes(budget.total())
        + " one run reads (files and stdin together, each alias counted as the text it stands"
        + " for): "
        + alias(anchor, key)
        + " stands for "
        + count(size.characters())
        + " characters (its anchor at "
        + position(size)
        + "), bringing what the run's aliases stand for to "
        + count(budget.expanded())
        + " characters; refused. Write the value out once, or make the aliased value smaller.";
  }

  private String outOfProportion(Alias most) {
    return "the aliases stand for more than the input holds: "
        + alias(most.anchor(), most.key())
        + " stands for "
        + count(most.size().characters())
        + " characters (its anchor at "
        + position(most.size())
        + "), and the run's aliases for "
        + count(budget.expanded())
        + " together, more than the "
        + count(budget.expansionAllowed())
        + " allowed ("
        + count(budget.expansionFloor())
        + ", and "
        + ByteBudget.EXPANSION_RATIO
        + " for each of the "
        + count(budget.written())
        + " characters the run's documents hold as written); refused. Write the copies out"
        + " instead of aliasing them, or make the aliased value smaller.";
  }

  /** The alias as a message names it: {@code *big (the value of "k1" here)}. */
  private static String alias(Node anchor, Node key) {
    String name = "*" + QuotedText.cut(anchor.getAnchor());
    return key instanceof ScalarNode scalar
        ? name + " (the value of " + QuotedText.of(scalar.getValue()) + " here)"
        : name + " here";
  }

  private static String position(Size size) {
    Mark mark = size.where();
    return mark == null
        ? "an unknown position"
        : "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
