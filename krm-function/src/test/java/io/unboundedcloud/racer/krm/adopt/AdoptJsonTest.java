package io.unboundedcloud.racer.krm.adopt;

import static io.unboundedcloud.racer.krm.adopt.LiveDumps.fixture;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.objects;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code adopt --output json} against what the same run prints without it: the manifests of the
 * YAML output, the result lines of stderr, the values file; and against docs/adopt.schema.json.
 */
@Tag("slow")
@DisplayName(
    "racer-krm adopt --output json: the verdict, results, manifests and values as one document")
class AdoptJsonTest {
  private static final String SCHEMA = "docs/adopt.schema.json";
  private static final String LIST = "operator-dump.yaml";
  private static final String LIVE_HASH =
      "0c405d200d223380adb2463e7baeda541377b004c85f01a770b80e47338555eb";

  @TempDir Path dir;

  private static KrmRun adopt(Path dump, String... flags) {
    List<String> args = new ArrayList<>(List.of("adopt"));
    args.addAll(List.of(flags));
    args.add(dump.toString());
    return KrmRun.command(args.toArray(String[]::new));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> report(KrmRun run) {
    Object tree = new Yaml().load(run.stdout());
    KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(tree));
    return (Map<String, Object>) tree;
  }

  /** Each result as its line on stderr reads: severity, then the message. */
  @SuppressWarnings("unchecked")
  private static List<String> resultHeads(Map<String, Object> report) {
    return ((List<Map<String, Object>>) report.get("results"))
        .stream().map(result -> result.get("severity") + ": " + result.get("message")).toList();
  }

  private static List<String> resultLines(KrmRun run) {
    return run.stderrLines().stream()
        .filter(line -> line.matches("^(error|warning|info): .*"))
        .filter(line -> !line.startsWith("info: helm: wrote the chart values"))
        .toList();
  }

  @Test
  @DisplayName(
      "no rollout: exit 0, the manifests of the YAML output in its order, each stderr line a result, no values")
  void noRollout() {
    KrmRun yaml = adopt(fixture(LIST));
    KrmRun json = adopt(fixture(LIST), "--output", "json");

    assertThat(json.exitCode()).as(json.describe()).isZero();
    Map<String, Object> report = report(json);
    assertThat(report)
        .containsEntry("adopted", true)
        .containsEntry("rollout", List.of())
        .containsEntry("chartValues", null)
        .containsEntry("helmCommands", List.of());
    assertThat(report.get("manifests")).isEqualTo(objects(yaml.stdout()));
    assertThat(json.stderr()).isEqualTo(yaml.stderr());
    List<String> lines = resultLines(json);
    List<String> heads = resultHeads(report);
    assertThat(heads)
        .hasSameSizeAs(lines)
        .anyMatch(head -> head.startsWith("info: verdict: no rollout"));
    for (int i = 0; i < heads.size(); i++) {
      assertThat(lines.get(i)).startsWith(heads.get(i));
    }
  }

  @Test
  @DisplayName("--chart-values: the values written to the file, and the commands printed on stderr")
  void chartValues() throws IOException {
    Path values = dir.resolve("values.yaml");
    KrmRun json = adopt(fixture(LIST), "--chart-values", values.toString(), "--output", "json");

    assertThat(json.exitCode()).as(json.describe()).isZero();
    Map<String, Object> report = report(json);
    assertThat(report.get("chartValues")).isEqualTo(new Yaml().load(Files.readString(values)));
    List<String> printed =
        json.stderrLines().stream()
            .filter(line -> line.startsWith("  "))
            .map(String::strip)
            .toList();
    assertThat(printed).isNotEmpty();
    assertThat(report.get("helmCommands")).isEqualTo(printed);
  }

  @Test
  @DisplayName(
      "--fail-on-rollout on a stale settings-hash: exit 1, the DaemonSet named as rolling, the errors, no manifests")
  void failOnRollout() throws IOException {
    String dump = text(fixture(LIST));
    assertThat(dump).contains(LIVE_HASH);
    Path stale = dir.resolve("stale.yaml");
    // letters: 64 zeros written plain are a number to kubectl, which the API server refuses
    Files.writeString(stale, dump.replace(LIVE_HASH, "f".repeat(64)));

    KrmRun json = adopt(stale, "--fail-on-rollout", "--output", "json");

    assertThat(json.exitCode()).isEqualTo(1);
    Map<String, Object> report = report(json);
    assertThat(report)
        .containsEntry("adopted", false)
        .containsEntry("manifests", List.of())
        .containsEntry(
            "rollout",
            List.of(
                Map.of(
                    "apiVersion", "apps/v1",
                    "kind", "DaemonSet",
                    "namespace", "racer-system",
                    "name", "racer")));
    assertThat(resultHeads(report))
        .anyMatch(head -> head.startsWith("error: verdict: ROLLOUT: applying these manifests"));
  }

  @Test
  @DisplayName("the schema refuses a report that keeps manifests beside an error")
  void schemaRefuses() {
    Map<String, Object> broken =
        Map.of(
            "adopted",
            false,
            "rollout",
            List.of(),
            "results",
            List.of(Map.of("message", "cannot pin the images", "severity", "error")),
            "manifests",
            List.of(
                Map.of("apiVersion", "v1", "kind", "ConfigMap", "metadata", Map.of("name", "x"))),
            "chartValues",
            Map.of(),
            "helmCommands",
            List.of());
    assertThatThrownBy(() -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(broken)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("/manifests");
  }
}
