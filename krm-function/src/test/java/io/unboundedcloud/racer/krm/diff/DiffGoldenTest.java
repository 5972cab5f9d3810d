package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The three output formats of one diff, against the files in {@code src/test/resources/diff/golden}
 * (old and new: the quickstart, then a tuning and a shaping settings key, the image tag, a
 * ServiceAccount annotation, a ConfigMap removed and a Deployment added), and the JSON against
 * {@code docs/diff.schema.json}.
 */
@Tag("slow")
@DisplayName("racer-krm diff: golden text, markdown and JSON reports; the JSON matches its schema")
class DiffGoldenTest {
  private static final String SCHEMA = "docs/diff.schema.json";

  private static Path golden(String name) {
    try {
      return Path.of(DiffGoldenTest.class.getResource("/diff/golden/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KrmRun diff(String output) {
    return KrmRun.command(
        "diff", golden("old").toString(), golden("new").toString(), "--output", output);
  }

  @ParameterizedTest(name = "--output {0}")
  @ValueSource(strings = {"text", "markdown", "json"})
  @DisplayName("each format equals its golden file, and a second run prints the same bytes")
  void equalsGolden(String output) throws IOException {
    KrmRun run = diff(output);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stderr()).isEmpty();
    String extension = Map.of("text", "txt", "markdown", "md", "json", "json").get(output);
    assertThat(run.stdout()).isEqualTo(Files.readString(golden("expected." + extension)));
    assertThat(diff(output).stdout()).isEqualTo(run.stdout());
  }

  @Test
  @DisplayName("the JSON report matches docs/diff.schema.json, which refuses a broken report")
  void jsonMatchesSchema() {
    Object report = new Yaml().load(diff("json").stdout());
    KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(report));

    Map<String, Object> broken =
        Map.of(
            "rollout",
            true,
            "unchanged",
            0,
            "objects",
            List.of(
                Map.of(
                    "apiVersion",
                    "v1",
                    "kind",
                    "ConfigMap",
                    "namespace",
                    "racer",
                    "name",
                    "x",
                    "change",
                    "added",
                    "rollout",
                    true,
                    "pace",
                    "now",
                    "reasons",
                    List.of(),
                    "fields",
                    List.of())));
    assertThatThrownBy(() -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(broken)))
        .hasMessageContaining("/objects/0/rollout: must be null");
  }
}
