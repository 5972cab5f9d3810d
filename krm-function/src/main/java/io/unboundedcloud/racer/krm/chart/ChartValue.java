package io.unboundedcloud.racer.krm.chart;

import io.unboundedcloud.racer.krm.chart.ValueDoc.Initial;
import io.unboundedcloud.racer.krm.chart.ValueField.Holder;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every value of {@code charts/racer}, in the order of its values.yaml: chart-gen writes
 * values.yaml, the schema, the README table and the templates' references from these, and {@code
 * adopt --chart-values} writes and names them from these, so a value is named once.
 *
 * <p>A value that sets one field of the dataplane DaemonSet says which ({@link ValueField}: where,
 * and whether it replaces the field or adds to its list) and documents itself ({@link ValueDoc}):
 * chart-gen's template writes it there, values.yaml, the schema and the README say what it says,
 * and adopt reads it back from that field. Such a value is this one entry, then a regeneration.
 */
public enum ChartValue {
  IMAGES("images"),
  IMAGES_REGISTRY("images.registry"),
  IMAGES_TAG("images.tag"),
  IMAGES_DATAPLANE("images.dataplane"),
  IMAGES_OBJECT("images.object"),
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
  SETTINGS("settings"),
  SETTINGS_CONFIG_MAP("settingsConfigMap"),
  SETTINGS_CONFIG_MAP_CREATE("settingsConfigMap.create"),
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
  PLACEMENT("placement"),
  PLACEMENT_NODE_SELECTOR("placement.nodeSelector"),
  PLACEMENT_TOLERATIONS("placement.tolerations"),
  PLACEMENT_AFFINITY("placement.affinity"),
  SERVICE_ACCOUNT("serviceAccount"),
  SERVICE_ACCOUNT_CREATE("serviceAccount.create"),
  SERVICE_ACCOUNT_ANNOTATIONS("serviceAccount.annotations"),
  COMMON_LABELS("commonLabels"),
  DAEMON_SET_ANNOTATIONS("daemonSetAnnotations"),
  POD_ANNOTATIONS("podAnnotations"),
  POD_LABELS("podLabels"),
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
  CACHE_ORIGINS("cacheOrigins"),
  STRICT("strict"),
  GLOBAL("global"),
  ENABLED("enabled");

  private final String path;
  private final ValueField field;
  private final ValueDoc doc;

  ChartValue(String path) {
    this(path, null, null);
  }

  ChartValue(String path, ValueField field, ValueDoc doc) {
    this.path = path;
    this.field = field;
    this.doc = doc;
  }

  /** Where the value sits in values.yaml, dot-separated: {@code images.pullPolicy}. */
  public String path() {
    return path;
  }

  /** The DaemonSet field the value sets, where it sets one. */
  public Optional<ValueField> field() {
    return Optional.ofNullable(field);
  }

  /** Its default, schema and description, where the table holds them. */
  public Optional<ValueDoc> doc() {
    return Optional.ofNullable(doc);
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

  /** The values that set a field of the DaemonSet, in values.yaml's order. */
  public static List<ChartValue> fieldValues() {
    return Arrays.stream(values()).filter(v -> v.field != null).toList();
  }

  /** The top-level keys of values.yaml, in order. */
  public static List<String> topLevelKeys() {
    return Arrays.stream(values()).filter(ChartValue::topLevel).map(ChartValue::path).toList();
  }
}
