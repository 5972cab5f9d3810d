package io.unboundedcloud.racer.krm.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 * The apiVersion written is the input's ({@code config.kubernetes.io/v1}, {@code v1beta1} or {@code
 * v1alpha1}, as kyaml's framework echoes it), {@code config.kubernetes.io/v1} when the input had
 * none. Other keys of an input envelope, and comments on the envelope itself, are not kept.
 */
public final class ResourceList {

  /** The apiVersion written when the input says none: the KRM functions specification's v1. */
  public static final String API_VERSION = "config.kubernetes.io/v1";

  /**
   * The apiVersions read, and written back as they came: v1, v1beta1, and v1alpha1 (what kustomize
   * before v4.4.1 and kpt v0.x send).
   */
  public static final Set<String> API_VERSIONS =
      Set.of(API_VERSION, "config.kubernetes.io/v1beta1", "config.kubernetes.io/v1alpha1");

  /** The kind written. */
  public static final String KIND = "ResourceList";

  private final String apiVersion;
  private final List<MappingNode> items;
  private final MappingNode functionConfig;
  private final List<MappingNode> results = new ArrayList<>();

  /**
   * @param items the objects, in order (copied into a mutable list)
   * @param functionConfig the function's config, or null when there is none
   */
  public ResourceList(List<MappingNode> items, MappingNode functionConfig) {
    this(API_VERSION, items, functionConfig);
  }

  /**
   * @param apiVersion the apiVersion to write, one of {@link #API_VERSIONS}
   * @param items the objects, in order (copied into a mutable list)
   * @param functionConfig the function's config, or null when there is none
   */
  public ResourceList(String apiVersion, List<MappingNode> items, MappingNode functionConfig) {
    if (!API_VERSIONS.contains(apiVersion)) {
      throw new IllegalArgumentException("not a ResourceList apiVersion: " + apiVersion);
    }
    this.apiVersion = apiVersion;
    this.items = new ArrayList<>(items);
    this.functionConfig = functionConfig;
  }

  /** The apiVersion: the input's, or {@link #API_VERSION} when it had none. */
  public String apiVersion() {
    return apiVersion;
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
