package io.unboundedcloud.racer.workload.chart;

import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.Release;
import io.unboundedcloud.racer.workload.chart.ValueDoc.Initial;
import io.unboundedcloud.racer.workload.chart.ValueField.Holder;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every value of {@code charts/racer}, in the order of its values.yaml, each declared once: its
 * path, its documentation ({@link ValueDoc}: default, schema, description; chart-gen writes
 * values.yaml, the schema and the README table from it) and, where it sets a field, that field
 * ({@link ValueField}: which object, where, and whether it replaces the field, adds to its list or
 * its map, or is combined with it by a rule of its own). chart-gen's templates write a value of the
 * DaemonSet at its field and {@code adopt --chart-values} reads it back from there, so such a value
 * is this one entry, then a regeneration.
 *
 * <p>The values without a field feed no one field: the images are resolved into references (the
 * function config's image keys) that the container, an env var and the record annotations carry;
 * the {@code create} switches say whether an object is rendered; {@code cacheOrigins} are whole
 * objects; {@code strict} is the function config's; {@code global} and {@code enabled} are Helm's,
 * never read.
 */
public enum ChartValue {
  IMAGES(
      "images",
      ValueDoc.group(
          "images are the container images, resolved like the KRM function's config: set"
              + " images.registry, or both full references. Without either, rendering fails.")),
  IMAGES_REGISTRY(
      "images.registry",
      ValueDoc.of(
          Initial.EMPTY_TEXT,
          image(),
          "registry holds "
              + Release.DATAPLANE_REPOSITORY
              + " and "
              + Release.OBJECT_REPOSITORY
              + ": images become <registry>/"
              + Release.DATAPLANE_REPOSITORY
              + ":<tag> and <registry>/"
              + Release.OBJECT_REPOSITORY
              + ":<tag>; one trailing / is dropped. The function config key imageRegistry.")),
  IMAGES_TAG(
      "images.tag",
      ValueDoc.of(
          Initial.EMPTY_TEXT,
          ValueDoc.text(),
          "tag is the tag of the registry images; empty means the chart's appVersion, the targeted"
              + " Racer release ("
              + Release.RACER_VERSION
              + "). The function config key imageTag.")),
  IMAGES_DATAPLANE(
      "images.dataplane",
      ValueDoc.of(
          Initial.EMPTY_TEXT,
          image(),
          "dataplane is the full dataplane image reference; it wins over registry and tag. The"
              + " function config key dataplaneImage.")),
  IMAGES_OBJECT(
      "images.object",
      ValueDoc.of(
          Initial.EMPTY_TEXT,
          image(),
          "object is the full racer-object image reference (the sidecar the dataplane's webhook"
              + " injects); it wins over registry and tag. The function config key objectImage.")),
  IMAGES_PULL_POLICY(
      "images.pullPolicy",
      ValueField.replaces(Holder.DATAPLANE_CONTAINER, "imagePullPolicy"),
      ValueDoc.of(
          Initial.BUILDERS,
          ValueDoc.keywords("type", "string", "enum", ValueDoc.PULL_POLICIES),
          "pullPolicy is the dataplane container's imagePullPolicy: "
              + String.join(", ", ValueDoc.PULL_POLICIES)
              + ". With the function: a kustomize patch of the container's imagePullPolicy.")),
  IMAGE_PULL_SECRETS(
      "imagePullSecrets",
      ValueField.replaces(Holder.POD, "imagePullSecrets"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.definition("localObjectReference")),
          "imagePullSecrets are the dataplane pods' image pull secrets, for a private registry:"
              + " Secrets in the release namespace, each given as {name: ...}. With the function: a"
              + " kustomize patch of the pod's imagePullSecrets.",
          "- name: registry-credentials")),
  SETTINGS(
      "settings",
      ValueField.replaces(Holder.SETTINGS_CONFIG_MAP, "data"),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.definition("settings"),
          "settings are the data of the "
              + Dataplane.SETTINGS_CONFIG_MAP
              + " ConfigMap: the dataplane's settings, keys as in the settings table of the README."
              + " Values are strings: quote numbers in YAML and use --set-string (not --set) on the"
              + " command line. "
              + ShapeKeys.inWords()
              + " also shape the DaemonSet; a change of any key rolls the dataplane pods"
              + " (settings-hash annotation).",
          ShapeKeys.PEER_PORT.name() + ": \"9090\"",
          ShapeKeys.NVIDIA.name() + ": cdi",
          Dataplane.CONTROL_SEATS_KEY + ": \"3\"")),
  SETTINGS_CONFIG_MAP(
      "settingsConfigMap",
      ValueDoc.group(
          "settingsConfigMap controls the " + Dataplane.SETTINGS_CONFIG_MAP + " ConfigMap.")),
  SETTINGS_CONFIG_MAP_CREATE(
      "settingsConfigMap.create",
      ValueDoc.of(
          Initial.TRUE,
          ValueDoc.keywords("type", "boolean"),
          "create renders "
              + Dataplane.SETTINGS_CONFIG_MAP
              + " from settings. Set false to use an existing "
              + Dataplane.SETTINGS_CONFIG_MAP
              + " ConfigMap in the release namespace, managed elsewhere; settings must then still"
              + " equal its data, because the chart reads the keys that shape the DaemonSet and"
              + " hashes settings to roll the pods.")),
  RESOURCES(
      "resources",
      ValueField.replaces(Holder.DATAPLANE_CONTAINER, "resources"),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.definition("resourceRequirements"),
          "resources are the dataplane container's requests and limits. Empty means the builder's, "
              + ValueDoc.BUILDERS
              + "; a value replaces that whole (give every request and limit you want), as a"
              + " kustomize patch with $patch: replace does. Quantities are strings (\"500m\","
              + " \"64Gi\") or numbers.",
          "requests: {cpu: \"4\", memory: 64Gi}",
          "limits: {memory: 64Gi}")),
  UPDATE_STRATEGY(
      "updateStrategy",
      ValueField.replaces(Holder.DAEMON_SET, "updateStrategy"),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.definition("daemonSetUpdateStrategy"),
          "updateStrategy is the DaemonSet's update strategy. Empty means the builder's, "
              + ValueDoc.BUILDERS
              + ": one node at a time, never two dataplane pods on a node; a value replaces that"
              + " whole, as a kustomize patch with $patch: replace does.",
          "type: OnDelete")),
  PRIORITY_CLASS_NAME(
      "priorityClassName",
      ValueField.replaces(Holder.POD, "priorityClassName"),
      ValueDoc.of(
          Initial.EMPTY_TEXT,
          ValueDoc.optionalName(false),
          "priorityClassName is the dataplane pods' PriorityClass; empty means none. A node-level"
              + " cache usually wants one above the workloads it serves: the scheduler then preempts"
              + " them to place it on a full node, and node pressure evicts them before it (the README"
              + " says more).")),
  RUNTIME_CLASS_NAME(
      "runtimeClassName",
      ValueField.replaces(Holder.POD, "runtimeClassName"),
      ValueDoc.of(
          Initial.NULL,
          ValueDoc.optionalName(true),
          "runtimeClassName is the dataplane pods' RuntimeClass; unset (null) means none, the"
              + " cluster's default runtime. NVIDIA modes env and cdi rely on the NVIDIA container"
              + " runtime: name its RuntimeClass here where it is not the default (often nvidia).")),
  TERMINATION_GRACE_PERIOD_SECONDS(
      "terminationGracePeriodSeconds",
      ValueField.replaces(Holder.POD, "terminationGracePeriodSeconds"),
      ValueDoc.of(
          Initial.NULL,
          ValueDoc.count(),
          "terminationGracePeriodSeconds is how long a dataplane pod may take to stop; unset (null)"
              + " means the builder's "
              + ValueDoc.BUILDERS
              + ". Keep it above RACER_SHUTDOWN_TIMEOUT_MS (in seconds) so the dataplane drains"
              + " before it is killed. 0 is a value.")),
  MIN_READY_SECONDS(
      "minReadySeconds",
      ValueField.replaces(Holder.DAEMON_SET, "minReadySeconds"),
      ValueDoc.of(
          Initial.NULL,
          ValueDoc.count(),
          "minReadySeconds is how long a new dataplane pod must be ready before the rollout moves"
              + " on; unset (null) means the builder's "
              + ValueDoc.BUILDERS
              + ". 0 is a value.")),
  REVISION_HISTORY_LIMIT(
      "revisionHistoryLimit",
      ValueField.replaces(Holder.DAEMON_SET, "revisionHistoryLimit"),
      ValueDoc.of(
          Initial.NULL,
          ValueDoc.count(),
          "revisionHistoryLimit is how many old revisions the DaemonSet keeps for rollback; unset"
              + " (null) means none is rendered (Kubernetes keeps 10).")),
  PLACEMENT(
      "placement",
      ValueDoc.group(
          "placement adds scheduling to the dataplane pods, as a kustomize patch on the KRM"
              + " function's output would: added to, never replacing, the dataplane's own. Cache"
              + " origins get the resulting node placement.")),
  PLACEMENT_NODE_SELECTOR(
      "placement.nodeSelector",
      ValueField.merges(Holder.POD, "nodeSelector", List.of()),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.stringMap(),
          "nodeSelector is the dataplane pods' node selector.",
          "node.kubernetes.io/instance-type: Standard_ND96isr_H100_v5")),
  PLACEMENT_TOLERATIONS(
      "placement.tolerations",
      ValueField.appends(Holder.POD, "tolerations"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.keywords("type", "object")),
          "tolerations are the dataplane pods' tolerations.",
          "- key: nvidia.com/gpu",
          "  operator: Exists",
          "  effect: NoSchedule")),
  PLACEMENT_AFFINITY(
      "placement.affinity",
      ValueField.combines(Holder.POD, "affinity"),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          affinity(),
          "affinity is combined with the dataplane's node affinity: each required node selector"
              + " term gets the dataplane's expressions ("
              + Dataplane.EXCLUSION_LABEL
              + " DoesNotExist, "
              + Dataplane.OS_LABEL
              + " In [linux]) first, so one term stays one term; without required terms the"
              + " dataplane's term is used; preferred terms, podAffinity and podAntiAffinity are"
              + " added as given (cache origins get the node affinity only).",
          "nodeAffinity:",
          "  requiredDuringSchedulingIgnoredDuringExecution:",
          "    nodeSelectorTerms:",
          "      - matchExpressions:",
          "          - key: racer.example.com/pool",
          "            operator: In",
          "            values: [gpu]")),
  SERVICE_ACCOUNT(
      "serviceAccount",
      ValueDoc.group(
          "serviceAccount is the dataplane's ServiceAccount "
              + Dataplane.DATAPLANE_DAEMON_SET_NAME
              + ".")),
  SERVICE_ACCOUNT_CREATE(
      "serviceAccount.create",
      ValueDoc.of(
          Initial.TRUE,
          ValueDoc.keywords("type", "boolean"),
          "create renders the ServiceAccount. Set false where it is managed elsewhere: the"
              + " dataplane pods still run as "
              + Dataplane.DATAPLANE_DAEMON_SET_NAME
              + ", which must then exist in the release namespace.")),
  SERVICE_ACCOUNT_ANNOTATIONS(
      "serviceAccount.annotations",
      ValueField.merges(Holder.SERVICE_ACCOUNT_METADATA, "annotations", List.of()),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.stringMap(),
          "annotations are added to the ServiceAccount, for workload identity for example.",
          "azure.workload.identity/client-id: 00000000-0000-0000-0000-000000000000")),
  COMMON_LABELS(
      "commonLabels",
      ValueField.mergesRefusing(
          Holder.EVERY_OBJECT_METADATA,
          "labels",
          Stream.concat(SelectorLabels.KEYS.stream(), DeliveryLabels.KEYS.stream()).toList()),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.definition("labels"),
          "commonLabels are added to the metadata labels of every object the chart renders (cache"
              + " origins included), never to a selector or a pod template. The selector labels ("
              + String.join(", ", SelectorLabels.KEYS)
              + ") and the chart's own delivery labels are refused.",
          "team: ml-platform")),
  DAEMON_SET_ANNOTATIONS(
      "daemonSetAnnotations",
      ValueField.merges(Holder.DAEMON_SET_METADATA, "annotations", Dataplane.RECORD_ANNOTATIONS),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.stringMap(),
          "daemonSetAnnotations are added to the dataplane DaemonSet's metadata (not its pods: see"
              + " podAnnotations); the chart's own record of the images and the settings ("
              + String.join(", ", Dataplane.RECORD_ANNOTATIONS)
              + ") always wins.",
          "example.com/owner: ml-platform")),
  POD_ANNOTATIONS(
      "podAnnotations",
      ValueField.merges(
          Holder.POD_METADATA,
          "annotations",
          List.of(Dataplane.SETTINGS_HASH_ANNOTATION, NvidiaInjection.CDI_ANNOTATION)),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.stringMap(),
          "podAnnotations are added to the dataplane pods; the chart's own ("
              + Dataplane.SETTINGS_HASH_ANNOTATION
              + ", "
              + NvidiaInjection.CDI_ANNOTATION
              + ") always win.")),
  POD_LABELS(
      "podLabels",
      ValueField.mergesRefusing(
          Holder.POD_METADATA, "labels", List.copyOf(Dataplane.labels().keySet())),
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.definition("labels"),
          "podLabels are added to the dataplane pods' labels, never to the DaemonSet's selector."
              + " The selector labels ("
              + String.join(", ", Dataplane.labels().keySet())
              + ") are refused: the selector is immutable.",
          "team: ml-platform")),
  EXTRA_ENV(
      "extraEnv",
      ValueField.appends(Holder.DATAPLANE_CONTAINER, "env"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.named(ValueDoc.nonEmptyText())),
          "extraEnv are env vars (EnvVar) added to the dataplane container after the chart's own,"
              + " so they may refer to them as $(NAME). The chart's own names are refused ("
              + String.join(", ", DataplaneEnv.ownedNames())
              + "), and "
              + Dataplane.CONTROL_SEATS_KEY
              + " too: set it in settings.",
          "- name: HTTPS_PROXY",
          "  value: http://proxy.example.com:3128")),
  EXTRA_ENV_FROM(
      "extraEnvFrom",
      ValueField.prepends(Holder.DATAPLANE_CONTAINER, "envFrom"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.keywords("type", "object")),
          "extraEnvFrom are env sources (EnvFromSource) of the dataplane container, before "
              + Dataplane.SETTINGS_CONFIG_MAP
              + ", which stays last so that its keys win.",
          "- secretRef: {name: proxy-credentials}")),
  EXTRA_VOLUMES(
      "extraVolumes",
      ValueField.appends(Holder.POD, "volumes"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.labelNamedItems(),
          "extraVolumes are volumes added to the dataplane pods after the chart's own, whose names"
              + " are refused ("
              + String.join(", ", DataplaneVolumes.ownedNames())
              + ").",
          "- name: ca-bundle",
          "  configMap: {name: corporate-ca}")),
  EXTRA_VOLUME_MOUNTS(
      "extraVolumeMounts",
      ValueField.appends(Holder.DATAPLANE_CONTAINER, "volumeMounts"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(
              ValueDoc.keywords(
                  "type",
                  "object",
                  "required",
                  List.of("name", "mountPath"),
                  "properties",
                  ValueDoc.keywords(
                      "name", ValueDoc.nonEmptyText(),
                      "mountPath", ValueDoc.nonEmptyText()))),
          "extraVolumeMounts are mounts added to the dataplane container after the chart's own, of"
              + " extraVolumes (a mount of one of the chart's volumes is refused).",
          "- name: ca-bundle",
          "  mountPath: /etc/ssl/certs/corporate",
          "  readOnly: true")),
  INIT_CONTAINERS(
      "initContainers",
      ValueField.appends(Holder.POD, "initContainers"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.labelNamedItems(),
          "initContainers are the dataplane pods' init containers (Container), run before the"
              + " dataplane.",
          "- name: wait-for-driver",
          "  image: busybox:1.36",
          "  command: [sh, -c, 'until [ -e /dev/nvidiactl ]; do sleep 5; done']")),
  EXTRA_CONTAINERS(
      "extraContainers",
      ValueField.appends(Holder.POD, "containers"),
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.labelNamedItems(),
          "extraContainers are sidecars (Container) after the "
              + Dataplane.CONTAINER_NAME
              + " container; the name "
              + Dataplane.CONTAINER_NAME
              + " is refused.",
          "- name: log-shipper",
          "  image: fluent/fluent-bit:3.1")),
  CACHE_ORIGINS(
      "cacheOrigins",
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.definition("cacheOrigin")),
          "cacheOrigins are cache origin DaemonSets, one origin per cache volume per node: each"
              + " labelled "
              + CacheOrigin.LABEL
              + ": <volume>, mounting its socket directory "
              + CacheOrigin.SOCKET_ROOT
              + "/<volume>/origin writable, and placed like the dataplane. Keys: name, namespace"
              + " (default: the release namespace), volume, image, args, env, resources.",
          "- name: blob-origin",
          "  volume: models",
          "  image: registry.example.com/blob-origin:1.4.2",
          "  args: [--socket-dir, /run/racer/models/origin]",
          "  resources: {requests: {cpu: 100m, memory: 256Mi}}")),
  STRICT(
      "strict",
      ValueDoc.of(
          Initial.FALSE,
          ValueDoc.keywords("type", "boolean"),
          "strict makes every warning an error that fails the render, as the KRM function config's"
              + " strict: \"true\" does: an unknown RACER_* settings key, and each check of settings"
              + " against the pod (docs/settings.md). Without it, NOTES lists them as warnings.")),
  UNCHECKED_SETTINGS(
      SettingsCatalog.UNCHECKED_KEYS,
      ValueDoc.of(
          Initial.EMPTY_LIST,
          ValueDoc.arrayOf(ValueDoc.keywords("type", "string")),
          "uncheckedSettings lists the RACER_* settings keys the chart does not know that you mean"
              + " (a newer dataplane's): each is passed on unchecked, with no warning, strict or"
              + " not. Any other unknown RACER_* key within two edits of a known one (RACER_NVIDA)"
              + " is taken for a typo and fails the render, as the KRM function config's"
              + " uncheckedSettings does.",
          "- RACER_NEW_KNOB")),
  // what Helm gives a subchart: accepted, never read, so the chart renders the same there
  GLOBAL(
      "global",
      ValueDoc.of(
          Initial.EMPTY_MAP,
          ValueDoc.keywords(),
          "global holds the values an umbrella chart shares with all its subcharts; Helm passes it"
              + " to every subchart. This chart accepts any content and reads none of it.")),
  ENABLED(
      "enabled",
      ValueDoc.of(
          Initial.TRUE,
          ValueDoc.keywords(),
          "enabled is what an umbrella chart's dependency condition (condition: racer.enabled)"
              + " reads to leave the chart out; the chart itself accepts any content and reads none"
              + " of it."));

  private final String path;
  private final ValueField field;
  private final ValueDoc doc;

  ChartValue(String path, ValueDoc doc) {
    this(path, null, doc);
  }

  ChartValue(String path, ValueField field, ValueDoc doc) {
    this.path = path;
    this.field = field;
    this.doc = Objects.requireNonNull(doc, path);
  }

  /** Where the value sits in values.yaml, dot-separated: {@code images.pullPolicy}. */
  public String path() {
    return path;
  }

  /** The DaemonSet field the value sets, where it sets one. */
  public Optional<ValueField> field() {
    return Optional.ofNullable(field);
  }

  /** Its default, schema and description. */
  public ValueDoc doc() {
    return doc;
  }

  /** The value's own key, the last step of its path: {@code pullPolicy}. */
  public String key() {
    return path.substring(path.lastIndexOf('.') + 1);
  }

  /** {@code $.Values.<path>}, how a chart template reads it. */
  public String expression() {
    return "$.Values." + path;
  }

  /** Whether it is a key of values.yaml's top level. */
  public boolean topLevel() {
    return path.indexOf('.') < 0;
  }

  /** The value whose path this is. */
  public static Optional<ChartValue> at(String path) {
    return Arrays.stream(values()).filter(v -> v.path.equals(path)).findFirst();
  }

  /** The values that set a field, in values.yaml's order. */
  public static List<ChartValue> fieldValues() {
    return Arrays.stream(values()).filter(v -> v.field != null).toList();
  }

  /** The values that set a field of the dataplane DaemonSet, in values.yaml's order. */
  public static List<ChartValue> daemonSetValues() {
    return fieldValues().stream().filter(v -> v.field.holder().inDaemonSet()).toList();
  }

  /**
   * A registry or an image reference: any string here, checked by the templates
   * (racer.validateConfig) with the function's messages, where a schema pattern would print its
   * whole regular expression.
   */
  private static Map<String, Object> image() {
    return ValueDoc.text();
  }

  /** Node affinity, pod affinity and pod anti-affinity, each an object as Kubernetes has it. */
  private static Map<String, Object> affinity() {
    Map<String, Object> object = ValueDoc.keywords("type", "object");
    return ValueDoc.closed(
        ValueDoc.keywords(
            "nodeAffinity", object, "podAffinity", object, "podAntiAffinity", object));
  }

  /** The top-level keys of values.yaml, in order. */
  public static List<String> topLevelKeys() {
    return Arrays.stream(values()).filter(ChartValue::topLevel).map(ChartValue::path).toList();
  }
}
