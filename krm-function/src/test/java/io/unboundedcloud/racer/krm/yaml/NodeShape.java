package io.unboundedcloud.racer.krm.yaml;

import java.util.List;
import org.yaml.snakeyaml.nodes.AnchorNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * What a node tree means, as text: each node's tag and value, mappings and sequences with their
 * entries in order; no styles, comments or anchors (an alias stands for its node). Two texts that
 * compose to equal shapes mean the same.
 */
final class NodeShape {

  private NodeShape() {}

  static String of(List<? extends Node> documents) {
    StringBuilder out = new StringBuilder();
    for (Node document : documents) {
      append(document, out);
      out.append('\n');
    }
    return out.toString();
  }

  private static void append(Node node, StringBuilder out) {
    if (node instanceof AnchorNode anchor) {
      append(anchor.getRealNode(), out);
      return;
    }
    out.append('<').append(node.getTag().getValue()).append('>');
    if (node instanceof ScalarNode scalar) {
      out.append('"')
          .append(scalar.getValue().replace("\\", "\\\\").replace("\"", "\\\""))
          .append('"');
    } else if (node instanceof SequenceNode sequence) {
      out.append('[');
      for (Node item : sequence.getValue()) {
        append(item, out);
        out.append(", ");
      }
      out.append(']');
    } else if (node instanceof MappingNode mapping) {
      out.append('{');
      for (NodeTuple tuple : mapping.getValue()) {
        append(tuple.getKeyNode(), out);
        out.append(": ");
        append(tuple.getValueNode(), out);
        out.append(", ");
      }
      out.append('}');
    }
  }
}
