package io.unboundedcloud.racer.krm.verify;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * verify says what the function says about the settings of a rendered stream: every warning the
 * function's render gave (an unknown key with the nearest catalog key; a setting or an image that
 * does not fit the pod), in the function's words, on the stream's objects, and nothing more. The
 * class is generated: a typo of every catalog key, and each check against the pod.
 */
@Tag("slow")
@DisplayName("verify warns as the function warns about a stream's settings, in the same words")
class VerifyWarningsTest {

  /** A typo of a key: its last two letters swapped, or one dropped. */
  private static String typo(String key, int kind) {
    int n = key.length();
    return kind == 0
        ? key.substring(0, n - 2) + key.charAt(n - 1) + key.charAt(n - 2)
        : key.substring(0, n - 3) + key.substring(n - 2);
  }

  /** Settings data and function config data, each a case. */
  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      for (int kind = 0; kind < 2; kind++) {
        String typo = typo(key.name(), kind);
        if (SettingsCatalog.keys().stream().noneMatch(known -> known.name().equals(typo))) {
          cases.add(
              Arguments.of(
                  "unknown key " + typo,
                  Map.of("RACER_NVIDIA", "off", typo, "1"),
                  "imageRegistry: registry.example.com/racer"));
        }
      }
    }
    cases.add(
        Arguments.of(
            "a shutdown deadline past the grace period",
            Map.of("RACER_NVIDIA", "off", "RACER_SHUTDOWN_TIMEOUT_MS", "60000"),
            "imageRegistry: registry.example.com/racer"));
    cases.add(
        Arguments.of(
            "images of another release",
            Map.of("RACER_NVIDIA", "off"),
            "imageRegistry: registry.example.com/racer, imageTag: \"0.17.2\""));
    cases.add(
        Arguments.of(
            "a listener on a node agent's port under host networking",
            Map.of("RACER_NVIDIA", "off", "RACER_HOST_NETWORK", "true", "RACER_PEER_PORT", "9100"),
            "imageRegistry: registry.example.com/racer"));
    return cases.stream();
  }

  private static String settings(Map<String, String> data) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n"
        + "data: {"
        + new java.util.TreeMap<>(data)
            .entrySet().stream()
                .map(e -> e.getKey() + ": \"" + e.getValue() + "\"")
                .collect(Collectors.joining(", "))
        + "}\n";
  }

  private static List<Result> warnings(Iterable<Result> results) {
    List<Result> warnings = new ArrayList<>();
    results.forEach(
        result -> {
          if (result.severity() == Severity.WARNING) {
            warnings.add(result);
          }
        });
    return warnings;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "the function's warnings of the render, and only them: the same messages in the same order, no error")
  void sameWarnings(String name, Map<String, String> data, String functionConfigData) {
    Outcome render =
        Renderer.render(
            ManifestNodes.of(settings(data) + "---\n" + ORIGIN),
            ManifestNodes.one(
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\ndata: {"
                    + functionConfigData
                    + "}\n"));
    assertThat(render.results().hasError()).as("%s", render.results()).isFalse();
    List<Result> told = warnings(render.results());
    assertThat(told).as("the case makes the function warn").isNotEmpty();

    Verified verdict = Verification.check(ManifestNodes.of(YamlWriter.manifests(render.items())));

    assertThat(verdict.results().hasError()).as("%s", verdict.results()).isFalse();
    assertThat(verdict.results().list())
        .extracting(Result::message)
        .containsExactlyElementsOf(told.stream().map(Result::message).toList());
    for (int i = 0; i < told.size(); i++) {
      Result verified = verdict.results().list().get(i);
      assertThat(verified.severity()).isEqualTo(Severity.WARNING);
      if ("racer-settings".equals(told.get(i).resource().name())) {
        // a setting's warning: the same key of the same ConfigMap, now the stream's
        assertThat(verified.resource()).isEqualTo(told.get(i).resource());
        assertThat(verified.fieldPath()).isEqualTo(told.get(i).fieldPath());
      } else {
        // an image's: the function config's key, now the DaemonSet's record of the image
        assertThat(verified.resource().kind()).isEqualTo("DaemonSet");
        assertThat(verified.fieldPath()).startsWith("metadata.annotations[");
      }
    }
  }

  @Test
  @DisplayName(
      "a typo on the Helm path (RACER_NVIDA beside the chart's keys): the unknown key and its nearest catalog key, on racer-settings")
  void helmTypo() {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("RACER_NVIDA", "off");
    Outcome render =
        Renderer.render(
            ManifestNodes.of(settings(data)),
            ManifestNodes.one(
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\n"
                    + "data: {imageRegistry: registry.example.com/racer}\n"));

    Verified verdict = Verification.check(ManifestNodes.of(YamlWriter.manifests(render.items())));

    assertThat(verdict.results().list())
        .singleElement()
        .satisfies(
            warning -> {
              assertThat(warning.severity()).isEqualTo(Severity.WARNING);
              assertThat(warning.message())
                  .startsWith("RACER_NVIDA is not a known racer-settings key")
                  .contains("did you mean RACER_NVIDIA?");
              assertThat(warning.fieldPath()).isEqualTo("data.RACER_NVIDA");
              assertThat(warning.resource().name()).isEqualTo("racer-settings");
            });
    assertThat(verdict.checked()).startsWith("verified DaemonSet racer/racer");
  }
}
