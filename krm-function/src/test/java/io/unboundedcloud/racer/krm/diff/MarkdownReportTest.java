package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.diff.ObjectChange.Change;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code diff --output markdown} on reports built by hand: the summary line counts each kind of
 * change and names what rolls and what is deleted, the table holds exactly the workloads, and the
 * collapsible block counts fields and objects.
 */
@DisplayName("MarkdownReport: the pull-request comment of a diff")
class MarkdownReportTest {
  private static final ObjectKey DATAPLANE =
      new ObjectKey("apps/v1", "DaemonSet", "racer", "racer");
  private static final ObjectKey ORIGIN =
      new ObjectKey("apps/v1", "DaemonSet", "models", "models-origin");
  private static final ObjectKey WEB = new ObjectKey("apps/v1", "Deployment", "racer", "web");
  private static final ObjectKey SETTINGS =
      new ObjectKey("v1", "ConfigMap", "racer", "racer-settings");
  private static final ObjectKey EXTRA = new ObjectKey("v1", "ConfigMap", "racer", "extra");

  private static FieldChange field(String path, Object before, Object after) {
    return new FieldChange(FieldPath.of(path), before, after, false);
  }

  private static ObjectChange changedConfigMap(ObjectKey key, FieldChange... fields) {
    return new ObjectChange(key, Change.CHANGED, null, null, List.of(), List.of(fields));
  }

  private static ObjectChange rolling(ObjectKey key, String reason, String pace) {
    return new ObjectChange(
        key,
        Change.CHANGED,
        true,
        pace,
        List.of(reason),
        List.of(field("spec.template.spec.nodeName", "a", "b")));
  }

  private static ObjectChange added(ObjectKey key) {
    return new ObjectChange(key, Change.ADDED, null, null, List.of(), List.of());
  }

  private static ObjectChange removed(ObjectKey key, boolean stops) {
    return new ObjectChange(
        key,
        Change.REMOVED,
        null,
        null,
        stops ? List.of(CacheWorkloads.STOPS) : List.of(),
        List.of(),
        stops);
  }

  private static List<String> tableRows(String markdown) {
    return markdown.lines().filter(line -> line.startsWith("| ")).toList();
  }

  @Nested
  @DisplayName("the summary line")
  class Summary {
    @Test
    @DisplayName("counts changed, added, removed and unchanged objects each on its own")
    void counts() {
      DiffReport report =
          new DiffReport(
              List.of(
                  added(WEB),
                  added(EXTRA),
                  changedConfigMap(SETTINGS, field("data.a", "1", "2")),
                  changedConfigMap(EXTRA, field("data.b", "1", "2")),
                  changedConfigMap(SETTINGS, field("data.c", "1", "2")),
                  removed(ORIGIN, false)),
              4);

      assertThat(report.count(Change.CHANGED)).isEqualTo(3);
      assertThat(report.count(Change.ADDED)).isEqualTo(2);
      assertThat(report.count(Change.REMOVED)).isEqualTo(1);
      assertThat(MarkdownReport.summary(report))
          .isEqualTo("**racer-krm diff**: no rollout; 3 changed, 2 added, 1 removed, 4 unchanged");
    }

    @Test
    @DisplayName("one workload that rolls: named, in the singular")
    void oneRollout() {
      DiffReport report = new DiffReport(List.of(rolling(DATAPLANE, "why", null)), 0);
      assertThat(MarkdownReport.summary(report))
          .isEqualTo(
              "**racer-krm diff**: **rollout** of 1 workload (DaemonSet racer/racer); 1 changed,"
                  + " 0 added, 0 removed, 0 unchanged");
    }

    @Test
    @DisplayName("two workloads that roll: both named, in the plural")
    void twoRollouts() {
      DiffReport report =
          new DiffReport(List.of(rolling(DATAPLANE, "a", null), rolling(WEB, "b", null)), 1);
      assertThat(MarkdownReport.summary(report))
          .startsWith(
              "**racer-krm diff**: **rollout** of 2 workloads (DaemonSet racer/racer, Deployment"
                  + " racer/web); 2 changed");
    }

    @Test
    @DisplayName("a deleted cache origin comes first: the cache stops on every node")
    void deletion() {
      DiffReport report =
          new DiffReport(List.of(removed(ORIGIN, true), rolling(DATAPLANE, "why", null)), 0);
      assertThat(MarkdownReport.summary(report))
          .isEqualTo(
              "**racer-krm diff**: **deletes** DaemonSet models/models-origin: the Racer cache"
                  + " stops on every node; **rollout** of 1 workload (DaemonSet racer/racer); 1"
                  + " changed, 0 added, 1 removed, 0 unchanged");
    }
  }

  @Nested
  @DisplayName("the table of workloads")
  class Workloads {
    @Test
    @DisplayName(
        "a row per workload created, deleted, rolled or not; none for a ConfigMap, changed or added")
    void rows() {
      ObjectChange notRolling =
          new ObjectChange(
              ORIGIN,
              Change.CHANGED,
              false,
              "all at once",
              List.of(),
              List.of(field("spec.minReadySeconds", 0, 5)));
      DiffReport report =
          new DiffReport(
              List.of(
                  rolling(DATAPLANE, "racer-settings changed", "one node at a time"),
                  notRolling,
                  added(WEB),
                  removed(new ObjectKey("apps/v1", "DaemonSet", "racer", "old"), false),
                  added(EXTRA),
                  changedConfigMap(SETTINGS, field("data.a", "1", "2"))),
              0);

      assertThat(tableRows(MarkdownReport.of(report)))
          .containsExactly(
              "| Workload | Rollout | Why | Pace |",
              "| --- | --- | --- | --- |",
              "| `DaemonSet racer/racer` | **yes** | racer-settings changed | one node at a time |",
              "| `DaemonSet models/models-origin` | no |  | all at once |",
              "| `Deployment racer/web` | created |  |  |",
              "| `DaemonSet racer/old` | deleted |  |  |");
    }

    @Test
    @DisplayName("no workload: no table")
    void none() {
      DiffReport report =
          new DiffReport(List.of(changedConfigMap(SETTINGS, field("data.a", "1", "2"))), 3);
      assertThat(tableRows(MarkdownReport.of(report))).isEmpty();
    }
  }

  @Nested
  @DisplayName("the block of changes")
  class Changes {
    @Test
    @DisplayName("one field in one object, in the singular, the text report's lines inside")
    void singular() {
      DiffReport report =
          new DiffReport(List.of(changedConfigMap(SETTINGS, field("data.a", "1", "2"))), 0);
      assertThat(MarkdownReport.of(report))
          .contains(
              "<details>\n<summary>Changes: 1 field in 1 object</summary>\n\n```text\n"
                  + "ConfigMap racer/racer-settings: changed\n"
                  + "  data.a: \"1\" -> \"2\"\n"
                  + "```\n\n</details>\n");
    }

    @Test
    @DisplayName("fields counted over every object, objects added and removed among them")
    void plural() {
      DiffReport report =
          new DiffReport(
              List.of(
                  changedConfigMap(SETTINGS, field("data.a", "1", "2"), field("data.b", "1", "2")),
                  changedConfigMap(EXTRA, field("data.c", "1", "2")),
                  added(WEB)),
              0);
      assertThat(MarkdownReport.of(report))
          .contains("<summary>Changes: 3 fields in 3 objects</summary>");
    }

    @Test
    @DisplayName("nothing changed: the summary line alone")
    void nothing() {
      assertThat(MarkdownReport.of(new DiffReport(List.of(), 5)))
          .isEqualTo(
              "**racer-krm diff**: no rollout; 0 changed, 0 added, 0 removed, 5 unchanged\n\n");
    }
  }

  @Test
  @DisplayName("the warnings of each side in a text block, each line as stderr prints it")
  void warnings() {
    SideFinding finding =
        new SideFinding(Side.OLD, "old", Result.of(Severity.WARNING, "a warning", null, "data.x"));
    DiffReport report = new DiffReport(List.of(), 0).withFindings(List.of(finding));
    assertThat(MarkdownReport.of(report))
        .isEqualTo(
            "**racer-krm diff**: no rollout; 0 changed, 0 added, 0 removed, 0 unchanged\n\n"
                + "Warnings:\n\n```text\n"
                + "warning: OLD (old): a warning [field data.x]\n"
                + "```\n\n");
  }
}
