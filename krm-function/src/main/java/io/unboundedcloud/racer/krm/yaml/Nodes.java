package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reading and editing mapping nodes in place, so that whatever is not edited keeps its order, comments
 * and style. Paths are keys from the given mapping down: {@code get(item, "metadata", "annotations")}.
 * Build new values with {@link PlainTree#toNode(Object)} so that they are tagged and quoted correctly.
 */
public final class Nodes {

    private Nodes() {
    }

    /** The node at a key path, empty when a key is missing or a step on the way is not a mapping. */
    public static Optional<Node> get(MappingNode mapping, String... path) {
        Node current = mapping;
        for (String key : path) {
            if (!(current instanceof MappingNode step)) {
                return Optional.empty();
            }
            Optional<NodeTuple> entry = entry(step, key);
            if (entry.isEmpty()) {
                return Optional.empty();
            }
            current = entry.get().getValueNode();
        }
        return Optional.of(current);
    }

    /** The mapping at a key path, empty when missing or not a mapping. */
    public static Optional<MappingNode> mapping(MappingNode mapping, String... path) {
        return get(mapping, path).filter(MappingNode.class::isInstance).map(MappingNode.class::cast);
    }

    /** The sequence at a key path, empty when missing or not a sequence. */
    public static Optional<SequenceNode> sequence(MappingNode mapping, String... path) {
        return get(mapping, path).filter(SequenceNode.class::isInstance).map(SequenceNode.class::cast);
    }

    /**
     * The text of the scalar at a key path, as written (without quotes): {@code "8082"} for both
     * {@code 8082} and {@code '8082'}. Empty when missing, not a scalar, or null ({@code ~}, {@code null},
     * nothing).
     */
    public static Optional<String> text(MappingNode mapping, String... path) {
        return get(mapping, path).flatMap(Nodes::text);
    }

    /** The text of a scalar node; empty for a null scalar or a mapping or sequence. */
    public static Optional<String> text(Node node) {
        if (node instanceof ScalarNode scalar && !Tag.NULL.equals(scalar.getTag())) {
            return Optional.of(scalar.getValue());
        }
        return Optional.empty();
    }

    /** The key/value pair of a key, empty when the mapping has no such scalar key. */
    public static Optional<NodeTuple> entry(MappingNode mapping, String key) {
        for (NodeTuple tuple : mapping.getValue()) {
            if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                return Optional.of(tuple);
            }
        }
        return Optional.empty();
    }

    /** The scalar keys of a mapping, in order. */
    public static List<String> keys(MappingNode mapping) {
        List<String> keys = new ArrayList<>(mapping.getValue().size());
        for (NodeTuple tuple : mapping.getValue()) {
            if (tuple.getKeyNode() instanceof ScalarNode k) {
                keys.add(k.getValue());
            }
        }
        return keys;
    }

    /**
     * Sets a key's value. An existing key keeps its position and its comments; a scalar replacing a scalar
     * takes over the old one's comments unless it has comments of its own ({@code name: web # trailing}
     * becomes {@code name: other # trailing}). A new key is appended.
     */
    public static void put(MappingNode mapping, String key, Node value) {
        List<NodeTuple> tuples = mapping.getValue();
        for (int i = 0; i < tuples.size(); i++) {
            NodeTuple tuple = tuples.get(i);
            if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                Node old = tuple.getValueNode();
                if (old != value && old instanceof ScalarNode && value instanceof ScalarNode && !hasComments(value)) {
                    value.setBlockComments(old.getBlockComments());
                    value.setInLineComments(old.getInLineComments());
                    value.setEndComments(old.getEndComments());
                }
                tuples.set(i, new NodeTuple(tuple.getKeyNode(), value));
                return;
            }
        }
        tuples.add(new NodeTuple(PlainTree.stringNode(key), value));
    }

    /** Sets a key to a string value, quoted where needed; see {@link #put(MappingNode, String, Node)}. */
    public static void put(MappingNode mapping, String key, String value) {
        put(mapping, key, PlainTree.stringNode(value));
    }

    /** Removes a key with its value and comments; whether it was there. */
    public static boolean remove(MappingNode mapping, String key) {
        return mapping.getValue().removeIf(t -> t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key));
    }

    /**
     * The mapping at a key path, created (empty, block style, appended) where a key is missing or null
     * ({@code annotations:} with no value).
     *
     * @throws IllegalArgumentException when a step holds a non-null scalar or a sequence
     */
    public static MappingNode ensureMapping(MappingNode mapping, String... path) {
        MappingNode current = mapping;
        for (String key : path) {
            Optional<NodeTuple> entry = entry(current, key);
            Node value = entry.map(NodeTuple::getValueNode).orElse(null);
            if (value instanceof MappingNode next) {
                current = next;
                continue;
            }
            if (value != null && !(value instanceof ScalarNode scalar && Tag.NULL.equals(scalar.getTag()))) {
                throw new IllegalArgumentException("cannot create a mapping at '" + key + "': it holds a "
                        + value.getNodeId() + " already");
            }
            MappingNode created = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
            put(current, key, created);
            current = created;
        }
        return current;
    }

    private static boolean hasComments(Node node) {
        return notEmpty(node.getBlockComments()) || notEmpty(node.getInLineComments())
                || notEmpty(node.getEndComments());
    }

    private static boolean notEmpty(List<CommentLine> comments) {
        return comments != null && !comments.isEmpty();
    }
}
