package io.unboundedcloud.racer.chart.values;

import io.unboundedcloud.racer.chart.objects.DataplaneDefaults;
import io.unboundedcloud.racer.krm.chart.ChartValue;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import io.unboundedcloud.racer.workload.DnsLabel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values that add to the dataplane pod what a user's kustomize patch would: fields of the
 * DaemonSet and its pod that the builders leave to the user or only default, and entries appended
 * to the dataplane's own lists (env, envFrom, volumes, mounts, containers), never replacing one of
 * the dataplane's.
 */
final class PodValues {
  private PodValues() {}

  /** runtimeClassName, terminationGracePeriodSeconds, minReadySeconds, revisionHistoryLimit. */
  static List<ValueKey> scalars() {
    return List.of(
        ValueKey.leaf(
            ChartValue.RUNTIME_CLASS_NAME,
            null,
            nullable(KubernetesShapes.optionalName()),
            "runtimeClassName is the dataplane pods' RuntimeClass; unset (null) means none, the cluster's"
                + " default runtime. NVIDIA modes env and cdi rely on the NVIDIA container runtime: name its"
                + " RuntimeClass here where it is not the default (often nvidia)."),
        ValueKey.leaf(
            ChartValue.TERMINATION_GRACE_PERIOD_SECONDS,
            null,
            count(),
            "terminationGracePeriodSeconds is how long a dataplane pod may take to stop; unset (null) means"
                + " the builder's "
                + DataplaneDefaults.terminationGracePeriodSeconds()
                + ". Keep it above RACER_SHUTDOWN_TIMEOUT_MS (in seconds) so the dataplane drains before"
                + " it is killed. 0 is a value."),
        ValueKey.leaf(
            ChartValue.MIN_READY_SECONDS,
            null,
            count(),
            "minReadySeconds is how long a new dataplane pod must be ready before the rollout moves on;"
                + " unset (null) means the builder's "
                + DataplaneDefaults.minReadySeconds()
                + ". 0 is a value."),
        ValueKey.leaf(
            ChartValue.REVISION_HISTORY_LIMIT,
            null,
            count(),
            "revisionHistoryLimit is how many old revisions the DaemonSet keeps for rollback; unset (null)"
                + " means none is rendered (Kubernetes keeps 10)."));
  }

  /** extraEnv ... extraContainers. */
  static List<ValueKey> lists() {
    return List.of(
        ValueKey.leaf(
            ChartValue.EXTRA_ENV,
            List.of(),
            array(named(OrderedMap.of("type", "string", "minLength", 1))),
            "extraEnv are env vars (EnvVar) added to the dataplane container after the chart's own, so they"
                + " may refer to them as $(NAME). The chart's own names are refused ("
                + String.join(", ", DataplaneEnv.ownedNames())
                + "), and "
                + Dataplane.CONTROL_SEATS_KEY
                + " too: set it in settings.",
            "- name: HTTPS_PROXY",
            "  value: http://proxy.example.com:3128"),
        ValueKey.leaf(
            ChartValue.EXTRA_ENV_FROM,
            List.of(),
            array(OrderedMap.of("type", "object")),
            "extraEnvFrom are env sources (EnvFromSource) of the dataplane container, before "
                + Dataplane.SETTINGS_CONFIG_MAP
                + ", which stays last so that its keys win.",
            "- secretRef: {name: proxy-credentials}"),
        ValueKey.leaf(
            ChartValue.EXTRA_VOLUMES,
            List.of(),
            array(named(OrderedMap.of("type", "string", "pattern", DnsLabel.PATTERN))),
            "extraVolumes are volumes added to the dataplane pods after the chart's own, whose names are"
                + " refused ("
                + String.join(", ", DataplaneVolumes.ownedNames())
                + ").",
            "- name: ca-bundle",
            "  configMap: {name: corporate-ca}"),
        ValueKey.leaf(
            ChartValue.EXTRA_VOLUME_MOUNTS,
            List.of(),
            array(
                OrderedMap.of(
                    "type",
                    "object",
                    "required",
                    List.of("name", "mountPath"),
                    "properties",
                    OrderedMap.of(
                        "name", OrderedMap.of("type", "string", "minLength", 1),
                        "mountPath", OrderedMap.of("type", "string", "minLength", 1)))),
            "extraVolumeMounts are mounts added to the dataplane container after the chart's own, of"
                + " extraVolumes (a mount of one of the chart's volumes is refused).",
            "- name: ca-bundle",
            "  mountPath: /etc/ssl/certs/corporate",
            "  readOnly: true"),
        ValueKey.leaf(
            ChartValue.INIT_CONTAINERS,
            List.of(),
            array(named(OrderedMap.of("type", "string", "pattern", DnsLabel.PATTERN))),
            "initContainers are the dataplane pods' init containers (Container), run before the dataplane.",
            "- name: wait-for-driver",
            "  image: busybox:1.36",
            "  command: [sh, -c, 'until [ -e /dev/nvidiactl ]; do sleep 5; done']"),
        ValueKey.leaf(
            ChartValue.EXTRA_CONTAINERS,
            List.of(),
            array(named(OrderedMap.of("type", "string", "pattern", DnsLabel.PATTERN))),
            "extraContainers are sidecars (Container) after the "
                + Dataplane.CONTAINER_NAME
                + " container; the name "
                + Dataplane.CONTAINER_NAME
                + " is refused.",
            "- name: log-shipper",
            "  image: fluent/fluent-bit:3.1"));
  }

  /** A non-negative integer, or null for the default. */
  private static Map<String, Object> count() {
    return OrderedMap.of("type", List.of("integer", "null"), "minimum", 0);
  }

  private static Map<String, Object> nullable(Map<String, Object> stringSchema) {
    Map<String, Object> schema = new LinkedHashMap<>(stringSchema);
    schema.put("type", List.of("string", "null"));
    return schema;
  }

  private static Map<String, Object> array(Map<String, Object> items) {
    return OrderedMap.of("type", "array", "items", items);
  }

  /**
   * An object with a required {@code name} of the given schema, other keys as Kubernetes has them.
   */
  private static Map<String, Object> named(Map<String, Object> name) {
    return OrderedMap.of(
        "type", "object", "required", List.of("name"), "properties", OrderedMap.of("name", name));
  }
}
