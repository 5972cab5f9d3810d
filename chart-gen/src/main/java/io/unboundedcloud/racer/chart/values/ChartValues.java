package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.krm.chart.ValueDoc;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DnsLabel;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.Release;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every value of the racer chart, documented once: values.yaml, the schema and the README come from
 * here, and from {@code krm.chart.ChartValue} for the values that set a field of the DaemonSet.
 */
public final class ChartValues {
  private ChartValues() {}

  /**
   * The keys of values.yaml, in {@link ChartValue}'s order: those the table documents from it
   * ({@link ValueKey#of}), the others from here.
   *
   * @throws IllegalStateException unless this documents exactly the values {@link ChartValue} names
   *     and leaves undocumented
   */
  public static List<ValueKey> keys() {
    Map<String, ValueKey> written = new LinkedHashMap<>();
    List.of(production(), scheduling(), List.of(cacheOrigins(), strict()), subchart())
        .forEach(keys -> keys.forEach(key -> addWritten("", key, written)));
    List<ValueKey> keys = children("", written);
    if (!written.isEmpty()) {
      throw new IllegalStateException(
          "chart-gen documents the values "
              + written.keySet()
              + ", which ChartValue does not name or documents itself");
    }
    return keys;
  }

  private static void addWritten(String prefix, ValueKey key, Map<String, ValueKey> written) {
    written.put(prefix + key.name(), key);
    key.children().forEach(child -> addWritten(prefix + key.name() + ".", child, written));
  }

  /** The keys right below {@code prefix} ({@code ""}, or a group's path and a dot). */
  private static List<ValueKey> children(String prefix, Map<String, ValueKey> written) {
    List<ValueKey> keys = new ArrayList<>();
    for (ChartValue value : ChartValue.values()) {
      String path = value.path();
      if (!path.startsWith(prefix) || path.indexOf('.', prefix.length()) >= 0) {
        continue;
      }
      if (value.doc().isPresent()) {
        keys.add(ValueKey.of(value));
        continue;
      }
      ValueKey key = written.remove(path);
      if (key == null) {
        throw new IllegalStateException("chart-gen documents no value " + path);
      }
      List<ValueKey> children = children(path + ".", written);
      keys.add(
          children.isEmpty()
              ? key
              : new ValueKey(
                  key.name(), null, key.description(), List.of(), key.schema(), children));
    }
    return List.copyOf(keys);
  }

  private static List<ValueKey> production() {
    return List.of(
        ValueKey.group(
            ChartValue.IMAGES,
            "images are the container images, resolved like the KRM function's config: set images.registry, or"
                + " both full references. Without either, rendering fails.",
            ValueKey.leaf(
                ChartValue.IMAGES_REGISTRY,
                "",
                image(),
                "registry holds "
                    + Release.DATAPLANE_REPOSITORY
                    + " and "
                    + Release.OBJECT_REPOSITORY
                    + ": images"
                    + " become <registry>/"
                    + Release.DATAPLANE_REPOSITORY
                    + ":<tag> and <registry>/"
                    + Release.OBJECT_REPOSITORY
                    + ":<tag>; one trailing / is dropped. The function config key"
                    + " imageRegistry."),
            ValueKey.leaf(
                ChartValue.IMAGES_TAG,
                "",
                text(ImageGrammar.blankOr(ImageGrammar.TAG)),
                "tag is the tag of the registry images; empty means the chart's appVersion, the targeted Racer"
                    + " release ("
                    + Release.RACER_VERSION
                    + "). The function config key imageTag."),
            ValueKey.leaf(
                ChartValue.IMAGES_DATAPLANE,
                "",
                image(),
                "dataplane is the full dataplane image reference; it wins over registry and tag. The function"
                    + " config key dataplaneImage."),
            ValueKey.leaf(
                ChartValue.IMAGES_OBJECT,
                "",
                image(),
                "object is the full racer-object image reference (the sidecar the dataplane's webhook injects);"
                    + " it wins over registry and tag. The function config key objectImage.")),
        ValueKey.leaf(
            ChartValue.SETTINGS,
            Map.of(),
            ValueDoc.definition("settings"),
            "settings are the data of the "
                + Dataplane.SETTINGS_CONFIG_MAP
                + " ConfigMap: the dataplane's"
                + " settings, keys as in the settings table of the README. Values are strings: quote numbers in"
                + " YAML and use --set-string (not --set) on the command line. "
                + Dataplane.PEER_PORT_KEY
                + ", "
                + Dataplane.DIAGNOSTICS_PORT_KEY
                + ", "
                + Dataplane.HOST_NETWORK_KEY
                + " and "
                + Dataplane.NVIDIA_KEY
                + " also shape the DaemonSet; a change of any key rolls the dataplane pods (settings-hash annotation).",
            Dataplane.PEER_PORT_KEY + ": \"9090\"",
            Dataplane.NVIDIA_KEY + ": cdi",
            Dataplane.CONTROL_SEATS_KEY + ": \"3\""),
        ValueKey.group(
            ChartValue.SETTINGS_CONFIG_MAP,
            "settingsConfigMap controls the " + Dataplane.SETTINGS_CONFIG_MAP + " ConfigMap.",
            ValueKey.leaf(
                ChartValue.SETTINGS_CONFIG_MAP_CREATE,
                true,
                ValueDoc.keywords("type", "boolean"),
                "create renders "
                    + Dataplane.SETTINGS_CONFIG_MAP
                    + " from settings. Set false to use an existing "
                    + Dataplane.SETTINGS_CONFIG_MAP
                    + " ConfigMap in the release namespace, managed elsewhere; settings"
                    + " must then still equal its data, because the chart reads the keys that shape the DaemonSet"
                    + " and hashes settings to roll the pods.")));
  }

  private static List<ValueKey> scheduling() {
    return List.of(
        ValueKey.group(
            ChartValue.PLACEMENT,
            "placement adds scheduling to the dataplane pods, as a kustomize patch on the KRM function's output"
                + " would: added to, never replacing, the dataplane's own. Cache origins get the resulting node"
                + " placement.",
            ValueKey.leaf(
                ChartValue.PLACEMENT_NODE_SELECTOR,
                Map.of(),
                stringMap(),
                "nodeSelector is the dataplane pods' node selector.",
                "node.kubernetes.io/instance-type: Standard_ND96isr_H100_v5"),
            ValueKey.leaf(
                ChartValue.PLACEMENT_TOLERATIONS,
                List.of(),
                ValueDoc.keywords("type", "array", "items", ValueDoc.keywords("type", "object")),
                "tolerations are the dataplane pods' tolerations.",
                "- key: nvidia.com/gpu",
                "  operator: Exists",
                "  effect: NoSchedule"),
            ValueKey.leaf(
                ChartValue.PLACEMENT_AFFINITY,
                Map.of(),
                affinity(),
                "affinity is combined with the dataplane's node affinity: each required node selector term gets"
                    + " the dataplane's expressions ("
                    + Dataplane.EXCLUSION_LABEL
                    + " DoesNotExist, "
                    + Dataplane.OS_LABEL
                    + " In [linux]) first, so one term stays one term; without required terms"
                    + " the dataplane's term is used; preferred terms, podAffinity and podAntiAffinity are added"
                    + " as given (cache origins get the node affinity only).",
                "nodeAffinity:",
                "  requiredDuringSchedulingIgnoredDuringExecution:",
                "    nodeSelectorTerms:",
                "      - matchExpressions:",
                "          - key: racer.example.com/pool",
                "            operator: In",
                "            values: [gpu]")),
        ValueKey.group(
            ChartValue.SERVICE_ACCOUNT,
            "serviceAccount is the dataplane's ServiceAccount "
                + Dataplane.DATAPLANE_DAEMON_SET_NAME
                + ".",
            ValueKey.leaf(
                ChartValue.SERVICE_ACCOUNT_CREATE,
                true,
                ValueDoc.keywords("type", "boolean"),
                "create renders the ServiceAccount. Set false where it is managed elsewhere: the dataplane"
                    + " pods still run as "
                    + Dataplane.DATAPLANE_DAEMON_SET_NAME
                    + ", which must then exist in the release namespace."),
            ValueKey.leaf(
                ChartValue.SERVICE_ACCOUNT_ANNOTATIONS,
                Map.of(),
                stringMap(),
                "annotations are added to the ServiceAccount, for workload identity for example.",
                "azure.workload.identity/client-id: 00000000-0000-0000-0000-000000000000")),
        ValueKey.leaf(
            ChartValue.COMMON_LABELS,
            Map.of(),
            ValueDoc.definition("labels"),
            "commonLabels are added to the metadata labels of every object the chart renders (cache origins"
                + " included), never to a selector or a pod template. The selector labels ("
                + String.join(", ", chartLabelKeys())
                + ") and the chart's own delivery labels are refused.",
            "team: ml-platform"),
        ValueKey.leaf(
            ChartValue.DAEMON_SET_ANNOTATIONS,
            Map.of(),
            stringMap(),
            "daemonSetAnnotations are added to the dataplane DaemonSet's metadata (not its pods: see"
                + " podAnnotations); the chart's own record of the images and the settings ("
                + Dataplane.DATAPLANE_IMAGE_ANNOTATION
                + ", "
                + Dataplane.OBJECT_IMAGE_ANNOTATION
                + ", "
                + Dataplane.SETTINGS_ANNOTATION
                + ") always wins.",
            "example.com/owner: ml-platform"),
        ValueKey.leaf(
            ChartValue.POD_ANNOTATIONS,
            Map.of(),
            stringMap(),
            "podAnnotations are added to the dataplane pods; the chart's own ("
                + Dataplane.SETTINGS_HASH_ANNOTATION
                + ", "
                + Dataplane.CDI_ANNOTATION
                + ") always win."),
        ValueKey.leaf(
            ChartValue.POD_LABELS,
            Map.of(),
            ValueDoc.definition("labels"),
            "podLabels are added to the dataplane pods' labels, never to the DaemonSet's selector. The selector"
                + " labels ("
                + String.join(", ", Dataplane.labels().keySet())
                + ") are refused: the selector"
                + " is immutable.",
            "team: ml-platform"));
  }

  private static ValueKey cacheOrigins() {
    return ValueKey.leaf(
        ChartValue.CACHE_ORIGINS,
        List.of(),
        ValueDoc.keywords("type", "array", "items", ValueDoc.definition("cacheOrigin")),
        "cacheOrigins are cache origin DaemonSets, one origin per cache volume per node: each labelled "
            + CacheOrigin.LABEL
            + ": <volume>, mounting its socket directory "
            + CacheOrigin.SOCKET_ROOT
            + "/<volume>/origin writable, and placed like the dataplane. Keys: name, namespace (default: the"
            + " release namespace), volume, image, args, env, resources.",
        "- name: blob-origin",
        "  volume: models",
        "  image: registry.example.com/blob-origin:1.4.2",
        "  args: [--socket-dir, /run/racer/models/origin]",
        "  resources: {requests: {cpu: 100m, memory: 256Mi}}");
  }

  private static ValueKey strict() {
    return ValueKey.leaf(
        ChartValue.STRICT,
        false,
        Map.of("type", "boolean"),
        "strict makes every warning an error that fails the render, as the KRM function config's"
            + " strict: \"true\" does: an unknown RACER_* settings key, and each check of settings"
            + " against the pod (docs/settings.md). Without it, NOTES lists them as warnings.");
  }

  /** What Helm gives a subchart: accepted, never read, so the chart renders the same there. */
  private static List<ValueKey> subchart() {
    return List.of(
        ValueKey.leaf(
            ChartValue.GLOBAL,
            Map.of(),
            ValueDoc.keywords(),
            "global holds the values an umbrella chart shares with all its subcharts; Helm passes it to"
                + " every subchart. This chart accepts any content and reads none of it."),
        ValueKey.leaf(
            ChartValue.ENABLED,
            true,
            ValueDoc.keywords(),
            "enabled is what an umbrella chart's dependency condition (condition: racer.enabled) reads to"
                + " leave the chart out; the chart itself accepts any content and reads none of it."));
  }

  /**
   * The label keys of the chart's selectors: the dataplane's and a cache origin's (its name and the
   * cache origin label).
   */
  public static List<String> chartLabelKeys() {
    List<String> keys = new ArrayList<>(Dataplane.labels().keySet());
    if (!keys.contains(CacheOrigin.LABEL)) {
      keys.add(CacheOrigin.LABEL);
    }
    return keys;
  }

  /** The schema's shared definitions. */
  public static Map<String, Object> definitions() {
    Map<String, Object> definitions = new LinkedHashMap<>();
    definitions.put("settings", SettingsSchema.schema());
    definitions.put("cacheOrigin", cacheOrigin());
    definitions.put("resourceRequirements", KubernetesShapes.resourceRequirements());
    definitions.put("localObjectReference", KubernetesShapes.localObjectReference());
    definitions.put("daemonSetUpdateStrategy", KubernetesShapes.daemonSetUpdateStrategy());
    definitions.put("labels", KubernetesShapes.labels());
    return definitions;
  }

  private static Map<String, Object> cacheOrigin() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "name", described("the origin DaemonSet's name, a DNS-1123 label", text(DnsLabel.PATTERN)));
    properties.put(
        "namespace",
        described(
            "its namespace; default: the release namespace", text(DnsLabel.OPTIONAL_PATTERN)));
    properties.put(
        "volume",
        described("the cache volume it serves, a DNS-1123 label", text(DnsLabel.PATTERN)));
    properties.put(
        "image",
        described("its container image", text(ImageGrammar.exactly(ImageGrammar.REFERENCE))));
    properties.put(
        "args",
        described(
            "its container arguments",
            ValueDoc.keywords("type", "array", "items", ValueDoc.keywords("type", "string"))));
    properties.put(
        "env",
        described(
            "its container env",
            ValueDoc.keywords(
                "type",
                "array",
                "items",
                ValueDoc.keywords(
                    "type",
                    "object",
                    "required",
                    List.of("name"),
                    "properties",
                    ValueDoc.keywords("name", ValueDoc.keywords("type", "string"))))));
    properties.put(
        "resources",
        described("its container resources", ValueDoc.definition("resourceRequirements")));
    Map<String, Object> origin = new LinkedHashMap<>();
    origin.put("type", "object");
    origin.put("additionalProperties", false);
    origin.put("required", List.of("name", "volume", "image"));
    origin.put("properties", properties);
    return origin;
  }

  private static Map<String, Object> affinity() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("nodeAffinity", ValueDoc.keywords("type", "object"));
    properties.put("podAffinity", ValueDoc.keywords("type", "object"));
    properties.put("podAntiAffinity", ValueDoc.keywords("type", "object"));
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("additionalProperties", false);
    schema.put("properties", properties);
    return schema;
  }

  /**
   * A registry or an image reference: any string here, checked by the templates
   * (racer.validateConfig) with the function's messages, where a schema pattern would print its
   * whole regular expression.
   */
  private static Map<String, Object> image() {
    return ValueDoc.keywords("type", "string");
  }

  private static Map<String, Object> text(String pattern) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "string");
    schema.put("pattern", pattern);
    return schema;
  }

  private static Map<String, Object> stringMap() {
    return ValueDoc.keywords(
        "type", "object", "additionalProperties", ValueDoc.keywords("type", "string"));
  }

  private static Map<String, Object> described(String description, Map<String, Object> schema) {
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("description", description);
    described.putAll(schema);
    return described;
  }
}
