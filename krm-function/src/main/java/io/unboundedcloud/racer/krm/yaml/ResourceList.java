package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The envelope a KRM function reads and writes:
 *
 * <pre>
 * apiVersion: config.kubernetes.io/v1
 * kind: ResourceList
 * items:            # every object; the function edits, replaces or appends, and never drops one
 * - apiVersion: apps/v1
 *   kind: Deployment
 *   ...
 * functionConfig:   # optional, any kind, written back as it came
 *   ...
 * results:          # optional
 * - message: ...
 *   severity: error
 * </pre>
 *
 * Other keys of an input envelope, and comments on the envelope itself, are not kept.
 */
public final class ResourceList {

  /** The apiVersion written. */
  public static final String API_VERSION = "config.kubernetes.io/v1";

  /** The kind written. */
  public static final String KIND = "ResourceList";

  private final List<MappingNode> items;
  private final MappingNode functionConfig;
  private final List<MappingNode> results = new ArrayList<>();

  /**
   * @param items the objects, in order (copied into a mutable list)
   * @param functionConfig the function's config, or null when there is none
   */
  public ResourceList(List<MappingNode> items, MappingNode functionConfig) {
    this.items = new ArrayList<>(items);
    this.functionConfig = functionConfig;
  }

  /** The objects, in order; mutable: replace, edit or append, never drop one. */
  public List<MappingNode> items() {
    return items;
  }

  /** The function's config as it came: a ConfigMap or a typed object, if any. */
  public Optional<MappingNode> functionConfig() {
    return Optional.ofNullable(functionConfig);
  }

  /** The results to write, those of the input first; mutable. */
  public List<MappingNode> results() {
    return results;
  }
}
