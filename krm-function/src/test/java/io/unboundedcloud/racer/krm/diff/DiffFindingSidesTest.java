package io.unboundedcloud.racer.krm.diff;

import static io.unboundedcloud.racer.krm.diff.DiffSides.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.diff.DiffSides.SETTINGS;
import static io.unboundedcloud.racer.krm.diff.DiffSides.folder;
import static io.unboundedcloud.racer.krm.diff.DiffSides.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * Every finding of a diff names its side and that side's file. Both sides hold the same objects
 * under the same file names (two commits of one folder), so a finding located through the other
 * side's record, or a record both share, names the wrong file: each kind of finding (a render
 * warning, a render error, an object twice on a side, a selector the API server refuses) is placed
 * on one side at a time and read back in each output format.
 */
@Tag("slow")
@DisplayName("racer-krm diff: every finding names its side (OLD or NEW) and that side's file")
class DiffFindingSidesTest {
  private static final String OUTPUTS = "text,markdown,json";
  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: racer
      spec:
        selector:
          matchLabels:
            app: web
        template:
          metadata:
            labels:
              app: web
          spec:
            containers:
            - name: web
              image: registry.example.com/web:1
      """;
  private static final String EXTRA =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: extra
        namespace: racer
      data:
        a: "1"
      """;

  @TempDir Path root;

  /** A side: the quickstart's inputs, with {@code settings} and more files. */
  private Path side(String name, String settings, String... more) {
    Path folder = inputs(root, name, settings, FUNCTION_CONFIG);
    return more.length == 0 ? folder : folder(root, name, more);
  }

  private static KrmRun diff(Path old, Path current, String output) {
    return KrmRun.command("diff", old.toString(), current.toString(), "--output", output);
  }

  static Stream<Arguments> sidesAndOutputs() {
    List<Arguments> cases = new ArrayList<>();
    for (Side side : Side.values()) {
      for (String output : OUTPUTS.split(",")) {
        cases.add(Arguments.of(side, output));
      }
    }
    return cases.stream();
  }

  /** The two sides, {@code faulty} placed on {@code side} and {@code clean} on the other. */
  private record Sides(Path old, Path current) {
    Path of(Side side) {
      return side == Side.OLD ? old : current;
    }

    Path other(Side side) {
      return side == Side.OLD ? current : old;
    }
  }

  private Sides sides(Side side, String[] faulty, String[] clean) {
    Path old = side(Side.OLD.word(), SETTINGS, side == Side.OLD ? faulty : clean);
    Path current = side(Side.NEW.word(), SETTINGS, side == Side.NEW ? faulty : clean);
    return new Sides(old, current);
  }

  private static String[] settings(String from, String to) {
    assertThat(SETTINGS).contains(from);
    return new String[] {"racer-settings.yaml", SETTINGS.replace(from, to)};
  }

  /** The finding lines on stderr: each a result line, its severity first. */
  private static List<String> findingLines(KrmRun run) {
    return run.stderrLines().stream()
        .filter(line -> line.startsWith("error: ") || line.startsWith("warning: "))
        .toList();
  }

  /** The one line a finding of {@code side} prints: its side and path, then its object's file. */
  private static void assertAttributed(String line, Side side, Sides sides, String file) {
    Path own = sides.of(side);
    assertThat(line)
        .as("the finding names its side and path")
        .containsPattern("^(error|warning): " + side + " \\(\\Q" + own + "\\E\\): ")
        .as("the object named in its side's file")
        .contains(" in " + own.resolve(file))
        .as("nothing of the other side")
        .doesNotContain(sides.other(side).toString());
  }

  @ParameterizedTest(name = "on {0}, --output {1}")
  @MethodSource("sidesAndOutputs")
  @DisplayName(
      "a warning of rendering (an unknown settings key, too far from a catalog key to be a typo): on stderr with its side and file, and in the Markdown and JSON reports")
  void renderWarning(Side side, String output) {
    Sides sides =
        sides(
            side,
            settings(
                "  RACER_NVIDIA: \"off\"\n",
                "  RACER_NVIDIA: \"off\"\n  RACER_NVIDIA_CDI: \"off\"\n"),
            new String[0]);

    KrmRun run = diff(sides.old(), sides.current(), output);

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    List<String> lines = findingLines(run);
    assertThat(lines).hasSize(1);
    String line = lines.get(0);
    assertThat(line).startsWith("warning: ").contains("RACER_NVIDIA_CDI").contains("RACER_NVIDIA?");
    assertAttributed(line, side, sides, "racer-settings.yaml");
    Map<String, Object> finding = reportedWarning(run, output, line, side, sides);
    if (finding != null) {
      assertThat(finding)
          .containsEntry("file", sides.of(side).resolve("racer-settings.yaml").toString())
          .containsEntry("field", "data.RACER_NVIDIA_CDI")
          .containsEntry(
              "object",
              Map.of(
                  "apiVersion", "v1",
                  "kind", "ConfigMap",
                  "namespace", "racer",
                  "name", "racer-settings"));
    }
  }

  /**
   * The warning {@code line} in the report of {@code output}: not in the text report, the line
   * itself in the Markdown one; in the JSON one its finding, with its side, path and message,
   * returned for the caller's checks ({@code null} for the other forms).
   */
  private static Map<String, Object> reportedWarning(
      KrmRun run, String output, String line, Side side, Sides sides) {
    switch (output) {
      case "text" -> assertThat(run.stdout()).doesNotContain("warning");
      case "markdown" -> assertThat(run.stdout()).contains("```text\n" + line + "\n```\n");
      default -> {
        Map<String, Object> finding = onlyFinding(run);
        assertThat(finding)
            .containsEntry("side", side.word())
            .containsEntry("path", sides.of(side).toString())
            .containsEntry("severity", "warning");
        assertThat(line).contains((String) finding.get("message"));
        Object report = new Yaml().load(run.stdout());
        KubernetesSchema.assertMatchesJsonSchema("docs/diff.schema.json", List.of(report));
        return finding;
      }
    }
    return null;
  }

  @ParameterizedTest(name = "on {0}, --output {1}")
  @MethodSource("sidesAndOutputs")
  @DisplayName(
      "a kustomization beside the manifests, not read: a warning with its side and its file, in the Markdown and JSON reports")
  void unreadKustomization(Side side, String output) {
    Sides sides =
        sides(
            side,
            new String[] {"kustomization.yaml", "resources:\n- racer-settings.yaml\n"},
            new String[0]);
    Path kustomization = sides.of(side).resolve("kustomization.yaml");

    KrmRun run = diff(sides.old(), sides.current(), output);

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stderrLines()).as("the warning only as a finding").hasSize(1);
    String line = findingLines(run).get(0);
    assertThat(line)
        .startsWith("warning: " + side + " (" + sides.of(side) + "): " + kustomization)
        .contains(" is not read: diff reads manifests only, and it is a kustomization")
        .doesNotContain(sides.other(side).toString());
    Map<String, Object> finding = reportedWarning(run, output, line, side, sides);
    if (finding != null) {
      assertThat(finding)
          .containsEntry("file", kustomization.toString())
          .containsEntry("object", null)
          .containsEntry("field", null);
      assertThat(line).endsWith((String) finding.get("message"));
    }
  }

  @ParameterizedTest(name = "on {0}, --output {1}")
  @MethodSource("sidesAndOutputs")
  @DisplayName(
      "an error of rendering (RACER_NVIDIA: \"yes\"): exit 1, nothing on stdout, its side and file on stderr")
  void renderError(Side side, String output) {
    Sides sides =
        sides(side, settings("RACER_NVIDIA: \"off\"", "RACER_NVIDIA: \"yes\""), new String[0]);

    KrmRun run = diff(sides.old(), sides.current(), output);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).isEmpty();
    List<String> lines = findingLines(run);
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("error: ").contains("field data.RACER_NVIDIA]");
    assertAttributed(lines.get(0), side, sides, "racer-settings.yaml");
  }

  @ParameterizedTest(name = "on {0}, --output {1}")
  @MethodSource("sidesAndOutputs")
  @DisplayName("an object twice on one side: the error names that side and the file it is in")
  void twice(Side side, String output) {
    Sides sides =
        sides(
            side,
            new String[] {"extra-a.yaml", EXTRA, "extra-b.yaml", EXTRA},
            new String[] {"extra-a.yaml", EXTRA});

    KrmRun run = diff(sides.old(), sides.current(), output);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).isEmpty();
    List<String> lines = findingLines(run);
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0))
        .contains("is twice on the " + side.word() + " side")
        .contains("ConfigMap racer/extra");
    assertAttributed(lines.get(0), side, sides, "extra-a.yaml");
  }

  @ParameterizedTest(name = "--output {0}")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"text", "markdown", "json"})
  @DisplayName(
      "a selector the API server refuses, the object on both sides in files of one name: the error names NEW and NEW's file")
  void selector(String output) {
    Path old = side(Side.OLD.word(), SETTINGS, "web.yaml", DEPLOYMENT);
    Path current =
        side(Side.NEW.word(), SETTINGS, "web.yaml", DEPLOYMENT.replace("app: web", "app: web2"));

    KrmRun run = diff(old, current, output);

    assertThat(run.exitCode()).isEqualTo(1);
    List<String> lines = findingLines(run);
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).contains("Deployment racer/web").contains("the selector changes");
    assertAttributed(lines.get(0), Side.NEW, new Sides(old, current), "web.yaml");
  }

  @Test
  @DisplayName("a side read from stdin: the finding names the side and -, and no file")
  void stdinSide() {
    Path old = side(Side.OLD.word(), SETTINGS);
    String inputs =
        String.join(
            "---\n",
            FUNCTION_CONFIG,
            SETTINGS.replace(
                "  RACER_NVIDIA: \"off\"\n",
                "  RACER_NVIDIA: \"off\"\n  RACER_NVIDIA_CDI: \"off\"\n"),
            DiffSides.ACCOUNT,
            DiffSides.ORIGIN);
    KrmRun run =
        KrmRun.run(
            inputs.getBytes(StandardCharsets.UTF_8),
            KrmRun.HANG_GUARD,
            "diff",
            old.toString(),
            "-",
            "--output",
            "json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(findingLines(run))
        .singleElement()
        .asString()
        .startsWith("warning: NEW (-): ")
        .contains("[ConfigMap racer/racer-settings, field data.RACER_NVIDIA_CDI]");
    Map<String, Object> finding = onlyFinding(run);
    assertThat(finding).containsEntry("side", "new").containsEntry("path", "-");
    assertThat(finding.get("file")).isNull();
  }

  @Test
  @DisplayName("the JSON report with a finding matches docs/diff.schema.json")
  void schema() {
    Sides sides =
        sides(
            Side.NEW,
            settings(
                "  RACER_NVIDIA: \"off\"\n",
                "  RACER_NVIDIA: \"off\"\n  RACER_NVIDIA_CDI: \"off\"\n"),
            new String[0]);
    Object report = new Yaml().load(diff(sides.old(), sides.current(), "json").stdout());
    KubernetesSchema.assertMatchesJsonSchema("docs/diff.schema.json", List.of(report));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> onlyFinding(KrmRun run) {
    Map<String, Object> report = new Yaml().load(run.stdout());
    List<Map<String, Object>> findings = (List<Map<String, Object>>) report.get("findings");
    assertThat(findings).hasSize(1);
    return findings.get(0);
  }
}
