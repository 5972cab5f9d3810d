package io.unboundedcloud.racer.krm.yaml;

import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * What {@code inputs.Item} reads of an item held as text ({@link
 * io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem}): its apiVersion, kind, name and namespace
 * as {@link Nodes#getText} reads them (null when missing or no text), and its labels and
 * annotations as {@link Nodes#stringMap} reads them, taken from its tree before the tree was
 * dropped. A few strings, where the nodes of its {@code metadata} took about a kilobyte an item.
 */
public final class ItemIdentity {
  private final String apiVersion;
  private final String kind;
  private final String name;
  private final String namespace;
  private final String[] labels;
  private final String[] annotations;

  private ItemIdentity(MappingNode object) {
    this.apiVersion = Nodes.getText(object, "apiVersion");
    this.kind = Nodes.getText(object, "kind");
    this.name = Nodes.getText(object, "metadata", "name");
    this.namespace = Nodes.getText(object, "metadata", "namespace");
    this.labels = pairs(Nodes.stringMap(Nodes.getMapping(object, "metadata", "labels")));
    this.annotations = pairs(Nodes.stringMap(Nodes.getMapping(object, "metadata", "annotations")));
  }

  /** The identity of {@code object}, read from its tree now. */
  static ItemIdentity of(MappingNode object) {
    return new ItemIdentity(object);
  }

  public String apiVersion() {
    return apiVersion;
  }

  public String kind() {
    return kind;
  }

  /** {@code metadata.name}, or null. */
  public String name() {
    return name;
  }

  /** {@code metadata.namespace}, or null. */
  public String namespace() {
    return namespace;
  }

  /** Its labels, in order: a new map on every call. */
  public Map<String, String> labels() {
    return map(labels);
  }

  /** Its annotations, in order: a new map on every call. */
  public Map<String, String> annotations() {
    return map(annotations);
  }

  private static final String[] NONE = new String[0];

  private static String[] pairs(Map<String, String> map) {
    if (map.isEmpty()) {
      return NONE;
    }
    String[] pairs = new String[map.size() * 2];
    int i = 0;
    for (Map.Entry<String, String> entry : map.entrySet()) {
      pairs[i++] = entry.getKey();
      pairs[i++] = entry.getValue();
    }
    return pairs;
  }

  private static Map<String, String> map(String[] pairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }
}
