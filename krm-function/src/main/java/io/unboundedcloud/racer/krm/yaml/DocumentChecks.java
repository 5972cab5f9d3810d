package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * What snakeyaml's composer does not check on a node tree: duplicate keys (its duplicate-key option
 * only applies when it constructs Java objects). The same walk drops the empty comment lists the
 * composer leaves on every node, which would otherwise hold a good share of a large tree's heap.
 * <p>
 * The walk uses its own stack, and visits a node reached through several aliases once, so that neither
 * deep nor alias-multiplied documents cost more than their size.
 */
final class DocumentChecks {

    private static final int SMALL_MAPPING = 8;

    private DocumentChecks() {
    }

    static void check(Node root, String source) {
        Deque<Node> pending = new ArrayDeque<>();
        Set<Node> anchored = Collections.newSetFromMap(new IdentityHashMap<>());
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            if (node.getAnchor() != null && !anchored.add(node)) {
                continue; // reached again through an alias
            }
            dropEmptyComments(node);
            if (node instanceof MappingNode mapping) {
                List<NodeTuple> tuples = mapping.getValue();
                checkKeys(tuples, source);
                for (int i = tuples.size() - 1; i >= 0; i--) {
                    pending.push(tuples.get(i).getValueNode());
                    pending.push(tuples.get(i).getKeyNode());
                }
            } else if (node instanceof SequenceNode sequence) {
                List<Node> children = sequence.getValue();
                for (int i = children.size() - 1; i >= 0; i--) {
                    pending.push(children.get(i));
                }
            }
        }
    }

    private static void checkKeys(List<NodeTuple> tuples, String source) {
        int size = tuples.size();
        if (size < 2) {
            return;
        }
        if (size <= SMALL_MAPPING) {
            for (int i = 1; i < size; i++) {
                for (int j = 0; j < i; j++) {
                    refuseIfSame(tuples.get(j).getKeyNode(), tuples.get(i).getKeyNode(), source);
                }
            }
            return;
        }
        Map<String, Node> seen = new HashMap<>(size * 2);
        for (NodeTuple tuple : tuples) {
            if (tuple.getKeyNode() instanceof ScalarNode key) {
                Node first = seen.putIfAbsent(key.getValue(), key);
                if (first != null) {
                    refuseIfSame(first, key, source);
                }
            }
        }
    }

    private static void refuseIfSame(Node first, Node second, String source) {
        if (first instanceof ScalarNode a && second instanceof ScalarNode b && a.getValue().equals(b.getValue())) {
            String firstLine = a.getStartMark() == null ? "" : " (first at line " + (a.getStartMark().getLine() + 1) + ")";
            throw YamlInputException.at(source, b.getStartMark(), "duplicate key '" + b.getValue()
                    + "' in one mapping" + firstLine + ". YAML readers disagree on which value wins: remove one of them.");
        }
    }

    private static void dropEmptyComments(Node node) {
        if (isEmpty(node.getBlockComments())) {
            node.setBlockComments(null);
        }
        if (isEmpty(node.getInLineComments())) {
            node.setInLineComments(null);
        }
        if (isEmpty(node.getEndComments())) {
            node.setEndComments(null);
        }
    }

    private static boolean isEmpty(List<CommentLine> comments) {
        return comments != null && comments.isEmpty();
    }
}
