package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.Item;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The racer-settings given apart from the rendered stream ({@code verify --settings FILE}): a chart
 * installed with {@code settingsConfigMap.create: false} reads a ConfigMap managed elsewhere, which
 * {@code helm template} never prints. Its ConfigMaps, as a file or {@code kubectl get configmap -o
 * yaml} gives them (a List stands for its items); a ConfigMap without a namespace is taken for the
 * DaemonSet's, as {@code kubectl apply} would put it in the namespace it is told.
 */
final class GivenSettings {
  /** None given: the settings must be in the stream. */
  static final GivenSettings NONE = new GivenSettings(List.of());

  private final List<Item> configMaps;

  private GivenSettings(List<Item> configMaps) {
    this.configMaps = configMaps;
  }

  /** The ConfigMaps among {@code objects}. */
  static GivenSettings of(List<MappingNode> objects) {
    return new GivenSettings(
        objects.stream().map(Item::new).filter(item -> item.is("v1", "ConfigMap")).toList());
  }

  boolean isEmpty() {
    return configMaps.isEmpty();
  }

  /**
   * The ConfigMaps a DaemonSet in {@code namespace} reads as {@code name}: one, none, or (the same
   * ConfigMap given twice) several, which verify refuses.
   */
  List<Item> find(String namespace, String name) {
    return configMaps.stream()
        .filter(item -> item.namespace().isEmpty() || item.namespace().equals(namespace))
        .filter(item -> item.namesEverHeld().contains(name))
        .toList();
  }

  /** The namespaces of the ConfigMaps named {@code name} in other namespaces than this one. */
  List<String> elsewhere(String namespace, String name) {
    return configMaps.stream()
        .filter(item -> !item.namespace().isEmpty() && !item.namespace().equals(namespace))
        .filter(item -> item.namesEverHeld().contains(name))
        .map(Item::namespace)
        .distinct()
        .toList();
  }
}
