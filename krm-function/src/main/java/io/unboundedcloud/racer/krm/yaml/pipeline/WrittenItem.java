package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.List;
import java.util.function.BiFunction;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * An item of a ResourceList held as the text the writer writes for it, while it is read, with what
 * the caller reads it by (its identity, labels and annotations): an item the function reads no
 * further than that and gives back as it came needs no tree to the end of the run. At 100,000 items
 * the trees kept to the end were about 360 MiB, which the collector copied young to old while they
 * were read.
 *
 * <p>{@link TreeComposer} makes one of each item of the {@code items} list it may hold so ({@link
 * ItemKeeping}), and {@link NodeSerializer} writes {@link #text()} in the item's place in the
 * {@code items} of a ResourceList, where the text was written for. Anything that reads its entries
 * ({@link #getValue()}) reads them from that text first, once: from then on it is a tree like any
 * other, written as one, so an edit made to it is written; since the text is what the writer writes
 * for the tree and the writer's output reads back as the same tree, the bytes are the same either
 * way.
 */
public final class WrittenItem extends MappingNode {

  /** The writer's text of an item, and how to read a tree from it again. */
  public interface ItemKeeping {
    /**
     * What to keep of a complete item instead of its tree, or null to keep the tree: called only
     * for items {@link NodeSerializer#itemText} writes the same in every ResourceList (a block
     * mapping with no anchor, alias or tag of its own, and no comment above its first key).
     */
    Kept keep(MappingNode item);
  }

  /**
   * @param text what {@link NodeSerializer#itemText} writes for the item
   * @param identity what the caller reads the item by instead of its tree
   * @param nodes the item's nodes, keys included, for the alias bounds of the document
   * @param characters the characters of its scalars, at least one each, and one per collection
   * @param reader reads the tree again from {@code text}, given where the item started in its input
   *     (its start mark, or null), so that the tree's marks point into the input
   */
  public record Kept(
      String text,
      Object identity,
      long nodes,
      long characters,
      BiFunction<String, Mark, MappingNode> reader) {}

  private Kept kept;

  /** The item composed: its entries, marks, style and comments, held as they are until kept. */
  WrittenItem(MappingNode composed) {
    super(
        composed.getTag(),
        true,
        composed.getValue(),
        composed.getStartMark(),
        composed.getEndMark(),
        composed.getFlowStyle());
    setBlockComments(composed.getBlockComments());
    setInLineComments(composed.getInLineComments());
    setEndComments(composed.getEndComments());
  }

  /** Drops the tree for what {@code keeping} keeps of it, if anything. */
  void keep(ItemKeeping keeping) {
    Kept what = keeping.keep(this);
    if (what != null) {
      super.setValue(null);
      kept = what;
    }
  }

  /** Whether the item is held as its text (nothing read its entries since). */
  public boolean isWritten() {
    return kept != null;
  }

  /** The text the writer writes for it: only while {@link #isWritten()}. */
  public String text() {
    return kept.text();
  }

  /** What the caller reads it by instead of its tree: only while {@link #isWritten()}. */
  public Object identity() {
    return kept.identity();
  }

  /** Its nodes, counted as the alias bounds count: only while {@link #isWritten()}. */
  public long nodes() {
    return kept.nodes();
  }

  /** Its characters, counted as the alias bounds count: only while {@link #isWritten()}. */
  public long characters() {
    return kept.characters();
  }

  /** Its entries: read from its text, once, when it is held as text. */
  @Override
  public List<NodeTuple> getValue() {
    Kept now = kept;
    if (now != null) {
      MappingNode tree = now.reader().apply(now.text(), getStartMark());
      kept = null;
      super.setValue(tree.getValue());
      setEndComments(tree.getEndComments());
    }
    return super.getValue();
  }

  /** Its end comments, written in its text: a change reads its tree first. */
  @Override
  public void setEndComments(List<CommentLine> endComments) {
    if (kept != null && endComments != getEndComments()) {
      getValue();
    }
    super.setEndComments(endComments);
  }

  @Override
  public void setValue(List<NodeTuple> value) {
    kept = null;
    super.setValue(value);
  }

  /** Whether a composed item may be held so: a block mapping of snakeyaml's implicit map tag. */
  static boolean fits(MappingNode item) {
    return item.getClass() == MappingNode.class
        && item.getAnchor() == null
        && item.getTag() == Tag.MAP
        && !item.getValue().isEmpty()
        && item.getFlowStyle() != org.yaml.snakeyaml.DumperOptions.FlowStyle.FLOW;
  }
}
