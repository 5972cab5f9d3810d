package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.rollout.Pace;
import io.unboundedcloud.racer.krm.rollout.TemplateComparison;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What applying an object in place of the live one does to a workload: its pod template differs
 * from the live one (apart from what the API server defaults), which restarts every pod, or not.
 * Changes outside the template restart nothing and are listed apart.
 *
 * @param workload how messages name the workload ({@code DaemonSet racer/racer})
 * @param ref the workload, for results
 * @param template the pod template's differences, with their reasons
 * @param elsewhere the other differences of {@code spec}, with their reasons
 * @param pace how a rollout proceeds under the replacement's update strategy ({@link Pace})
 */
record Rollout(
    String workload, ResourceRef ref, List<Change> template, List<Change> elsewhere, String pace) {
  /** One difference and why it is there. */
  record Change(Difference difference, String reason) {}

  /**
   * Compares a workload as it runs with what would replace it, both completed with the server's
   * defaults ({@link TemplateComparison}).
   *
   * @param reason why a difference is there
   */
  static Rollout of(
      String workload,
      ResourceRef ref,
      Map<String, Object> live,
      Map<String, Object> replacement,
      Function<Difference, String> reason) {
    TemplateComparison comparison = TemplateComparison.of(live, replacement);
    return new Rollout(
        workload,
        ref,
        withReasons(comparison.template(), reason),
        withReasons(comparison.elsewhere(), reason),
        Pace.of(ApiServerDefaults.filled(replacement)));
  }

  private static List<Change> withReasons(
      List<Difference> differences, Function<Difference, String> reason) {
    return differences.stream()
        .map(difference -> new Change(difference, reason.apply(difference)))
        .toList();
  }

  /** Whether applying restarts the workload's pods. */
  boolean rolls() {
    return !template.isEmpty();
  }

  /**
   * One result per template change, at {@code severity}, each naming the field, both values and
   * why.
   */
  List<Result> templateResults(Severity severity, String prefix) {
    return template.stream().map(change -> result(severity, prefix, change)).toList();
  }

  /** One result per change outside the template, at {@code severity}. */
  List<Result> elsewhereResults(Severity severity, String prefix) {
    return elsewhere.stream().map(change -> result(severity, prefix, change)).toList();
  }

  private Result result(Severity severity, String prefix, Change change) {
    Difference difference = change.difference();
    String values =
        difference.reordered()
            ? "live order "
                + String.join(", ", names(difference.before()))
                + "; new order "
                + String.join(", ", names(difference.after()))
            : "live "
                + PlainTrees.shown(difference.before())
                + ", new "
                + PlainTrees.shown(difference.after());
    return Result.of(
        severity, prefix + values + ": " + change.reason(), ref, difference.at().toString());
  }

  private static List<String> names(Object list) {
    return ((List<?>) list).stream().map(String::valueOf).toList();
  }
}
