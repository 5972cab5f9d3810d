package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads and checks the ResourceList envelope; see {@link YamlReader#readResourceList(InputStream)}.
 */
final class ResourceListReader {

  private static final Set<String> KINDS = Set.of("ResourceList", "List");
  private static final String EXPECTED =
      "kind: ResourceList, apiVersion: config.kubernetes.io/v1 and the objects as items";

  private final YamlLimits limits;

  ResourceListReader(YamlLimits limits) {
    this.limits = limits;
  }

  /**
   * The {@code items} of a ResourceList refused for a duplicate key, read again with both entries
   * of each repeated key kept; empty when the input is no ResourceList with a list of items even
   * so.
   *
   * @throws YamlInputException when its aliases stand for more than a run may read ({@link
   *     YamlInputException#isExpansion()}): text kubectl reads, which can only go back as it came
   */
  Optional<Node> itemsKeepingDuplicateKeys(InputStream in, String source) {
    try {
      Optional<Node> root = new DocumentReader(in, source, limits, false).next();
      if (root.isPresent() && root.get() instanceof MappingNode envelope) {
        Node items = Nodes.get(envelope, "items");
        return items instanceof SequenceNode ? Optional.of(items) : Optional.empty();
      }
    } catch (YamlInputException unreadable) {
      if (unreadable.isExpansion()) {
        throw unreadable;
      }
      // not readable even so: no items to give back
    }
    return Optional.empty();
  }

  /**
   * Reads one ResourceList; {@code source} names the input in messages. Does not close the stream.
   */
  ResourceList read(InputStream in, String source, ByteBudget budget) {
    return read(in, source, budget, null);
  }

  /**
   * As {@link #read(InputStream, String, ByteBudget)}, the items {@code keptAsText} takes by their
   * identity held as text ({@link YamlReader#readResourceList(InputStream, String, YamlLimits,
   * ByteBudget, Predicate)}); null to keep every tree.
   */
  ResourceList read(
      InputStream in, String source, ByteBudget budget, Predicate<MappingNode> keptAsText) {
    DocumentReader documents =
        keptAsText == null
            ? new DocumentReader(in, source, limits, budget)
            : new DocumentReader(in, source, limits, budget, keptAsText);
    Node root =
        documents
            .next()
            .orElseThrow(
                () ->
                    YamlInputException.of(
                        source,
                        "the input is empty; expected one ResourceList (" + EXPECTED + ").",
                        null));
    Optional<Node> second = documents.next();
    if (second.isPresent()) {
      throw YamlInputException.at(
          source,
          second.get().getStartMark(),
          "a second YAML document starts here; "
              + "the input must be exactly one ResourceList. Put all objects into the items of one ResourceList.");
    }
    if (!(root instanceof MappingNode envelope)) {
      throw YamlInputException.at(
          source,
          root.getStartMark(),
          "expected a ResourceList (" + EXPECTED + "), found " + describe(root) + ".");
    }
    checkKind(envelope, source);
    String apiVersion = apiVersion(envelope, source);
    try {
      ResourceList list =
          new ResourceList(apiVersion, items(envelope, source), functionConfig(envelope, source));
      list.results().addAll(results(envelope, source));
      return list;
    } catch (YamlInputException unusable) {
      // an envelope we recognised: its items go back out unchanged with the error
      Node items = Nodes.get(envelope, "items");
      throw items instanceof SequenceNode ? unusable.withItems(items) : unusable;
    }
  }

  private static void checkKind(MappingNode envelope, String source) {
    NodeTuple kind = Nodes.entry(envelope, "kind");
    if (kind == null) {
      throw YamlInputException.at(
          source,
          envelope.getStartMark(),
          "the input has no kind; expected a " + "ResourceList (" + EXPECTED + ").");
    }
    Node value = kind.getValueNode();
    if (!KINDS.contains(String.valueOf(Nodes.text(value)))) {
      throw YamlInputException.at(
          source,
          value.getStartMark(),
          "kind is "
              + describe(value)
              + "; expected ResourceList (or List). A function reads one ResourceList: send the objects "
              + "as its items.");
    }
  }

  /** The envelope's apiVersion, to be written back; {@link ResourceList#API_VERSION} when none. */
  private static String apiVersion(MappingNode envelope, String source) {
    Node apiVersion = Nodes.get(envelope, "apiVersion");
    String text = Nodes.text(apiVersion);
    if (text == null || text.isEmpty()) {
      return ResourceList.API_VERSION;
    }
    if (ResourceList.API_VERSIONS.contains(text)) {
      return text;
    }
    throw YamlInputException.at(
        source,
        apiVersion.getStartMark(),
        "apiVersion is "
            + describe(apiVersion)
            + "; expected config.kubernetes.io/v1 (v1beta1, v1alpha1, or no apiVersion, "
            + "are accepted too).");
  }

  private static List<MappingNode> items(MappingNode envelope, String source) {
    Node items = Nodes.get(envelope, "items");
    if (isAbsent(items)) {
      return List.of();
    }
    if (!(items instanceof SequenceNode sequence)) {
      throw YamlInputException.at(
          source,
          items.getStartMark(),
          "items must be a list of " + "Kubernetes objects, found " + describe(items) + ".");
    }
    List<MappingNode> objects = new ArrayList<>(sequence.getValue().size());
    for (int i = 0; i < sequence.getValue().size(); i++) {
      Node item = sequence.getValue().get(i);
      if (!(item instanceof MappingNode object)) {
        throw YamlInputException.at(
            source,
            item.getStartMark(),
            "items["
                + i
                + "] is "
                + describe(item)
                + ", not a Kubernetes object (a mapping with apiVersion and kind). Fix or remove it.");
      }
      if (!hasKind(object)) {
        throw YamlInputException.at(
            source,
            item.getStartMark(),
            "items["
                + i
                + "] has no kind; every "
                + "item must be a Kubernetes object with apiVersion and kind. Fix or remove it.");
      }
      objects.add(object);
    }
    return objects;
  }

  private static MappingNode functionConfig(MappingNode envelope, String source) {
    Node config = Nodes.get(envelope, "functionConfig");
    if (isAbsent(config)) {
      return null;
    }
    if (!(config instanceof MappingNode mapping)) {
      throw YamlInputException.at(
          source,
          config.getStartMark(),
          "functionConfig must be a "
              + "Kubernetes object (a mapping), found "
              + describe(config)
              + ".");
    }
    return mapping;
  }

  private static List<MappingNode> results(MappingNode envelope, String source) {
    Node results = Nodes.get(envelope, "results");
    if (isAbsent(results)) {
      return List.of();
    }
    List<MappingNode> kept = new ArrayList<>();
    if (results instanceof SequenceNode sequence) {
      for (Node result : sequence.getValue()) {
        if (!(result instanceof MappingNode mapping)) {
          throw YamlInputException.at(
              source,
              result.getStartMark(),
              "each result must be a mapping " + "with a message, found " + describe(result) + ".");
        }
        kept.add(mapping);
      }
      return kept;
    }
    throw YamlInputException.at(
        source, results.getStartMark(), "results must be a list, found " + describe(results) + ".");
  }

  /** Whether an object has a kind that is not empty: the one thing this package asks of an item. */
  static boolean hasKind(MappingNode object) {
    ItemIdentity kept = Nodes.keptIdentity(object);
    String kind = kept != null ? kept.kind() : Nodes.getText(object, "kind");
    return kind != null && !kind.isEmpty();
  }

  private static boolean isAbsent(Node node) {
    return node == null || isNull(node);
  }

  private static boolean isNull(Node node) {
    return node instanceof ScalarNode scalar && Tag.NULL.equals(scalar.getTag());
  }

  /** A short description of a node for messages: "a list", "a mapping", {@link QuotedText}. */
  static String describe(Node node) {
    if (node instanceof MappingNode) {
      return "a mapping";
    }
    if (node instanceof SequenceNode) {
      return "a list";
    }
    if (isNull(node)) {
      return "null";
    }
    return QuotedText.of(((ScalarNode) node).getValue());
  }
}
