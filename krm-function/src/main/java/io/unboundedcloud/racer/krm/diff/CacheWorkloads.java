package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.rollout.TemplateComparison;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Map;

/**
 * The workloads the Racer cache runs as: the dataplane (a DaemonSet whose pod template carries the
 * two selector labels, whatever a build renamed it) and the cache origins (labelled {@link
 * CacheOrigin#LABEL}). Deleting one stops the cache, or a cache volume, on every node: never a
 * change without a rollout.
 */
final class CacheWorkloads {
  /** What the deletion of one does, as diff's reports say it. */
  static final String STOPS = "deleted: the Racer cache stops on every node it ran on";

  private CacheWorkloads() {}

  /** Whether {@code object} of this kind is the dataplane or a cache origin. */
  static boolean isCache(String kind, Map<String, Object> object) {
    if (!TemplateComparison.hasPodTemplate(kind)) {
      return false;
    }
    Map<String, Object> labels = PlainTrees.asMap(FieldPath.of("metadata.labels").valueIn(object));
    if (labels != null && labels.containsKey(CacheOrigin.LABEL)) {
      return true;
    }
    Map<String, Object> podLabels =
        PlainTrees.asMap(FieldPath.of("spec.template.metadata.labels").valueIn(object));
    return "DaemonSet".equals(kind)
        && podLabels != null
        && Dataplane.labels().entrySet().stream()
            .allMatch(label -> label.getValue().equals(podLabels.get(label.getKey())));
  }
}
