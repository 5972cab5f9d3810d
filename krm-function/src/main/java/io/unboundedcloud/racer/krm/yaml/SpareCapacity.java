package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Gives back the heap snakeyaml's composer leaves unused in a tree: an empty comment list on nearly every
 * node, and lists with room for ten children where most hold two or three. About a fifth of a large
 * ResourceList's tree.
 * <p>
 * Walks with its own stack, and visits a node reached through several aliases once.
 */
final class SpareCapacity {

    private SpareCapacity() {
    }

    static void release(Node root) {
        Deque<Node> pending = new ArrayDeque<>();
        Set<Node> anchored = Collections.newSetFromMap(new IdentityHashMap<>());
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            if (node.getAnchor() != null && !anchored.add(node)) {
                continue; // reached again through an alias
            }
            node.setBlockComments(trimmed(node.getBlockComments()));
            node.setInLineComments(trimmed(node.getInLineComments()));
            node.setEndComments(trimmed(node.getEndComments()));
            if (node instanceof MappingNode mapping) {
                trim(mapping.getValue());
                for (NodeTuple tuple : mapping.getValue()) {
                    pending.push(tuple.getKeyNode());
                    pending.push(tuple.getValueNode());
                }
            } else if (node instanceof SequenceNode sequence) {
                trim(sequence.getValue());
                sequence.getValue().forEach(pending::push);
            }
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
