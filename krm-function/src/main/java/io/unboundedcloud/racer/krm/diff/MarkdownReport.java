package io.unboundedcloud.racer.krm.diff;

import java.util.List;

/**
 * {@code --output markdown}, a pull-request comment: one summary line, the warnings of each side
 * (with its side and file), a table of the workloads (rollout or not, why, pace), and the field
 * changes in a collapsible block. Every name and value goes through {@link MarkdownText}, so none
 * can close the block, a cell or a fence, or hide the rest of the comment.
 */
final class MarkdownReport {
  private MarkdownReport() {}

  static String of(DiffReport report) {
    StringBuilder text = new StringBuilder();
    text.append(summary(report)).append("\n\n");
    if (!report.findings().isEmpty()) {
      // each with its side and file: a PR comment is where a reviewer reads them
      text.append("Warnings:\n\n```text\n");
      report.findings().forEach(finding -> text.append(finding.toLine()).append('\n'));
      text.append("```\n\n");
    }
    List<ObjectChange> workloads =
        report.objects().stream()
            .filter(o -> o.rollout() != null || isWorkloadCreatedOrDeleted(o))
            .toList();
    if (!workloads.isEmpty()) {
      text.append("| Workload | Rollout | Why | Pace |\n");
      text.append("| --- | --- | --- | --- |\n");
      for (ObjectChange workload : workloads) {
        text.append("| ")
            .append(MarkdownText.codeCell(workload.key().describe()))
            .append(" | ")
            .append(rollout(workload))
            .append(" | ")
            .append(MarkdownText.text(String.join("; ", workload.reasons())))
            .append(" | ")
            .append(MarkdownText.text(workload.pace() == null ? "" : workload.pace()))
            .append(" |\n");
      }
      text.append('\n');
    }
    long fields = report.objects().stream().mapToLong(o -> o.fields().size()).sum();
    if (!report.objects().isEmpty()) {
      text.append("<details>\n<summary>Changes: ")
          .append(fields)
          .append(fields == 1 ? " field" : " fields")
          .append(" in ")
          .append(report.objects().size())
          .append(report.objects().size() == 1 ? " object" : " objects")
          .append("</summary>\n\n");
      StringBuilder changes = new StringBuilder();
      for (ObjectChange object : report.objects()) {
        changes.append(TextReport.headline(object)).append('\n');
        for (String line : TextReport.details(object)) {
          changes.append("  ").append(line).append('\n');
        }
      }
      text.append(MarkdownText.codeBlock("text", changes.toString())).append("\n</details>\n");
    }
    return text.toString();
  }

  /** The one summary line. */
  static String summary(DiffReport report) {
    List<String> rolling =
        report.rolling().stream().map(o -> MarkdownText.text(o.key().describe())).toList();
    String verdict =
        rolling.isEmpty()
            ? "no rollout"
            : "**rollout** of "
                + rolling.size()
                + (rolling.size() == 1 ? " workload" : " workloads")
                + " ("
                + String.join(", ", rolling)
                + ")";
    List<String> stopping =
        report.stopping().stream().map(o -> MarkdownText.text(o.key().describe())).toList();
    if (!stopping.isEmpty()) {
      verdict =
          "**deletes** "
              + String.join(", ", stopping)
              + ": the Racer cache stops on every node; "
              + verdict;
    }
    return "**racer-krm diff**: "
        + verdict
        + "; "
        + report.count(ObjectChange.Change.CHANGED)
        + " changed, "
        + report.count(ObjectChange.Change.ADDED)
        + " added, "
        + report.count(ObjectChange.Change.REMOVED)
        + " removed, "
        + report.unchanged()
        + " unchanged";
  }

  private static boolean isWorkloadCreatedOrDeleted(ObjectChange object) {
    return object.change() != ObjectChange.Change.CHANGED
        && io.unboundedcloud.racer.krm.rollout.TemplateComparison.hasPodTemplate(
            object.key().kind());
  }

  private static String rollout(ObjectChange workload) {
    return switch (workload.change()) {
      case ADDED -> "created";
      case REMOVED -> "deleted";
      case CHANGED -> workload.rolls() ? "**yes**" : "no";
    };
  }
}
