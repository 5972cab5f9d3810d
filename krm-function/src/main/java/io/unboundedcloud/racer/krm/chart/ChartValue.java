package io.unboundedcloud.racer.krm.chart;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every value of {@code charts/racer}, in the order of its values.yaml: chart-gen writes
 * values.yaml, the schema, the README table and the templates' references from these, and {@code
 * adopt --chart-values} writes and names them from these, so a value is named once.
 */
public enum ChartValue {
  IMAGES("images"),
  IMAGES_REGISTRY("images.registry"),
  IMAGES_TAG("images.tag"),
  IMAGES_DATAPLANE("images.dataplane"),
  IMAGES_OBJECT("images.object"),
  IMAGES_PULL_POLICY("images.pullPolicy"),
  IMAGE_PULL_SECRETS("imagePullSecrets"),
  SETTINGS("settings"),
  SETTINGS_CONFIG_MAP("settingsConfigMap"),
  SETTINGS_CONFIG_MAP_CREATE("settingsConfigMap.create"),
  RESOURCES("resources"),
  UPDATE_STRATEGY("updateStrategy"),
  PRIORITY_CLASS_NAME("priorityClassName"),
  RUNTIME_CLASS_NAME("runtimeClassName"),
  TERMINATION_GRACE_PERIOD_SECONDS("terminationGracePeriodSeconds"),
  MIN_READY_SECONDS("minReadySeconds"),
  REVISION_HISTORY_LIMIT("revisionHistoryLimit"),
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
  EXTRA_ENV("extraEnv"),
  EXTRA_ENV_FROM("extraEnvFrom"),
  EXTRA_VOLUMES("extraVolumes"),
  EXTRA_VOLUME_MOUNTS("extraVolumeMounts"),
  INIT_CONTAINERS("initContainers"),
  EXTRA_CONTAINERS("extraContainers"),
  CACHE_ORIGINS("cacheOrigins"),
  STRICT("strict"),
  GLOBAL("global"),
  ENABLED("enabled");

  private final String path;

  ChartValue(String path) {
    this.path = path;
  }

  /** Where the value sits in values.yaml, dot-separated: {@code images.pullPolicy}. */
  public String path() {
    return path;
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

  /** The top-level keys of values.yaml, in order. */
  public static List<String> topLevelKeys() {
    return Arrays.stream(values()).filter(ChartValue::topLevel).map(ChartValue::path).toList();
  }
}
