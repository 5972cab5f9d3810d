package io.unboundedcloud.racer.krm.rollout;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether replacing one version of a workload by another restarts its pods: the two {@code spec}s,
 * each completed with what the API server defaults ({@link ApiServerDefaults#filled}), compared
 * field by field; a difference inside the pod template rolls the pods, one elsewhere in {@code
 * spec} (the update strategy, the replica count) does not. A default written on one side and left
 * out on the other is no difference. adopt's verdict and {@code racer-krm diff} both judge through
 * here, so that the two never disagree on what rolls.
 *
 * @param template the differences inside the pod template, in the first workload's order
 * @param elsewhere the other differences of {@code spec}
 */
public record TemplateComparison(List<Difference> template, List<Difference> elsewhere) {
  /** The kinds with a pod template: a cache origin is one of these. */
  public static final Set<String> KINDS =
      Set.of("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob", "Pod");

  public TemplateComparison {
    template = List.copyOf(template);
    elsewhere = List.copyOf(elsewhere);
  }

  /**
   * Compares two versions of one workload (plain trees of the same kind; neither is changed).
   *
   * @param before the workload as it runs (adopt: live) or was (diff: the old side)
   * @param after what replaces it
   */
  public static TemplateComparison of(Map<String, Object> before, Map<String, Object> after) {
    Object beforeSpec = ApiServerDefaults.filled(before).get("spec");
    Object afterSpec = ApiServerDefaults.filled(after).get("spec");
    FieldPath templateAt = templatePath(String.valueOf(before.get("kind")));
    List<Difference> template = new ArrayList<>();
    List<Difference> elsewhere = new ArrayList<>();
    for (Difference difference :
        Difference.between(beforeSpec, afterSpec, FieldPath.root().key("spec"))) {
      (difference.at().startsWith(templateAt) ? template : elsewhere).add(difference);
    }
    return new TemplateComparison(template, elsewhere);
  }

  /** Whether the pods restart: the pod templates differ beyond what the server defaults. */
  public boolean rolls() {
    return !template.isEmpty();
  }

  /** Whether a kind has a pod template ({@link #KINDS}). */
  public static boolean hasPodTemplate(String kind) {
    return KINDS.contains(kind);
  }

  /** Where a kind keeps its pod template. */
  public static FieldPath templatePath(String kind) {
    return FieldPath.of(
        switch (kind) {
          case "Pod" -> "spec";
          case "CronJob" -> "spec.jobTemplate.spec.template";
          default -> "spec.template";
        });
  }

  /** A workload's pod template, or {@code null} when it has none. */
  public static Map<String, Object> podTemplate(Map<String, Object> workload) {
    return PlainTrees.asMap(templatePath(String.valueOf(workload.get("kind"))).valueIn(workload));
  }
}
