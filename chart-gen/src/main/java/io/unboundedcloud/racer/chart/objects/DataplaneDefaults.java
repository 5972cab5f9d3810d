package io.unboundedcloud.racer.chart.objects;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.chart.template.VariantSpace;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Map;

/**
 * What the dataplane builder renders for the fields a chart value may replace whole: the values'
 * defaults and their documentation are read from here, so neither restates the builder. The
 * templates replace these very subtrees, which must be the same in every variant (or generation
 * fails, naming the unused default).
 */
public final class DataplaneDefaults {
  private DataplaneDefaults() {}

  /** The dataplane container's image pull policy. */
  public static String pullPolicy() {
    return container().getImagePullPolicy();
  }

  /** The dataplane container's resources, as a plain tree. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> resources() {
    return (Map<String, Object>) ModelTree.valueOf(container().getResources());
  }

  /** The DaemonSet's update strategy, as a plain tree. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> updateStrategy() {
    return (Map<String, Object>) ModelTree.valueOf(daemonSet().getSpec().getUpdateStrategy());
  }

  /** The dataplane pods' grace period, in seconds. */
  public static long terminationGracePeriodSeconds() {
    return daemonSet().getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
  }

  /** The DaemonSet's minReadySeconds. */
  public static int minReadySeconds() {
    return daemonSet().getSpec().getMinReadySeconds();
  }

  private static Container container() {
    return daemonSet().getSpec().getTemplate().getSpec().getContainers().stream()
        .filter(c -> Dataplane.CONTAINER_NAME.equals(c.getName()))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the dataplane builder made no " + Dataplane.CONTAINER_NAME + " container"));
  }

  private static DaemonSet daemonSet() {
    VariantSpace space = DataplaneSwitches.space();
    return Dataplane.daemonSet(
        DataplaneSwitches.config(space.variants().get(0)),
        Sentinels.SETTINGS_HASH,
        Sentinels.SETTINGS_RECORD);
  }
}
