package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.codec.Fabric8Trees;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.util.Map;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Between YAML nodes and fabric8 objects, through plain trees: the builders and the ownership merge
 * work on typed objects, the ResourceList on nodes. The conversions are generated code ({@link
 * Fabric8Trees}).
 */
final class ObjectCodec {
  private ObjectCodec() {}

  /**
   * Reads a node as a fabric8 type, from its reading tree ({@link Nodes#toReadingTree}): each plain
   * scalar typed by its text as kubectl types it, so that a value the API server would refuse is
   * refused here ({@code zone: 1e3} in a map of strings), never converted.
   *
   * @param plain the node's plain tree, as {@link #plainOf} gives it: a {@link NotPlainData} is
   *     refused with its message
   * @param at the node's path in its object, for messages ({@code ""} for a whole object)
   * @throws IllegalArgumentException when the tree does not fit the type (a string where a number
   *     goes; a {@link io.unboundedcloud.racer.krm.codec.TreeShapeException} names the field), or
   *     is a {@link NotPlainData}
   */
  static <T> T read(Object plain, Node node, Class<T> type, String at) {
    if (plain instanceof NotPlainData notPlain) {
      throw new IllegalArgumentException(notPlain.cause().getMessage(), notPlain.cause());
    }
    Object tree;
    try {
      tree = Nodes.toReadingTree(node);
    } catch (YamlInputException notPlainData) {
      throw new IllegalArgumentException(notPlainData.getMessage(), notPlainData);
    }
    return Fabric8Trees.read(tree, type, FieldPath.of(at));
  }

  /**
   * An item as a plain tree, or, where it is no plain data (an alias expanding past the limits), a
   * {@link NotPlainData} that {@link #read(Object, Node, Class, String)} refuses with its message.
   */
  static Object plainOf(Item item) {
    try {
      return item.tree();
    } catch (YamlInputException notPlainData) {
      return new NotPlainData(notPlainData);
    }
  }

  /** The stand-in for a node that is no plain data. */
  record NotPlainData(YamlInputException cause) {}

  /** A fabric8 object as a plain tree in the model's key order. */
  static Map<String, Object> plain(Object object) {
    return Fabric8Trees.write(object);
  }

  /**
   * Whether a fabric8 value holds nothing: null, an empty string, an empty list, or an object or
   * map whose every value holds nothing ({@code resources: {requests: {}}}, {@code updateStrategy:
   * {type: ""}}). Kubernetes' defaulting reads such a value as unset.
   */
  static boolean holdsNothing(Object value) {
    if (value == null) {
      return true;
    }
    if (value instanceof String text) {
      return text.isEmpty();
    }
    if (value instanceof Map<?, ?> map) {
      return map.values().stream().allMatch(ObjectCodec::holdsNothing);
    }
    if (value instanceof java.util.List<?> list) {
      return list.isEmpty();
    }
    return Fabric8Trees.types().contains(value.getClass()) && holdsNothing(plain(value));
  }
}
