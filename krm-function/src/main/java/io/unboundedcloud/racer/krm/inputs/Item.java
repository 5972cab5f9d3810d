package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.yaml.ItemIdentity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * One item of a ResourceList, as read-only views of its identity, labels and annotations (from
 * {@link Nodes#keptIdentity} for an item held as text, which is then not read again for them).
 */
public final class Item {
  /** kpt's and kustomize's annotation with the item's file. */
  public static final String PATH_ANNOTATION = "config.kubernetes.io/path";

  /** The internal twin of {@link #PATH_ANNOTATION}. */
  public static final String INTERNAL_PATH_ANNOTATION = "internal.config.kubernetes.io/path";

  /** The item's index in its file. */
  public static final String INDEX_ANNOTATION = "config.kubernetes.io/index";

  /** The internal twin of {@link #INDEX_ANNOTATION}. */
  public static final String INTERNAL_INDEX_ANNOTATION = "internal.config.kubernetes.io/index";

  /** Kustomize's record of an item's names before prefixes and suffixes. */
  public static final String PREVIOUS_NAMES_ANNOTATION =
      "internal.config.kubernetes.io/previousNames";

  /** Marks configuration that is not to be applied. */
  public static final String LOCAL_CONFIG_ANNOTATION = "config.kubernetes.io/local-config";

  /** Declares the function on its config resource. */
  public static final String FUNCTION_ANNOTATION = "config.kubernetes.io/function";

  private final MappingNode node;

  public Item(MappingNode node) {
    this.node = node;
  }

  /** The node itself, for the code that edits or replaces it. */
  public MappingNode node() {
    return node;
  }

  public String apiVersion() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    return kept != null ? kept.apiVersion() : Nodes.getText(node, "apiVersion");
  }

  public String kind() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    return kept != null ? kept.kind() : Nodes.getText(node, "kind");
  }

  public String name() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    return kept != null ? kept.name() : Nodes.getText(node, "metadata", "name");
  }

  /** The namespace, or the empty string when there is none. */
  public String namespace() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    String namespace =
        kept != null ? kept.namespace() : Nodes.getText(node, "metadata", "namespace");
    return namespace == null ? "" : namespace;
  }

  public Map<String, String> labels() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    return kept != null ? kept.labels() : stringMap(Nodes.getMapping(node, "metadata", "labels"));
  }

  public Map<String, String> annotations() {
    ItemIdentity kept = Nodes.keptIdentity(node);
    return kept != null
        ? kept.annotations()
        : stringMap(Nodes.getMapping(node, "metadata", "annotations"));
  }

  /**
   * The item as a plain tree: the one door from an input object's YAML to the plain trees that
   * verify, adopt, diff and the renderer compare and read objects as. A new tree on every call,
   * which the caller may edit.
   *
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when its YAML is no plain data
   */
  public Map<String, Object> tree() {
    return Nodes.toPlainMap(node);
  }

  /** Whether the item is this apiVersion and kind. */
  public boolean is(String apiVersion, String kind) {
    return apiVersion.equals(apiVersion()) && kind.equals(kind());
  }

  /** Its current name and every name kustomize recorded before prefixes and suffixes. */
  public List<String> namesEverHeld() {
    return namesEverHeld(annotations());
  }

  /** As {@link #namesEverHeld()}, from its annotations already read. */
  List<String> namesEverHeld(Map<String, String> annotations) {
    List<String> names = new ArrayList<>();
    String current = name();
    if (current != null) {
      names.add(current);
    }
    String previous = annotations.get(PREVIOUS_NAMES_ANNOTATION);
    if (previous != null) {
      for (String name : previous.split(",")) {
        if (!name.isBlank() && !names.contains(name.trim())) {
          names.add(name.trim());
        }
      }
    }
    return names;
  }

  /** Whether the item says it is not to be applied. */
  public boolean isLocalConfig() {
    return "true".equals(annotations().get(LOCAL_CONFIG_ANNOTATION));
  }

  /** How results point at this item. */
  public ResourceRef ref() {
    Map<String, String> annotations = annotations();
    String path =
        annotations.getOrDefault(PATH_ANNOTATION, annotations.get(INTERNAL_PATH_ANNOTATION));
    if (path == null) {
      path = KustomizeOrigin.file(annotations.get(KustomizeOrigin.ANNOTATION));
    }
    String index =
        annotations.getOrDefault(INDEX_ANNOTATION, annotations.get(INTERNAL_INDEX_ANNOTATION));
    Integer fileIndex = null;
    if (path != null && index != null) {
      try {
        fileIndex = Integer.valueOf(index.trim());
      } catch (NumberFormatException notAnIndex) {
        fileIndex = null;
      }
    }
    String namespace = namespace();
    return new ResourceRef(
        apiVersion(), kind(), name(), namespace.isEmpty() ? null : namespace, path, fileIndex);
  }

  /** A mapping's scalar entries as strings (non-scalar values are skipped). */
  static Map<String, String> stringMap(MappingNode mapping) {
    return Nodes.stringMap(mapping);
  }
}
