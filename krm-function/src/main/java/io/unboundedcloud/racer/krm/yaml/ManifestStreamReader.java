package io.unboundedcloud.racer.krm.yaml;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads manifest files: a YAML stream of Kubernetes objects separated by {@code ---}, as a user
 * keeps them in a repository. Empty documents (nothing, only comments, or null) are skipped; every
 * other document must be a mapping with a {@code kind}. A list document ({@code kind: List}, or any
 * kind ending in {@code List}, with an {@code items} list, as {@code kubectl get -o yaml} writes)
 * stands for its items, as kustomize and Argo CD read it: they are returned in its place, in order,
 * and each must be an object too.
 */
final class ManifestStreamReader {

  private final YamlLimits limits;
  private final ByteBudget budget;

  /** A reader whose streams spend {@code budget}, shared by every input of the run. */
  ManifestStreamReader(YamlLimits limits, ByteBudget budget) {
    this.limits = limits;
    this.budget = budget;
  }

  /**
   * The objects of one stream, in order; {@code source} names it in messages. Does not close the
   * stream.
   */
  List<MappingNode> read(InputStream in, String source) {
    DocumentReader documents = new DocumentReader(in, source, limits, budget);
    List<MappingNode> objects = new ArrayList<>();
    int number = 0;
    for (Optional<Node> next = documents.next(); next.isPresent(); next = documents.next()) {
      Node document = next.get();
      number++;
      if (!(document instanceof MappingNode object)) {
        throw YamlInputException.at(
            source,
            document.getStartMark(),
            "document "
                + number
                + " is "
                + ResourceListReader.describe(document)
                + ", not a Kubernetes object (a mapping with "
                + "apiVersion and kind). Fix or remove it.");
      }
      if (!ResourceListReader.hasKind(object)) {
        throw YamlInputException.at(
            source,
            document.getStartMark(),
            "document "
                + number
                + " has no "
                + "kind; every document must be a Kubernetes object with apiVersion and kind. Fix or "
                + "remove it.");
      }
      addExpanded(object, source, "document " + number, objects);
    }
    return objects;
  }

  /** Adds an object, or the items of a list object (recursively), to the objects read. */
  private static void addExpanded(
      MappingNode object, String source, String where, List<MappingNode> objects) {
    String kind = Nodes.getText(object, "kind");
    Node items = Nodes.get(object, "items");
    if (kind == null || !kind.endsWith("List") || !(items instanceof SequenceNode list)) {
      objects.add(object);
      return;
    }
    int index = 0;
    for (Node item : list.getValue()) {
      String itemWhere = where + " (a " + kind + ") item " + index++;
      if (!(item instanceof MappingNode itemObject) || !ResourceListReader.hasKind(itemObject)) {
        throw YamlInputException.at(
            source,
            item.getStartMark(),
            itemWhere
                + " is "
                + (item instanceof MappingNode
                    ? "a mapping without kind"
                    : ResourceListReader.describe(item))
                + ", not a Kubernetes object (a mapping with apiVersion and kind). Fix or remove it.");
      }
      addExpanded(itemObject, source, itemWhere, objects);
    }
  }
}
