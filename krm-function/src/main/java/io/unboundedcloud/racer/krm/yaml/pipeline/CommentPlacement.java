package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Gives each comment line of a composed collection the place kyaml (kustomize's and kpt's YAML
 * library) gives it, by its column, where snakeyaml's composer hands every comment line to the node
 * that follows it:
 *
 * <ul>
 *   <li>a comment after the last entry of a block, indented deeper than the next entry, ends that
 *       block (the deepest one whose entries start at or left of the comment): {@code data:\n k:
 *       v\n # note} stays at the end of {@code data}, not at the head of the next key or the next
 *       item;
 *   <li>a comment above a sequence item goes before its dash ({@code # the port\n- port: 80}),
 *       where snakeyaml gives it to the item's first key; one on the dash's own line ({@code - #
 *       header\n apiVersion: v1}, as kpt writes a document's leading comment into a ResourceList)
 *       stays the first key's, and the writer puts it after the dash.
 * </ul>
 *
 * The writer ({@link NodeSerializer}) writes a node's block comments before it, a sequence item's
 * before its dash, and a collection's end comments after its last entry at its indentation, so a
 * comment comes out where it was read and a second run finds it there again.
 */
final class CommentPlacement {

  /**
   * The end mark of a comment read on the line of an indicator ({@code -}, a document start): only
   * compared by identity.
   */
  static final Mark ON_INDICATOR_LINE = new Mark("on the indicator's line", 0, 0, 0, new int[0], 0);

  private CommentPlacement() {}

  /** Places the comments of a composed block mapping's entries after its first. */
  static void mapping(MappingNode mapping) {
    int column = column(mapping);
    if (column < 0 || mapping.getFlowStyle() == FlowStyle.FLOW) {
      return;
    }
    List<NodeTuple> tuples = mapping.getValue();
    for (int i = 1; i < tuples.size(); i++) {
      Node key = tuples.get(i).getKeyNode();
      key.setBlockComments(
          endPrevious(key.getBlockComments(), tuples.get(i - 1).getValueNode(), column));
    }
  }

  /** Places the comments of a composed block sequence's items. */
  static void sequence(SequenceNode sequence) {
    int column = column(sequence);
    if (column < 0 || sequence.getFlowStyle() == FlowStyle.FLOW) {
      return;
    }
    int firstDashLine = sequence.getStartMark().getLine();
    List<Node> items = sequence.getValue();
    for (int i = 0; i < items.size(); i++) {
      Node item = items.get(i);
      if (item instanceof WrittenItem written
          && written.isWritten()
          && isEmpty(item.getBlockComments())) {
        // kept as text only with no comment ahead of its first key
        continue;
      }
      if (isNestedBlockSequence(item)) {
        nestedSequence(items, i, column, firstDashLine);
        continue;
      }
      Node firstKey = firstKeyOfBlockMapping(item);
      if (isEmpty(item.getBlockComments())
          && (firstKey == null || isEmpty(firstKey.getBlockComments()))) {
        continue;
      }
      List<CommentLine> all = new ArrayList<>();
      addAll(all, item.getBlockComments());
      if (firstKey != null) {
        addAll(all, firstKey.getBlockComments());
      }
      int onDashLine = 0;
      while (onDashLine < all.size()
          && !onOwnDashLine(all.get(onDashLine), i, firstDashLine)
          && !belowProperties(all.get(onDashLine), item)) {
        onDashLine++;
      }
      List<CommentLine> before = new ArrayList<>(all.subList(0, onDashLine));
      List<CommentLine> after = new ArrayList<>(all.subList(onDashLine, all.size()));
      if (i > 0) {
        List<CommentLine> rest = endPrevious(before, items.get(i - 1), column);
        before = rest == null ? new ArrayList<>() : rest;
      }
      if (firstKey == null) {
        before.addAll(after);
        item.setBlockComments(orNull(before));
      } else {
        item.setBlockComments(orNull(before));
        firstKey.setBlockComments(orNull(after));
      }
    }
  }

  /**
   * Places the comments read ahead of an item that is itself a block sequence ({@code - - a}):
   * snakeyaml gives them to the first scalar inside it, and the nested sequence's own placement has
   * already put them on its first item. The leading ones that come before this sequence's dash (on
   * earlier lines: above the first dash; any but one on the dash's line, for a later item) go to
   * the nested sequence, which the writer puts before the dash; the rest, on the dash's line or
   * below it, stay with the first item, which the writer puts after the dash ({@code - # note},
   * then {@code - a} below it). Each level of {@code - - - a} moves them one level up, so a comment
   * above the outer dash ends on the outermost item that starts on its line.
   */
  private static void nestedSequence(List<Node> items, int i, int column, int firstDashLine) {
    SequenceNode nested = (SequenceNode) items.get(i);
    Node first = nested.getValue().get(0);
    List<CommentLine> comments = first.getBlockComments();
    if (isEmpty(comments)) {
      return;
    }
    int before = 0;
    while (before < comments.size() && aboveDash(comments.get(before), i, firstDashLine)) {
      before++;
    }
    if (before == 0) {
      return;
    }
    List<CommentLine> moved = new ArrayList<>(comments.subList(0, before));
    first.setBlockComments(orNull(new ArrayList<>(comments.subList(before, comments.size()))));
    if (i > 0) {
      moved = endPrevious(moved, items.get(i - 1), column);
    }
    if (!isEmpty(moved)) {
      List<CommentLine> all = new ArrayList<>();
      addAll(all, nested.getBlockComments());
      all.addAll(moved);
      nested.setBlockComments(all);
    }
  }

  /**
   * Whether a comment read ahead of item {@code i} lies before that item's dash: on a line before
   * the sequence's first dash for the first item (a comment on an outer dash's line included), not
   * on a dash's line for a later one.
   */
  private static boolean aboveDash(CommentLine line, int i, int firstDashLine) {
    if (i == 0) {
      return line.getStartMark() != null && line.getStartMark().getLine() < firstDashLine;
    }
    return line.getEndMark() != ON_INDICATOR_LINE;
  }

  /**
   * Whether a comment read ahead of item {@code i} is on that item's own dash line ({@code - #
   * note}); for the first item, one on an earlier dash's line is an outer sequence's ({@code - #
   * note}, then {@code - a} below it).
   */
  private static boolean onOwnDashLine(CommentLine line, int i, int firstDashLine) {
    return line.getEndMark() == ON_INDICATOR_LINE && (i > 0 || !aboveDash(line, 0, firstDashLine));
  }

  /**
   * Whether a comment read ahead of an item's first key lies on or below the line where the item
   * starts: an item that starts with a tag or an anchor on the dash's line ({@code - !!map}, then
   * {@code # note}, as kpt sends a document tagged {@code --- !!map}); the writer puts it after the
   * tag, above the first key, where it was.
   */
  private static boolean belowProperties(CommentLine line, Node item) {
    return line.getEndMark() != ON_INDICATOR_LINE
        && line.getStartMark() != null
        && item.getStartMark() != null
        && (item.getAnchor() != null || TreeComposer.hasExplicitTag(item))
        && line.getStartMark().getLine() >= item.getStartMark().getLine();
  }

  private static boolean isNestedBlockSequence(Node item) {
    return item instanceof SequenceNode nested
        && nested.getFlowStyle() != FlowStyle.FLOW
        && !nested.getValue().isEmpty()
        && nested.getStartMark() != null;
  }

  /**
   * A document's end comments indented deeper than its root end the deepest block they line up
   * with.
   */
  static void document(Node root) {
    List<CommentLine> end = root.getEndComments();
    int column = column(root);
    if (end == null || end.isEmpty() || column < 0 || !(root instanceof CollectionNode<?>)) {
      return;
    }
    List<CommentLine> kept = new ArrayList<>();
    EndComments ends = new EndComments(root);
    for (CommentLine line : end) {
      Node target = line.getStartMark() == null ? null : ends.deepest(line.getStartMark());
      if (target == null || target == root || line.getCommentType() == CommentType.BLANK_LINE) {
        kept.add(line);
      } else {
        ends.append(target, line);
      }
    }
    ends.place();
    root.setEndComments(orNull(kept));
  }

  /**
   * Moves the leading comments of {@code comments} indented deeper than {@code column} to the end
   * of the block in {@code previous} they line up with; returns the rest (null when none). Blank
   * lines go with the comment after them; a comment that lines up with no block stops the move.
   */
  private static List<CommentLine> endPrevious(
      List<CommentLine> comments, Node previous, int column) {
    if (comments == null || comments.isEmpty()) {
      return comments;
    }
    int moved = 0;
    EndComments ends = new EndComments(previous);
    for (int i = 0; i < comments.size(); i++) {
      CommentLine line = comments.get(i);
      if (line.getCommentType() == CommentType.BLANK_LINE) {
        continue;
      }
      Mark mark = line.getStartMark();
      if (line.getCommentType() != CommentType.BLOCK
          || mark == null
          || mark.getColumn() <= column
          || line.getEndMark() == ON_INDICATOR_LINE) {
        break;
      }
      Node target = ends.deepest(mark);
      if (target == null) {
        break;
      }
      for (int j = moved; j <= i; j++) {
        ends.append(target, comments.get(j));
      }
      moved = i + 1;
    }
    ends.place();
    return moved == 0
        ? comments
        : orNull(new ArrayList<>(comments.subList(moved, comments.size())));
  }

  /**
   * Comment lines bound for the end of blocks under one node, gathered and then placed at once:
   * appending them one by one to a copy of each block's list cost the square of their number (a run
   * of a million comment lines at the end of a document did not finish in 20 s and took 5 GB), and
   * finding each line's block anew cost the depth of the tree per line. The block a line goes to
   * depends only on its column, so it is found once per column.
   */
  private static final class EndComments {
    private final Node under;
    private final Map<Integer, Node> byColumn = new HashMap<>();
    private final Map<Node, List<CommentLine>> added = new IdentityHashMap<>();
    private final List<Node> order = new ArrayList<>();

    EndComments(Node under) {
      this.under = under;
    }

    /** {@link CommentPlacement#deepest} of the node, for a comment at {@code mark}'s column. */
    Node deepest(Mark mark) {
      int column = mark.getColumn();
      if (!byColumn.containsKey(column)) {
        byColumn.put(column, CommentPlacement.deepest(under, mark));
      }
      return byColumn.get(column);
    }

    void append(Node target, CommentLine line) {
      added
          .computeIfAbsent(
              target,
              t -> {
                order.add(t);
                return new ArrayList<>();
              })
          .add(line);
    }

    /** Each target's end comments, with the lines gathered for it after them. */
    void place() {
      for (Node target : order) {
        List<CommentLine> comments = new ArrayList<>();
        addAll(comments, target.getEndComments());
        comments.addAll(added.get(target));
        target.setEndComments(comments);
      }
    }
  }

  /**
   * The deepest non-empty block collection along the last entries of {@code node} (itself included)
   * whose entries start at or left of the comment's column; null when none.
   */
  private static Node deepest(Node node, Mark comment) {
    Node target = null;
    Node current = node;
    while (current instanceof CollectionNode<?> collection
        && collection.getFlowStyle() != FlowStyle.FLOW
        && !collection.getValue().isEmpty()
        && column(current) >= 0
        && column(current) <= comment.getColumn()) {
      target = current;
      if (current instanceof MappingNode mapping) {
        List<NodeTuple> tuples = mapping.getValue();
        current = tuples.get(tuples.size() - 1).getValueNode();
      } else {
        List<Node> items = ((SequenceNode) current).getValue();
        current = items.get(items.size() - 1);
      }
    }
    return target;
  }

  private static Node firstKeyOfBlockMapping(Node item) {
    return item instanceof MappingNode mapping
            && mapping.getFlowStyle() != FlowStyle.FLOW
            && !mapping.getValue().isEmpty()
        ? mapping.getValue().get(0).getKeyNode()
        : null;
  }

  private static int column(Node node) {
    return node.getStartMark() == null ? -1 : node.getStartMark().getColumn();
  }

  private static void addAll(List<CommentLine> into, List<CommentLine> comments) {
    if (comments != null) {
      into.addAll(comments);
    }
  }

  private static boolean isEmpty(List<CommentLine> comments) {
    return comments == null || comments.isEmpty();
  }

  private static List<CommentLine> orNull(List<CommentLine> comments) {
    return comments == null || comments.isEmpty() ? null : comments;
  }
}
