package io.unboundedcloud.racer.krm.yaml;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * The oracle for the node rule: Go's yaml.v3 decoder as its decode.go counts, written out naively
 * from the event stream (an alias is a node of its own here, pointing to its anchor, as in
 * yaml.v3's parser): every node it decodes adds one to decodeCount, one to aliasCount too when
 * reached through an alias, aliases expanded by walking their anchor again, and the check runs at
 * every node. Nothing of {@link AliasExpansion} is used: it walks the expansion, which is what the
 * reader must not do, and so serves only for documents of test size.
 */
final class YamlV3AliasRule {
  private static final class Node {
    final List<Node> children = new ArrayList<>();
    Node alias;
  }

  /** yaml.v3 refuses the document: excessive aliasing, or an anchor that contains itself. */
  static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message, null, false, false);
    }
  }

  private long decodeCount;
  private long aliasCount;
  private int aliasDepth;
  private final Map<Node, Boolean> expanding = new IdentityHashMap<>();

  /** Whether yaml.v3 decodes every document of {@code text} into plain values. */
  static boolean accepts(String text) {
    for (Node document : documents(text)) {
      try {
        new YamlV3AliasRule().unmarshal(document);
      } catch (Refused refused) {
        return false;
      }
    }
    return true;
  }

  private static List<Node> documents(String text) {
    List<Node> documents = new ArrayList<>();
    Map<String, Node> anchors = new HashMap<>();
    List<Node> open = new ArrayList<>();
    for (Event event : new Yaml().parse(new StringReader(text))) {
      if (event instanceof DocumentStartEvent) {
        Node document = new Node();
        documents.add(document);
        open.clear();
        open.add(document);
      } else if (event instanceof AliasEvent alias) {
        Node node = new Node();
        node.alias = anchors.get(alias.getAnchor());
        open.get(open.size() - 1).children.add(node);
      } else if (event instanceof ScalarEvent || event instanceof CollectionStartEvent) {
        Node node = new Node();
        String anchor = ((NodeEvent) event).getAnchor();
        if (anchor != null) {
          anchors.put(anchor, node); // at the node's start, as yaml.v3's parser registers it
        }
        open.get(open.size() - 1).children.add(node);
        if (event instanceof CollectionStartEvent) {
          open.add(node);
        }
      } else if (event instanceof CollectionEndEvent) {
        open.remove(open.size() - 1);
      }
    }
    return documents;
  }

  /** decode.go's unmarshal, counting only. */
  private void unmarshal(Node node) {
    decodeCount++;
    if (aliasDepth > 0) {
      aliasCount++;
    }
    if (aliasCount > 100
        && decodeCount > 1000
        && (double) aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
      throw new Refused("document contains excessive aliasing");
    }
    if (node.alias != null) {
      if (expanding.put(node, true) != null) {
        throw new Refused("anchor value contains itself");
      }
      aliasDepth++;
      unmarshal(node.alias);
      aliasDepth--;
      expanding.remove(node);
      return;
    }
    for (Node child : node.children) {
      unmarshal(child);
    }
  }

  private static double allowedAliasRatio(long decodeCount) {
    if (decodeCount <= 400_000) {
      return 0.99;
    }
    if (decodeCount >= 4_000_000) {
      return 0.10;
    }
    return 0.99 - 0.89 * ((decodeCount - 400_000) / (double) (4_000_000 - 400_000));
  }
}
