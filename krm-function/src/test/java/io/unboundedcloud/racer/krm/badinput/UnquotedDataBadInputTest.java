package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A racer-settings value written without quotes that YAML reads as another type than a string
 * ({@code RACER_PEER_PORT: 9100}). The API server refuses such a ConfigMap at apply time, so the
 * function refuses it first: an error at {@code data.KEY} that shows the quoted line to write
 * instead. The same rule holds in render mode and for the function config's data.
 */
@DisplayName("A ConfigMap data value that YAML does not read as a string")
class UnquotedDataBadInputTest {
  private static final String BAD_VALUES =
      """
      RACER_PEER_PORT,      9100,       'a number (9100)',              '"9100"'
      RACER_PEER_PORT,      1.5,        'a number (1.5)',               '"1.5"'
      RACER_CONTROL_SEATS,  0x3,        'a number (0x3)',               '"0x3"'
      RACER_HOST_NETWORK,   true,       'a boolean (true)',             '"true"'
      RACER_NVIDIA,         off,        'a boolean (off)',              '"off"'
      RACER_NVIDIA,         '',         'empty, which YAML reads as null', '""'
      RACER_NVIDIA,         '~',        'empty, which YAML reads as null', '""'
      RACER_MAX_THREADS,    '!!int "4"', 'tagged tag:yaml.org,2002:int', '"4"'
      RACER_NVIDIA,         y,          'a boolean (y)',                '"y"'
      RACER_NVIDIA,         N,          'a boolean (N)',                '"N"'
      RACER_PEER_PORT,      0o17,       'a number (0o17)',              '"0o17"'
      RACER_PEER_PORT,      1_000,      'a number (1_000)',             '"1_000"'
      RACER_PEER_PORT,      1e+3,       'a number (1e+3)',              '"1e+3"'
      RACER_PEER_PORT,      1e5,        'a number (1e5)',               '"1e5"'
      RACER_PEER_PORT,      1.,         'a number (1.)',                '"1."'
      RACER_PEER_PORT,      0b-101,     'a number (0b-101)',            '"0b-101"'
      """;

  /** The settings item with one value written exactly as {@code rawValue}, unquoted. */
  private static String settingsItem(String key, String rawValue) {
    return "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-settings\n    namespace: "
        + ResourceLists.NAMESPACE
        + "\n  data:\n    "
        + key
        + ": "
        + rawValue
        + "\n";
  }

  @Nested
  @DisplayName("in racer-settings, function mode")
  class FunctionMode {
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(textBlock = BAD_VALUES)
    @DisplayName(
        "is an error at data.KEY that says what YAML read and the quoted value to write; items kept")
    void refused(String key, String rawValue, String read, String quoted) {
      String input =
          ResourceLists.resourceList(
              List.of(settingsItem(key, rawValue), ResourceLists.BYSTANDER),
              ResourceLists.FUNCTION_CONFIG);

      KrmRun run = KrmRun.function(input);

      Map<String, Object> error =
          Verdict.assertRefusedKeepingItems(input, run).errors().stream()
              .filter(
                  e ->
                      String.valueOf(e.get("message"))
                          .contains("ConfigMap data holds strings only"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no error about the type\n" + run.describe()));
      assertThat(error.get("message"))
          .isEqualTo(
              "data."
                  + key
                  + " is "
                  + read
                  + ", but ConfigMap data holds"
                  + " strings only and the API server refuses the ConfigMap: quote the value, "
                  + key
                  + ": "
                  + quoted);
      assertThat(error.get("field"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("path", "data." + key);
      assertThat(error.get("resourceRef"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("name", "racer-settings");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        textBlock =
            """
        '"9100"'
        '''9100'''
        '!!str 9100'
        '|-\n      9100'
        """)
    @DisplayName("a quoted, explicitly tagged or block value is a string and renders")
    void stringsRender(String rawValue) {
      String input =
          ResourceLists.resourceList(
              List.of(
                  settingsItem("RACER_PEER_PORT", rawValue.replace("\\n", "\n")),
                  ResourceLists.BYSTANDER),
              ResourceLists.FUNCTION_CONFIG);

      KrmRun run = KrmRun.function(input);

      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).as(run.describe()).contains("containerPort: 9100");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      textBlock =
          """
      2026-11-30
      2026-11-30T10:00:00Z
      12:30
      1e400
      0x1p3
      """)
  @DisplayName(
      "a plain value that kubectl, Helm and Argo CD read as a string is not refused, whatever snakeyaml"
          + " makes of it (a date, base 60, a float beyond float64, a hex float), and is written back as it came")
  void stringsToKubectl(String rawValue) {
    String input =
        ResourceLists.resourceList(
            List.of(settingsItem("RACER_LOG_PREFIX", rawValue), ResourceLists.BYSTANDER),
            ResourceLists.FUNCTION_CONFIG);

    KrmRun run = KrmRun.function(input);

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderr()).as(run.describe()).doesNotContain("strings only");
    assertThat(run.stdout()).as(run.describe()).contains("RACER_LOG_PREFIX: " + rawValue + "\n");
  }

  @Test
  @DisplayName(
      "a plain << is not refused: YAML 1.1 makes it a merge key only where a key stands, so kubectl reads the"
          + " string \"<<\"")
  void mergeKeyAsValue() {
    String input =
        ResourceLists.resourceList(
            List.of(settingsItem("RACER_LOG_PREFIX", "<<"), ResourceLists.BYSTANDER),
            ResourceLists.FUNCTION_CONFIG);

    KrmRun run = KrmRun.function(input);

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderr())
        .as(run.describe())
        .doesNotContain("strings only")
        .contains("RACER_LOG_PREFIX is not a known racer-settings key");
    assertThat(run.stdout()).as(run.describe()).contains("RACER_LOG_PREFIX: <<");
  }

  @Test
  @DisplayName(
      "a plain value with an explicit tag YAML never infers (!!binary): the error names the tag and the value")
  void explicitTag() {
    String input =
        ResourceLists.resourceList(
            List.of(settingsItem("RACER_LOG_PREFIX", "!!binary cmFjZXI="), ResourceLists.BYSTANDER),
            ResourceLists.FUNCTION_CONFIG);

    KrmRun run = KrmRun.function(input);

    Verdict.assertCleanFailure(run);
    assertThat((String) Verdict.output(run).onlyError().get("message"))
        .startsWith("data.RACER_LOG_PREFIX is a tag:yaml.org,2002:binary value (cmFjZXI=), ");
  }

  @Test
  @DisplayName("in the function config's data, the same error at data.KEY")
  void functionConfig() {
    String input =
        ResourceLists.resourceList(
            List.of(
                ResourceLists.settingsEntry(ResourceLists.NAMESPACE, Map.of()),
                ResourceLists.BYSTANDER),
            "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-function\n"
                + "  data:\n    imageRegistry: registry.example.com/racer\n    imageTag: 1.20\n");

    KrmRun run = KrmRun.function(input);

    Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
    assertThat(error.get("message"))
        .isEqualTo(
            "data.imageTag is a number (1.20), but ConfigMap data holds"
                + " strings only and the API server refuses the ConfigMap: quote the value, imageTag: \"1.20\"");
  }

  @Test
  @DisplayName("in render mode: exit 1, nothing on stdout, the file and the key named on stderr")
  void renderMode(@TempDir Path folder) throws IOException {
    Files.writeString(
        folder.resolve("racer-settings.yaml"),
        settingsItem("RACER_PEER_PORT", "9100").replaceAll("(?m)^(- |  )", ""));
    Files.writeString(
        folder.resolve("function-config.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: racer-function
          annotations:
            config.kubernetes.io/local-config: "true"
        data:
          imageRegistry: registry.example.com/racer
        """);

    KrmRun run = KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "render", folder.toString());

    Verdict.assertCleanFailure(run);
    assertThat(run.stdout()).as(run.describe()).isEmpty();
    assertThat(run.stderr())
        .as(run.describe())
        .contains(
            "data.RACER_PEER_PORT is a number (9100)",
            "quote the value, RACER_PEER_PORT: \"9100\"",
            "racer-settings.yaml");
  }
}
