package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Gives back the heap snakeyaml's composer leaves unused in a tree: an empty comment list on nearly
 * every node, and lists with room for ten children where most hold two or three. About a fifth of a
 * large ResourceList's tree.
 *
 * <p>Done by {@link TreeComposer} while the tree is composed, as each mapping or sequence is
 * complete (its children are then done), not over the whole tree afterwards: a large input's tree
 * then never holds the spare room of all its nodes at once, which was the peak of a whole run's
 * heap: the 50,000-item benchmark input needed {@code -Xmx176m} when the tree was trimmed after
 * reading, and needs {@code -Xmx144m} with trimming as it is read, although the run now also keeps
 * its input and holds its output (krm.memory). A node reached again through an alias is trimmed
 * again, which changes nothing.
 */
public final class SpareCapacity {

  private SpareCapacity() {}

  /** Trims a document's root, whose children {@link TreeComposer} trimmed already. */
  public static void releaseRoot(Node root) {
    release(root);
  }

  // by index: a collection may hold itself through an alias (&a [x, *a]), and trimming its list
  // while an iterator walks it would be a concurrent modification
  static void releaseChildren(Node collection) {
    if (collection instanceof MappingNode mapping) {
      List<NodeTuple> tuples = mapping.getValue();
      for (int i = 0; i < tuples.size(); i++) {
        release(tuples.get(i).getKeyNode());
        release(tuples.get(i).getValueNode());
      }
    } else if (collection instanceof SequenceNode sequence) {
      List<Node> children = sequence.getValue();
      for (int i = 0; i < children.size(); i++) {
        release(children.get(i));
      }
    }
  }

  /**
   * Trims one node: its comment lists and its own list of children, not the children themselves.
   */
  private static void release(Node node) {
    node.setBlockComments(trimmed(node.getBlockComments()));
    node.setInLineComments(trimmed(node.getInLineComments()));
    node.setEndComments(trimmed(node.getEndComments()));
    if (node instanceof WrittenItem written && written.isWritten()) {
      return;
    }
    if (node instanceof MappingNode mapping) {
      trim(mapping.getValue());
    } else if (node instanceof SequenceNode sequence) {
      trim(sequence.getValue());
    }
  }

  private static List<CommentLine> trimmed(List<CommentLine> comments) {
    if (comments == null || comments.isEmpty()) {
      return null;
    }
    trim(comments);
    return comments;
  }

  private static void trim(List<?> list) {
    if (list instanceof ArrayList<?> arrayList) {
      arrayList.trimToSize();
    }
  }
}
