package io.unboundedcloud.racer.krm.rollout;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.Map;

/**
 * How a rollout of a workload proceeds under its update strategy, in words: one node at a time and
 * the wait between, a share of the nodes at a time, or only as pods are deleted. Read from the
 * workload completed with the API server's defaults, so that an absent strategy reads as the
 * default one. adopt's verdict and diff say it alike.
 */
public final class Pace {
  private Pace() {}

  /**
   * The pace of a workload (a plain tree completed with the server's defaults, {@link
   * ApiServerDefaults#filled}), or {@code null} for a kind without a pod template.
   */
  public static String of(Map<String, Object> workload) {
    String kind = String.valueOf(workload.get("kind"));
    Map<String, Object> spec = PlainTrees.asMap(workload.get("spec"));
    if (spec == null) {
      spec = Map.of();
    }
    return switch (kind) {
      case "DaemonSet" -> daemonSet(spec);
      case "Deployment" -> deployment(spec);
      case "StatefulSet" -> statefulSet(spec);
      case "ReplicaSet" ->
          "pods change only as they are deleted (a ReplicaSet never replaces a running pod)";
      case "Job" -> "a Job's pod template cannot change once created: delete the Job, then apply";
      case "CronJob" -> "from the next Job it starts; running Jobs keep their pods";
      case "Pod" -> "a Pod changes only when deleted and created again";
      default -> null;
    };
  }

  /**
   * An update strategy: its type and its rolling update's two limits ({@code null} when absent).
   */
  private record Strategy(Object type, Object unavailable, Object surge) {
    static Strategy of(Map<String, Object> spec, String field) {
      FieldPath at = FieldPath.root().key(field);
      return new Strategy(
          at.key("type").valueIn(spec),
          at.key("rollingUpdate").key("maxUnavailable").valueIn(spec),
          at.key("rollingUpdate").key("maxSurge").valueIn(spec));
    }
  }

  private static String daemonSet(Map<String, Object> spec) {
    Strategy strategy = Strategy.of(spec, "updateStrategy");
    if ("OnDelete".equals(strategy.type())) {
      return "OnDelete: a node's pod changes only when it is deleted";
    }
    String share;
    if (!isZero(strategy.surge())) {
      share =
          nodes(strategy.surge())
              + " at a time, each new pod started before the old one stops (maxSurge "
              + strategy.surge()
              + ")";
    } else {
      share =
          nodes(strategy.unavailable())
              + " at a time (maxUnavailable "
              + strategy.unavailable()
              + ")";
    }
    return share + ", " + waitBetween(spec);
  }

  private static String nodes(Object count) {
    if (count instanceof String text && text.endsWith("%")) {
      return text + " of the nodes";
    }
    return PlainTrees.same(count, 1) ? "one node" : count + " nodes";
  }

  private static String waitBetween(Map<String, Object> spec) {
    Object seconds = spec.get("minReadySeconds");
    if (seconds == null || isZero(seconds)) {
      return "the next as soon as the new pods are ready";
    }
    return seconds + " s between (minReadySeconds), once the new pods are ready";
  }

  private static String deployment(Map<String, Object> spec) {
    Strategy strategy = Strategy.of(spec, "strategy");
    if ("Recreate".equals(strategy.type())) {
      return "Recreate: every pod stopped, then all recreated";
    }
    // apps/v1 SetDefaults_Deployment: 25% and 25%
    return "rolling: up to "
        + (strategy.unavailable() == null ? "25%" : strategy.unavailable())
        + " of the replicas unavailable and "
        + (strategy.surge() == null ? "25%" : strategy.surge())
        + " extra at a time, "
        + waitBetween(spec);
  }

  private static String statefulSet(Map<String, Object> spec) {
    if ("OnDelete".equals(Strategy.of(spec, "updateStrategy").type())) {
      return "OnDelete: a pod changes only when it is deleted";
    }
    Object partition = FieldPath.of("updateStrategy.rollingUpdate.partition").valueIn(spec);
    return "one pod at a time, highest ordinal first"
        + (partition == null || isZero(partition)
            ? ""
            : ", only the ordinals from " + partition + " (partition)")
        + ", "
        + waitBetween(spec);
  }

  private static boolean isZero(Object value) {
    return value == null || PlainTrees.same(value, 0) || "0%".equals(value) || "0".equals(value);
  }
}
