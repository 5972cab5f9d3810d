package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.Map;

/**
 * How a rollout of a workload proceeds under its update strategy, in words: one node at a time and
 * the wait between, a share of the nodes at a time, or only as pods are deleted. Read from the
 * workload completed with the API server's defaults, so that an absent strategy reads as the
 * default one.
 */
final class Pace {
  private Pace() {}

  /** The pace of a workload (a plain tree completed with the server's defaults). */
  static String of(Map<String, Object> workload) {
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

  private static String daemonSet(Map<String, Object> spec) {
    Object type = FieldPath.of("updateStrategy.type").valueIn(spec);
    if ("OnDelete".equals(type)) {
      return "OnDelete: a node's pod changes only when it is deleted";
    }
    Object unavailable = FieldPath.of("updateStrategy.rollingUpdate.maxUnavailable").valueIn(spec);
    Object surge = FieldPath.of("updateStrategy.rollingUpdate.maxSurge").valueIn(spec);
    String share;
    if (!isZero(surge)) {
      share =
          nodes(surge)
              + " at a time, each new pod started before the old one stops (maxSurge "
              + surge
              + ")";
    } else {
      share = nodes(unavailable) + " at a time (maxUnavailable " + unavailable + ")";
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
    Object type = FieldPath.of("strategy.type").valueIn(spec);
    if ("Recreate".equals(type)) {
      return "Recreate: every pod stopped, then all recreated";
    }
    Object unavailable = FieldPath.of("strategy.rollingUpdate.maxUnavailable").valueIn(spec);
    Object surge = FieldPath.of("strategy.rollingUpdate.maxSurge").valueIn(spec);
    return "rolling: up to "
        + (unavailable == null ? "25%" : unavailable)
        + " of the replicas unavailable and "
        + (surge == null ? "25%" : surge)
        + " extra at a time, "
        + waitBetween(spec);
  }

  private static String statefulSet(Map<String, Object> spec) {
    Object type = FieldPath.of("updateStrategy.type").valueIn(spec);
    if ("OnDelete".equals(type)) {
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
