package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code racer-krm verify --settings}, {@code --strict} and {@code --output json}: the
 * racer-settings that live outside a rendered stream (a chart with {@code settingsConfigMap.create:
 * false}), the function's warnings failing the check under strict, and the verdict for tools.
 */
@Tag("slow")
@DisplayName("racer-krm verify: settings outside the stream, strict mode, JSON output")
class VerifySettingsTest {
  private static final Path QUICKSTART = Path.of("..", "examples", "quickstart");
  private static final String SCHEMA = "docs/verify.schema.json";

  @TempDir Path dir;
  private String rendered;

  @BeforeEach
  void render() {
    KrmRun render = KrmRun.command("render", QUICKSTART.toString());
    assertThat(render.exitCode()).as("render: %s", render.stderr()).isZero();
    rendered = render.stdout();
  }

  private static boolean isSettings(String document) {
    return document.contains("kind: ConfigMap") && document.contains("name: racer-settings");
  }

  /** The rendered stream's documents with ({@code true}) or without the settings. */
  private String documents(boolean settings) {
    return Arrays.stream(rendered.split("(?m)^---\n"))
        .filter(document -> isSettings(document) == settings)
        .collect(Collectors.joining("---\n"));
  }

  /** racer-settings as kubectl get -o yaml prints the live one: with what the server wrote. */
  private String liveSettings() {
    String settings = documents(true);
    assertThat(settings).contains("  namespace: racer\n");
    return settings.replace(
        "  namespace: racer\n",
        "  namespace: racer\n"
            + "  uid: 6f1e2d3c-0000-4000-8000-000000000001\n"
            + "  resourceVersion: \"48213\"\n"
            + "  creationTimestamp: \"2026-11-02T10:00:00Z\"\n");
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static KrmRun withStdin(String stdin, String... args) {
    return KrmRun.run(stdin.getBytes(StandardCharsets.UTF_8), KrmRun.HANG_GUARD, args);
  }

  @Nested
  @DisplayName("--settings: racer-settings outside the stream")
  class Settings {
    @Test
    @DisplayName("without it, a stream without its settings: exit 1, the error says to give them")
    void missing() throws IOException {
      Path stream = write("chart.yaml", documents(false));

      KrmRun verify = KrmRun.command("verify", stream.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stderrLines())
          .singleElement()
          .asString()
          .contains(
              "reads its settings from ConfigMap racer-settings, which is not among the objects")
          .contains(
              "--settings FILE, or - for kubectl get configmap racer-settings -n racer -o yaml");
    }

    @Test
    @DisplayName("a file: exit 0, the settings checked as if in the stream")
    void file() throws IOException {
      Path stream = write("chart.yaml", documents(false));
      Path settings = write("settings.yaml", documents(true));

      KrmRun verify =
          KrmRun.command("verify", stream.toString(), "--settings", settings.toString());

      assertThat(verify.exitCode()).as(verify.stderr()).isZero();
      assertThat(verify.stderrLines())
          .singleElement()
          .asString()
          .startsWith(
              "verified DaemonSet racer/racer against the 3 keys of ConfigMap racer/racer-settings");
    }

    @Test
    @DisplayName("a file holding racer-settings twice: exit 1, the error names the file of each")
    void twice() throws IOException {
      Path stream = write("chart.yaml", documents(false));
      String settings = documents(true);
      Path file = write("settings.yaml", settings + "---\n" + settings.replace("\"3\"", "\"5\""));

      KrmRun verify = KrmRun.command("verify", stream.toString(), "--settings", file.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      String each = "ConfigMap racer/racer-settings in " + file;
      assertThat(verify.stderrLines())
          .singleElement()
          .asString()
          .startsWith("error: found 2 racer-settings ConfigMaps, expected exactly one")
          .contains(each + "; " + each + ".");
    }

    @Test
    @DisplayName("- : kubectl get configmap -o yaml on stdin, one object or a List of them")
    void stdinDump() throws IOException {
      Path stream = write("chart.yaml", documents(false));
      String live = liveSettings();
      String list =
          "apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\nitems:\n- "
              + live.strip().replace("\n", "\n  ")
              + "\n";

      for (String dump : List.of(live, list)) {
        KrmRun verify = withStdin(dump, "verify", stream.toString(), "--settings", "-");
        assertThat(verify.exitCode()).as("%s\n%s", dump, verify.stderr()).isZero();
        assertThat(verify.stderr()).startsWith("verified DaemonSet racer/racer");
      }
    }

    @Test
    @DisplayName(
        "settings whose data differ from those the stream was rendered with: each key named, and what to do on the Helm path")
    void differs() throws IOException {
      Path stream = write("chart.yaml", documents(false));
      String settings = documents(true);
      assertThat(settings).contains("RACER_CONTROL_SEATS: \"3\"");
      Path given =
          write(
              "settings.yaml",
              settings.replace("RACER_CONTROL_SEATS: \"3\"", "RACER_CONTROL_SEATS: \"5\""));

      KrmRun verify = KrmRun.command("verify", stream.toString(), "--settings", given.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stderrLines().get(0))
          .startsWith(
              "error: drift: data.RACER_CONTROL_SEATS of ConfigMap racer/racer-settings is \"5\"")
          .contains("the settings value must equal the ConfigMap's data")
          .contains(
              "[ConfigMap racer/racer-settings in " + given + ", field data.RACER_CONTROL_SEATS]");
    }

    @Test
    @DisplayName("settings both in the stream and given: exit 1, one of them to leave out")
    void both() throws IOException {
      Path stream = write("build.yaml", rendered);
      Path settings = write("settings.yaml", documents(true));

      KrmRun verify =
          KrmRun.command("verify", stream.toString(), "--settings", settings.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stderr()).contains("is both in the stream and in --settings");
    }

    @Test
    @DisplayName("given in another namespace than the DaemonSet's: exit 1, the namespace named")
    void otherNamespace() throws IOException {
      Path stream = write("chart.yaml", documents(false));
      Path settings =
          write("settings.yaml", documents(true).replace("namespace: racer", "namespace: other"));

      KrmRun verify =
          KrmRun.command("verify", stream.toString(), "--settings", settings.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stderr())
          .contains("is not in namespace racer, the DaemonSet's; --settings gave it in other");
    }

    @Test
    @DisplayName("stdin for both the stream and the settings: a bad command line, exit 2")
    void stdinTwice() {
      KrmRun verify = withStdin(rendered, "verify", "--settings", "-");
      assertThat(verify.exitCode()).isEqualTo(2);
      assertThat(verify.stderr()).contains("verify reads stdin for one input only");
    }
  }

  /**
   * An unknown key three edits from RACER_NVIDIA: no typo by the catalog's rule (those are within
   * two), so the function and the chart pass it on with a warning naming the nearest key.
   */
  private static final String FAR_KEY = "RACER_NVIDIA_CDI";

  /** A key one edit from RACER_NVIDIA: a typo, an error on every path. */
  private static final String TYPO_KEY = "RACER_NVIDA";

  /** The stream with {@code key} beside the chart's keys, as a chart renders it. */
  private String withKey(String key) {
    assertThat(rendered).contains("  RACER_NVIDIA: \"off\"\n");
    return rendered.replace(
        "  RACER_NVIDIA: \"off\"\n", "  " + key + ": \"cdi\"\n  RACER_NVIDIA: \"off\"\n");
  }

  @Nested
  @DisplayName("the function's warnings, and --strict")
  class Strict {
    @Test
    @DisplayName(
        "an unknown key far from the catalog's (rendered that way by a chart): a warning naming the nearest key, exit 0 without --strict")
    void warning() throws IOException {
      // rendered by the function with the key, as the chart renders it: no drift, a warning
      Path folder = Files.createDirectories(dir.resolve("unknown"));
      for (String file : new String[] {"function-config.yaml", "racer-settings.yaml"}) {
        Files.copy(QUICKSTART.resolve(file), folder.resolve(file));
      }
      Path settingsFile = folder.resolve("racer-settings.yaml");
      Files.writeString(
          settingsFile,
          Files.readString(settingsFile)
              .replace(
                  "  RACER_NVIDIA: \"off\"\n",
                  "  " + FAR_KEY + ": \"cdi\"\n  RACER_NVIDIA: \"off\"\n"));
      KrmRun render = KrmRun.command("render", folder.toString());
      assertThat(render.exitCode()).as(render.stderr()).isZero();
      Path stream = write("unknown.yaml", render.stdout());

      KrmRun verify = KrmRun.command("verify", stream.toString());
      KrmRun strict = KrmRun.command("verify", stream.toString(), "--strict");

      assertThat(verify.exitCode()).as(verify.stderr()).isZero();
      String warning = verify.stderrLines().get(0);
      assertThat(warning)
          .startsWith(
              "warning: "
                  + FAR_KEY
                  + " is not a known racer-settings key; did you mean RACER_NVIDIA?")
          .endsWith(
              "[ConfigMap racer/racer-settings in " + stream + ", field data." + FAR_KEY + "]");
      // the function's own line, but for where the object came from
      assertThat(render.stderr()).contains(warning.substring(0, warning.indexOf(" [ConfigMap")));
      assertThat(verify.stderrLines().get(1)).startsWith("verified ");

      assertThat(strict.exitCode()).isEqualTo(1);
      assertThat(strict.stderrLines())
          .singleElement()
          .asString()
          .startsWith("error: " + FAR_KEY + " is not a known racer-settings key")
          .contains("(an error in strict mode: verify --strict)");
    }

    @Test
    @DisplayName(
        "a key within two edits of a catalog key (written into the stream by hand): an error without --strict, exit 1, naming the key meant")
    void typo() throws IOException {
      Path stream = write("typo.yaml", withKey(TYPO_KEY));

      KrmRun verify = KrmRun.command("verify", stream.toString());

      assertThat(verify.exitCode()).as(verify.stderr()).isEqualTo(1);
      assertThat(verify.stderrLines())
          .anySatisfy(
              line ->
                  assertThat(line)
                      .startsWith(
                          "error: the function would refuse this installation: "
                              + TYPO_KEY
                              + " is not a known racer-settings key, and it is 1 edit from"
                              + " RACER_NVIDIA: a typo, most likely.")
                      .endsWith(
                          "[ConfigMap racer/racer-settings in "
                              + stream
                              + ", field data."
                              + TYPO_KEY
                              + "]"))
          .noneSatisfy(line -> assertThat(line).startsWith("verified "));
    }
  }

  @Nested
  @DisplayName("--output json")
  class Json {
    @SuppressWarnings("unchecked")
    private Map<String, Object> verdict(KrmRun run) {
      Object tree = new Yaml().load(run.stdout());
      KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(tree));
      return (Map<String, Object>) tree;
    }

    @Test
    @DisplayName("a consistent stream: verified, what was checked, no result; matches the schema")
    void verified() throws IOException {
      Path stream = write("build.yaml", rendered);

      KrmRun run = KrmRun.command("verify", stream.toString(), "--output", "json");

      assertThat(run.exitCode()).isZero();
      Map<String, Object> verdict = verdict(run);
      assertThat(verdict)
          .containsEntry("verified", true)
          .containsEntry("strict", false)
          .containsEntry("results", List.of());
      assertThat((String) verdict.get("checked")).startsWith("verified DaemonSet racer/racer");
    }

    @Test
    @DisplayName(
        "drift under --strict: exit 1, the verdict still printed, each result as the function writes it; matches the schema")
    void drift() throws IOException {
      Path stream =
          write(
              "build.yaml",
              withKey(FAR_KEY)
                  .replace("  RACER_CONTROL_SEATS: \"3\"\n", "  RACER_CONTROL_SEATS: \"4\"\n"));

      KrmRun run = KrmRun.command("verify", stream.toString(), "--output", "json", "--strict");

      assertThat(run.exitCode()).isEqualTo(1);
      Map<String, Object> verdict = verdict(run);
      assertThat(verdict)
          .containsEntry("verified", false)
          .containsEntry("strict", true)
          .containsEntry("checked", null);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> results = (List<Map<String, Object>>) verdict.get("results");
      assertThat(results).isNotEmpty().allMatch(result -> "error".equals(result.get("severity")));
      assertThat(results)
          .anyMatch(
              result ->
                  Map.of("path", "data." + FAR_KEY, "currentValue", "cdi")
                          .equals(result.get("field"))
                      && Map.of("path", stream.toString()).equals(result.get("file")));
      assertThat(run.stderrLines()).hasSize(results.size());
    }

    @Test
    @DisplayName("the schema refuses a verdict that says verified with an error in it")
    void schemaRefuses() {
      Map<String, Object> broken =
          Map.of(
              "verified",
              true,
              "strict",
              false,
              "checked",
              "verified DaemonSet racer/racer",
              "results",
              List.of(Map.of("message", "drift: x", "severity", "error")));
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(broken)))
          .isInstanceOf(AssertionError.class);
    }
  }
}
