package io.unboundedcloud.racer.krm.fuzz;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Items as plain trees for comparison: mappings as ordered maps, sequences as lists, scalars as
 * their tag and text. Comments and styles are left out: "unchanged" here means the same data, in
 * the same order. An alias that refers back to a node it is in stands as {@code <cycle>}; past a
 * budget of nodes (aliases can multiply a small input) the rest stands as {@code <more>}, alike on
 * both sides of a comparison.
 */
final class ItemTrees {
  private static final int BUDGET = 200_000;
  private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());
  private int left = BUDGET;

  private ItemTrees() {}

  static List<Object> of(List<? extends Node> items) {
    ItemTrees trees = new ItemTrees();
    return items.stream().map(trees::tree).toList();
  }

  /**
   * The {@code items} of a ResourceList as written, whatever they hold (a function writes back even
   * items that are no objects): composed by snakeyaml with generous limits, none when there is no
   * list.
   */
  static List<Node> itemsOf(byte[] resourceList) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setNestingDepthLimit(1000);
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    Node root =
        new Yaml(options)
            .compose(new StringReader(new String(resourceList, StandardCharsets.UTF_8)));
    if (root instanceof MappingNode envelope) {
      for (NodeTuple tuple : envelope.getValue()) {
        if (tuple.getKeyNode() instanceof ScalarNode key
            && key.getValue().equals("items")
            && tuple.getValueNode() instanceof SequenceNode items) {
          return items.getValue();
        }
      }
    }
    return List.of();
  }

  private Object tree(Node node) {
    if (left-- <= 0) {
      return "<more>";
    }
    if (!open.add(node)) {
      return "<cycle>";
    }
    try {
      if (node instanceof MappingNode mapping) {
        List<Object> pairs = new ArrayList<>();
        for (NodeTuple tuple : mapping.getValue()) {
          pairs.add(List.of(tree(tuple.getKeyNode()), tree(tuple.getValueNode())));
        }
        return Map.of("mapping", pairs);
      }
      if (node instanceof SequenceNode sequence) {
        List<Object> list = new ArrayList<>();
        sequence.getValue().forEach(element -> list.add(tree(element)));
        return list;
      }
      ScalarNode scalar = (ScalarNode) node;
      return scalar.getTag().getValue() + " " + scalar.getValue();
    } finally {
      open.remove(node);
    }
  }
}
