package io.unboundedcloud.racer.chart.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One installation, said both ways: as chart values, and as the KRM function's equivalent input
 * (racer-settings data = settings, function config = images, namespace = the release namespace,
 * placement and annotations = a kustomize patch on the function's output, cache origins = the
 * origin DaemonSets labelled, without placement).
 */
public record Installation(
    String namespace,
    Map<String, String> images,
    Map<String, String> settings,
    Map<String, Object> placement,
    Map<String, String> serviceAccountAnnotations,
    Map<String, String> podAnnotations,
    List<Origin> origins) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The annotations that place an object in a file, which kustomize and kpt drop on output. */
  private static final Set<String> FILE_ANNOTATIONS =
      Set.of(
          "config.kubernetes.io/path",
          "config.kubernetes.io/index",
          "internal.config.kubernetes.io/path",
          "internal.config.kubernetes.io/index");

  /** The chart image keys and the function config keys they mean. */
  private static final Map<String, String> FUNCTION_KEYS =
      Map.of(
          "registry",
          "imageRegistry",
          "tag",
          "imageTag",
          "dataplane",
          "dataplaneImage",
          "object",
          "objectImage");

  /**
   * A cache origin as a {@code cacheOrigins} item.
   *
   * @param namespace {@code null} for the release namespace
   */
  public record Origin(
      String name,
      String namespace,
      String volume,
      String image,
      List<String> args,
      List<Map<String, Object>> env,
      Map<String, Object> resources) {

    Map<String, Object> values() {
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("name", name);
      if (namespace != null) {
        values.put("namespace", namespace);
      }
      values.put("volume", volume);
      values.put("image", image);
      if (!args.isEmpty()) {
        values.put("args", args);
      }
      if (!env.isEmpty()) {
        values.put("env", env);
      }
      if (resources != null) {
        values.put("resources", resources);
      }
      return values;
    }

    /**
     * The origin DaemonSet a user would give the function: the {@code workload} builder's, no
     * placement.
     */
    Map<String, Object> daemonSet(String releaseNamespace) {
      CacheOrigin.Spec spec =
          new CacheOrigin.Spec(
              name,
              namespace == null ? releaseNamespace : namespace,
              volume,
              image,
              args,
              JSON.convertValue(env, new TypeReference<List<EnvVar>>() {}),
              resources == null ? null : JSON.convertValue(resources, ResourceRequirements.class));
      return tree(CacheOrigin.daemonSet(spec));
    }
  }

  /**
   * The values the function has no twin for: an existing racer-settings (settingsConfigMap), and a
   * subchart's.
   */
  private static final Set<String> UNTRANSLATED = Set.of("settingsConfigMap", "global", "enabled");

  /**
   * The values {@link #fromValues} translates into an installation; {@link
   * Customization#fromValues} the others.
   */
  private static final Set<String> TRANSLATED =
      ChartValue.topLevelKeys().stream()
          .filter(key -> !UNTRANSLATED.contains(key))
          .collect(Collectors.toSet());

  /**
   * The installation a values file describes, without its production values (see {@link
   * Customization#fromValues}).
   *
   * @throws AssertionError for a value it does not translate (an existing racer-settings)
   */
  @SuppressWarnings("unchecked")
  public static Installation fromValues(String namespace, Map<String, Object> values) {
    for (String key : values.keySet()) {
      if (!TRANSLATED.contains(key)) {
        throw new AssertionError("Installation.fromValues does not translate the value " + key);
      }
    }
    Map<String, String> images =
        new LinkedHashMap<>((Map<String, String>) values.getOrDefault("images", Map.of()));
    images.remove("pullPolicy");
    Map<String, Object> serviceAccount =
        (Map<String, Object>) values.getOrDefault("serviceAccount", Map.of());
    return new Installation(
        namespace,
        images,
        (Map<String, String>) values.getOrDefault("settings", Map.of()),
        (Map<String, Object>) values.getOrDefault("placement", Map.of()),
        (Map<String, String>) serviceAccount.getOrDefault("annotations", Map.of()),
        (Map<String, String>) values.getOrDefault("podAnnotations", Map.of()),
        ((List<Map<String, Object>>) values.getOrDefault("cacheOrigins", List.of()))
            .stream().map(Installation::origin).toList());
  }

  @SuppressWarnings("unchecked")
  private static Origin origin(Map<String, Object> values) {
    return new Origin(
        (String) values.get("name"),
        (String) values.get("namespace"),
        (String) values.get("volume"),
        (String) values.get("image"),
        (List<String>) values.getOrDefault("args", List.of()),
        (List<Map<String, Object>>) values.getOrDefault("env", List.of()),
        (Map<String, Object>) values.get("resources"));
  }

  /**
   * The default installation in {@code namespace} with a registry: everything else as the chart's
   * defaults.
   */
  public static Installation of(String namespace) {
    return new Installation(
        namespace,
        Map.of("registry", "registry.example.com/racer"),
        Map.of(),
        Map.of(),
        Map.of(),
        Map.of(),
        List.of());
  }

  public Installation withImages(Map<String, String> value) {
    return new Installation(
        namespace, value, settings, placement, serviceAccountAnnotations, podAnnotations, origins);
  }

  public Installation withSettings(Map<String, String> value) {
    return new Installation(
        namespace, images, value, placement, serviceAccountAnnotations, podAnnotations, origins);
  }

  public Installation withPlacement(Map<String, Object> value) {
    return new Installation(
        namespace, images, settings, value, serviceAccountAnnotations, podAnnotations, origins);
  }

  public Installation withServiceAccountAnnotations(Map<String, String> value) {
    return new Installation(namespace, images, settings, placement, value, podAnnotations, origins);
  }

  public Installation withPodAnnotations(Map<String, String> value) {
    return new Installation(
        namespace, images, settings, placement, serviceAccountAnnotations, value, origins);
  }

  public Installation withOrigins(List<Origin> value) {
    return new Installation(
        namespace, images, settings, placement, serviceAccountAnnotations, podAnnotations, value);
  }

  /** The chart values. */
  public Map<String, Object> chartValues() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("images", images);
    values.put("settings", settings);
    values.put("placement", placement);
    values.put("serviceAccount", Map.of("annotations", serviceAccountAnnotations));
    values.put("podAnnotations", podAnnotations);
    values.put("cacheOrigins", origins.stream().map(Origin::values).toList());
    return values;
  }

  /**
   * The chart values with a customization's merged in (maps key by key, as Helm merges values
   * files).
   */
  public Map<String, Object> chartValues(Customization customization) {
    return StrategicPatch.apply(chartValues(), customization.values());
  }

  /** The function config ConfigMap. */
  public Map<String, Object> functionConfig() {
    Map<String, Object> data = new LinkedHashMap<>();
    images.forEach((key, value) -> data.put(FUNCTION_KEYS.get(key), value));
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("apiVersion", "v1");
    config.put("kind", "ConfigMap");
    config.put("metadata", Map.of("name", "racer-function-config"));
    config.put("data", data);
    return config;
  }

  /** The function's input items: racer-settings, then the cache origins. */
  public List<Map<String, Object>> functionItems() {
    List<Map<String, Object>> items = new ArrayList<>();
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", Dataplane.SETTINGS_CONFIG_MAP);
    metadata.put("namespace", namespace);
    metadata.put("labels", Dataplane.labels());
    Map<String, Object> configMap = new LinkedHashMap<>();
    configMap.put("apiVersion", "v1");
    configMap.put("kind", "ConfigMap");
    configMap.put("metadata", metadata);
    if (!settings.isEmpty()) {
      configMap.put("data", settings);
    }
    items.add(configMap);
    origins.forEach(origin -> items.add(origin.daemonSet(namespace)));
    return items;
  }

  /**
   * What the function makes of this installation: it renders, a kustomize patch adds the placement
   * and annotations to its output, and it renders again (as a later overlay running it would).
   *
   * @throws AssertionError when a run fails
   */
  public List<Map<String, Object>> functionOutput() {
    return functionOutput(new Customization("nothing", List.of(), Map.of()), Kustomize.EMULATED);
  }

  /**
   * What the function makes of this installation with a customization: as {@link
   * #functionOutput()}, with the customization's kustomize patches applied by {@code kustomize}
   * after placement and annotations.
   */
  public List<Map<String, Object>> functionOutput(
      Customization customization, Kustomize kustomize) {
    KrmRun first = KrmRun.function(functionItems(), functionConfig());
    if (first.exitCode() != 0) {
      throw new AssertionError("the function failed: " + first.stderr());
    }
    List<Map<String, Object>> patched = first.output().items().stream().map(this::patched).toList();
    if (!customization.kept().isEmpty()) {
      patched = kustomize.apply(patched, customization.kept());
    }
    KrmRun second = KrmRun.function(patched, functionConfig());
    if (second.exitCode() != 0) {
      throw new AssertionError("the function failed on its patched output: " + second.stderr());
    }
    List<Map<String, Object>> output =
        second.output().items().stream().map(Installation::withoutFileAnnotations).toList();
    return customization.deletions().isEmpty()
        ? output
        : kustomize.apply(output, customization.deletions());
  }

  /**
   * An object as kustomize prints it and kpt writes it: without the annotations that say which file
   * it is in (the function gives the objects it adds their file; docs/krm.md).
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> withoutFileAnnotations(Map<String, Object> item) {
    Map<String, Object> metadata = (Map<String, Object>) item.get("metadata");
    if (metadata == null || !(metadata.get("annotations") instanceof Map<?, ?> annotations)) {
      return item;
    }
    Map<String, Object> kept = new LinkedHashMap<>((Map<String, Object>) annotations);
    kept.keySet().removeAll(FILE_ANNOTATIONS);
    Map<String, Object> newMetadata = new LinkedHashMap<>(metadata);
    if (kept.isEmpty()) {
      newMetadata.remove("annotations");
    } else {
      newMetadata.put("annotations", kept);
    }
    Map<String, Object> copy = new LinkedHashMap<>(item);
    copy.put("metadata", newMetadata);
    return copy;
  }

  private Map<String, Object> patched(Map<String, Object> item) {
    String identity = Manifests.identity(item);
    if (identity.equals("DaemonSet " + namespace + "/" + Dataplane.DATAPLANE_DAEMON_SET_NAME)) {
      Map<String, Object> podSpec = new LinkedHashMap<>();
      placement.forEach(podSpec::put);
      Map<String, Object> template = new LinkedHashMap<>();
      template.put("spec", podSpec);
      if (!podAnnotations.isEmpty()) {
        template.put("metadata", Map.of("annotations", podAnnotations));
      }
      return StrategicPatch.apply(item, Map.of("spec", Map.of("template", template)));
    }
    if (identity.equals("ServiceAccount " + namespace + "/" + Dataplane.DATAPLANE_DAEMON_SET_NAME)
        && !serviceAccountAnnotations.isEmpty()) {
      return StrategicPatch.apply(
          item, Map.of("metadata", Map.of("annotations", serviceAccountAnnotations)));
    }
    return item;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(Object object) {
    return JSON.convertValue(object, Map.class);
  }
}
