package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.PrintableText;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --output text}, the default: per object added, removed or changed one line, then for a
 * changed workload whether it rolls, why and at what pace, then each field with its old and new
 * value; the count of unchanged objects; last, the verdict.
 *
 * <pre>
 * DaemonSet racer-system/racer: changed, rollout
 *   why: racer-settings changed: RACER_LOG_LEVEL "info" -&gt; "debug"
 *   pace: one node at a time (maxUnavailable 1), the next as soon as the new pods are ready
 *   spec.template.metadata.annotations["racer.unbounded-cloud.io/settings-hash"]: "1a2b" -&gt; "3c4d"
 * 2 objects unchanged
 * rollout: DaemonSet racer-system/racer
 * </pre>
 */
final class TextReport {
  private TextReport() {}

  static String of(DiffReport report) {
    StringBuilder text = new StringBuilder();
    for (ObjectChange object : report.objects()) {
      text.append(headline(object)).append('\n');
      for (String line : details(object)) {
        text.append("  ").append(line).append('\n');
      }
    }
    text.append(unchanged(report.unchanged())).append('\n');
    text.append(verdict(report)).append('\n');
    return text.toString();
  }

  /** {@code DaemonSet racer-system/racer: changed, rollout}. */
  static String headline(ObjectChange object) {
    String rollout =
        object.stops()
            ? ", stops the cache on every node"
            : object.rollout() == null ? "" : object.rolls() ? ", rollout" : ", no rollout";
    return PrintableText.of(object.key().describe()) + ": " + object.change().word() + rollout;
  }

  /** The lines under an object's headline: why, pace, then the fields. */
  static List<String> details(ObjectChange object) {
    List<String> lines = new ArrayList<>();
    object.reasons().forEach(reason -> lines.add("why: " + reason));
    if (object.pace() != null) {
      lines.add("pace: " + object.pace());
    }
    object.fields().forEach(field -> lines.add(field(field)));
    // names, keys and values from the manifests: none may start a line of its own
    lines.replaceAll(PrintableText::of);
    return lines;
  }

  /** {@code data.RACER_PEER_PORT: "9000" -> "9090"}. */
  static String field(FieldChange field) {
    return field.path()
        + (field.reordered() ? " (order)" : "")
        + ": "
        + PlainTrees.inline(field.before())
        + " -> "
        + PlainTrees.inline(field.after());
  }

  static String unchanged(int count) {
    return count + (count == 1 ? " object" : " objects") + " unchanged";
  }

  /**
   * {@code rollout: DaemonSet racer-system/racer}, {@code rollout: DaemonSet racer-system/racer
   * (deleted)} or {@code rollout: none}.
   */
  static String verdict(DiffReport report) {
    List<String> disrupted = new ArrayList<>();
    report.rolling().forEach(o -> disrupted.add(PrintableText.of(o.key().describe())));
    report
        .stopping()
        .forEach(o -> disrupted.add(PrintableText.of(o.key().describe()) + " (deleted)"));
    return "rollout: " + (disrupted.isEmpty() ? "none" : String.join(", ", disrupted));
  }
}
