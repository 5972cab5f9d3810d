package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.yaml.pipeline.NodeSerializer;
import io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reading and editing nodes in place, so that whatever is not edited keeps its order, comments and
 * style; and converting between nodes and plain Java trees.
 *
 * <p>Paths are keys from the given mapping down: {@code get(item, "metadata", "annotations")}. Like
 * {@link Map#get}, the getters return {@code null} when something is missing.
 *
 * <p>Plain trees are {@link java.util.LinkedHashMap} (keys in order), {@link List}, {@link String},
 * {@link Integer} or {@link Long}, {@link Double}, {@link Boolean} and {@code null}. Scalars are
 * read the way Kubernetes reads YAML, not by YAML 1.1's letter (snakeyaml's resolver):
 *
 * <pre>
 *   port: 8082        Integer 8082         (Long when it does not fit an int)
 *   port: "8082"      String "8082"        (quoted: always a string)
 *   mode: 0644        Integer 420          (octal, as Kubernetes' go-yaml reads it; also 0x1F, 0b101, 1_000)
 *   ratio: 1.5        Double 1.5           (also 1e3, .inf, -.inf, .nan)
 *   on: true          Boolean true         (true, True, TRUE, false, False, FALSE)
 *   on: yes           String "yes"         (YAML 1.1's yes/no/on/off stay strings, as in YAML 1.2)
 *   a: ~  b: null  c: Null  d:            null
 *   day: 2024-01-01   String "2024-01-01"  (timestamps stay text, as in JSON)
 *   0o17 (YAML 1.2 octal, a string to YAML 1.1), 1:20 (sexagesimal), integers beyond a long: the text
 * </pre>
 *
 * Going back, strings that a YAML reader would take for something else ({@code "0"}, {@code
 * "true"}, {@code "yes"}, {@code "y"}, {@code "null"}, {@code "0644"}, {@code "1e3"}, {@code ""})
 * are double-quoted, other strings are plain ({@code 1Gi}) or single-quoted where YAML syntax
 * demands ({@code 'a: b'}), and strings with line breaks are literal blocks ({@code |}). Mappings
 * and sequences become block style, in iteration order; maps whose order comes from hashing ({@link
 * java.util.HashMap}, {@code Map.of}) are written with their keys sorted, so that output never
 * depends on hash codes. Aliases are followed (each use converted again, within {@link
 * YamlLimits#maxPlainTreeNodes()}); merge keys ({@code <<}) stay a key.
 */
public final class Nodes {

  private Nodes() {}

  /** The keys of an object's identity: what {@link #identityOf} keeps. */
  private static final Set<String> IDENTITY_KEYS = Set.of("apiVersion", "kind", "metadata");

  /**
   * What is kept of the identity of an item of a ResourceList held as text ({@link WrittenItem}),
   * to read it without reading its tree again; null for any other object, and for such an item once
   * its tree has been read (then its entries are the ones to read).
   */
  public static ItemIdentity keptIdentity(MappingNode object) {
    return object instanceof WrittenItem item && item.isWritten()
        ? (ItemIdentity) item.identity()
        : null;
  }

  /**
   * A mapping's entries whose key and value are scalars, as strings (a null value as the empty
   * string), in order; empty for null. Other entries are skipped.
   */
  public static Map<String, String> stringMap(MappingNode mapping) {
    Map<String, String> map = new LinkedHashMap<>();
    if (mapping == null) {
      return map;
    }
    for (NodeTuple tuple : mapping.getValue()) {
      if (tuple.getKeyNode() instanceof ScalarNode key
          && tuple.getValueNode() instanceof ScalarNode value) {
        String text = text(value);
        map.put(key.getValue(), text == null ? "" : text);
      }
    }
    return map;
  }

  /** A new mapping of the first entries of {@link #IDENTITY_KEYS} in {@code object}, in order. */
  static MappingNode identityOf(MappingNode object) {
    List<NodeTuple> entries = new ArrayList<>(3);
    Set<String> seen = new HashSet<>(4);
    for (NodeTuple tuple : object.getValue()) {
      if (tuple.getKeyNode() instanceof ScalarNode key
          && IDENTITY_KEYS.contains(key.getValue())
          && seen.add(key.getValue())) {
        entries.add(tuple);
      }
    }
    return new MappingNode(Tag.MAP, entries, FlowStyle.BLOCK);
  }

  /** The node at a key path; null when a key is missing or a step on the way is not a mapping. */
  public static Node get(MappingNode mapping, String... path) {
    Node current = mapping;
    for (String key : path) {
      if (!(current instanceof MappingNode step)) {
        return null;
      }
      NodeTuple entry = entry(step, key);
      if (entry == null) {
        return null;
      }
      current = entry.getValueNode();
    }
    return current;
  }

  /** The mapping at a key path; null when missing or not a mapping. */
  public static MappingNode getMapping(MappingNode mapping, String... path) {
    return get(mapping, path) instanceof MappingNode found ? found : null;
  }

  /**
   * The text of the scalar at a key path, as written without quotes ({@code "8082"} for both {@code
   * 8082} and {@code '8082'}); null when missing, not a scalar, or a null ({@code ~}, nothing).
   */
  public static String getText(MappingNode mapping, String... path) {
    return text(get(mapping, path));
  }

  /** The text of a scalar node; null for a null scalar, a mapping, a sequence or {@code null}. */
  public static String text(Node node) {
    return node instanceof ScalarNode scalar && !Tag.NULL.equals(scalar.getTag())
        ? scalar.getValue()
        : null;
  }

  /** The key/value pair of a scalar key; null when the mapping has none. */
  public static NodeTuple entry(MappingNode mapping, String key) {
    for (NodeTuple tuple : mapping.getValue()) {
      if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        return tuple;
      }
    }
    return null;
  }

  /**
   * Sets a key's value. An existing key keeps its position and its comments; a scalar replacing a
   * scalar takes over the old one's comments unless it has comments of its own ({@code name: web #
   * trailing} becomes {@code name: other # trailing}). A new key is appended.
   */
  public static void put(MappingNode mapping, String key, Node value) {
    List<NodeTuple> tuples = mapping.getValue();
    for (int i = 0; i < tuples.size(); i++) {
      NodeTuple tuple = tuples.get(i);
      if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        Node old = tuple.getValueNode();
        if (old != value
            && old instanceof ScalarNode
            && value instanceof ScalarNode
            && !hasComments(value)) {
          value.setBlockComments(old.getBlockComments());
          value.setInLineComments(old.getInLineComments());
          value.setEndComments(old.getEndComments());
        }
        tuples.set(i, new NodeTuple(tuple.getKeyNode(), value));
        return;
      }
    }
    tuples.add(new NodeTuple(string(key), value));
  }

  /**
   * As {@link #put(MappingNode, String, Node)}, but a new key goes in at {@code index} (0 is first)
   * instead of last. For an edit of a user's object: a key appended after the last entry would
   * follow the comments that end it, and kyaml (kpt's and kustomize's YAML library) reads comments
   * followed by a key as that key's, so kpt, copying the input's comments onto the output, would
   * write them twice, or inside the new value.
   */
  public static void putAt(MappingNode mapping, int index, String key, Node value) {
    if (entry(mapping, key) != null) {
      put(mapping, key, value);
    } else {
      mapping
          .getValue()
          .add(Math.min(index, mapping.getValue().size()), new NodeTuple(string(key), value));
    }
  }

  /** Sets a key to a string, quoted where needed; see {@link #put(MappingNode, String, Node)}. */
  public static void put(MappingNode mapping, String key, String value) {
    put(mapping, key, string(value));
  }

  /** Removes a key with its value and comments; whether it was there. */
  public static boolean remove(MappingNode mapping, String key) {
    return mapping
        .getValue()
        .removeIf(t -> t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key));
  }

  /**
   * The mapping at a key path, created (empty, block style, appended) where a key is missing or
   * null ({@code annotations:} with no value).
   *
   * @throws IllegalArgumentException when a step holds a non-null scalar or a sequence
   */
  public static MappingNode ensureMapping(MappingNode mapping, String... path) {
    MappingNode current = mapping;
    for (String key : path) {
      NodeTuple entry = entry(current, key);
      Node value = entry == null ? null : entry.getValueNode();
      if (value instanceof MappingNode next) {
        current = next;
        continue;
      }
      if (value != null
          && !(value instanceof ScalarNode scalar && Tag.NULL.equals(scalar.getTag()))) {
        throw new IllegalArgumentException(
            "cannot create a mapping at '"
                + key
                + "': it holds a "
                + value.getNodeId()
                + " already");
      }
      MappingNode created = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
      put(current, key, created);
      current = created;
    }
    return current;
  }

  /**
   * The plain value of a node (see the class comment).
   *
   * @throws YamlInputException when aliases expand it beyond {@link
   *     YamlLimits#maxPlainTreeNodes()}, an alias contains itself, or a key is not a scalar
   */
  public static Object toPlain(Node node) {
    return PlainTree.fromNode(node);
  }

  /**
   * The tree a node is read into Kubernetes types from: its plain tree ({@link #toPlain(Node)}),
   * but each plain untagged scalar a {@link io.unboundedcloud.racer.krm.tree.WrittenScalar} that
   * keeps its text, so that the reader types it as kubectl does.
   */
  public static Object toReadingTree(Node node) {
    return PlainTree.readingTree(node);
  }

  /** The plain map of a mapping node, keys in the node's order; see {@link #toPlain(Node)}. */
  public static Map<String, Object> toPlainMap(MappingNode node) {
    return PlainTree.fromMapping(node);
  }

  /** The plain value of a scalar, read the way Kubernetes reads it (see the class comment). */
  public static Object scalarValue(ScalarNode scalar) {
    return PlainTree.scalarValue(scalar);
  }

  /**
   * A node for a plain value: {@link Map}, {@link Iterable} or array, {@link CharSequence}, {@link
   * Number}, {@link Boolean}, {@link Enum} (its name), {@code null}, or a {@link Node} (used as
   * is).
   *
   * @throws IllegalArgumentException for other types, or a value that contains itself
   */
  public static Node fromPlain(Object value) {
    return PlainTree.toNode(value);
  }

  /**
   * A mapping node for a plain map, keys in the map's iteration order; see {@link
   * #fromPlain(Object)}.
   */
  public static MappingNode fromPlainMap(Map<String, ?> map) {
    return PlainTree.toMapping(map);
  }

  /**
   * Whether the writer writes {@code scalar} plain and without its tag, so that a reader types it
   * from its text alone (kubectl, Helm and Argo CD do so with their own rules).
   */
  public static boolean writtenPlainWithoutTag(ScalarNode scalar) {
    return NodeSerializer.writtenPlainWithoutTag(scalar);
  }

  /**
   * A string scalar, double-quoted when a YAML reader would otherwise read something other than it.
   */
  public static ScalarNode string(String text) {
    return PlainTree.stringNode(text);
  }

  private static boolean hasComments(Node node) {
    return notEmpty(node.getBlockComments())
        || notEmpty(node.getInLineComments())
        || notEmpty(node.getEndComments());
  }

  private static boolean notEmpty(List<CommentLine> comments) {
    return comments != null && !comments.isEmpty();
  }
}
