package io.unboundedcloud.racer.krm.verify;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
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
 * function's render gave (an unknown key too far from the catalog's to be a typo, with the nearest
 * catalog key; a setting or an image that does not fit the pod), in the function's words, on the
 * stream's objects, and nothing more; and every typo of a key (within two edits of a catalog key)
 * as the error the function makes of it. The classes are generated: unknown keys and typos of every
 * catalog key, and each check against the pod.
 */
@Tag("slow")
@DisplayName("verify warns as the function warns about a stream's settings, in the same words")
class VerifyWarningsTest {

  /**
   * A misspelling of a key {@code edits} edits away: its last two letters swapped (one edit), then
   * each further edit one more of its last letters dropped.
   */
  private static String misspelt(String key, int edits) {
    int n = key.length();
    String swapped = key.substring(0, n - 2) + key.charAt(n - 1) + key.charAt(n - 2);
    return swapped.substring(0, n - 2 - (edits - 1)) + swapped.substring(n - 2);
  }

  /** Whether {@code name} is within two edits of a catalog key, and no catalog key itself. */
  private static boolean isTypo(String name) {
    return SettingsCatalog.key(name).isEmpty()
        && SettingsCatalog.keys().stream()
            .anyMatch(known -> KeySuggestion.isTypo(name, known.name()));
  }

  /** Unknown keys too far from every catalog key to be typos: each catalog key with a tail. */
  static Stream<String> unknownKeys() {
    return SettingsCatalog.keys().stream()
        .flatMap(key -> Stream.of(key.name() + "_OLD", key.name() + "_CDI1"))
        .filter(name -> SettingsCatalog.key(name).isEmpty() && !isTypo(name));
  }

  /** Typos of every catalog key, one and two edits away. */
  static Stream<String> typos() {
    return SettingsCatalog.keys().stream()
        .flatMap(key -> Stream.of(misspelt(key.name(), 1), misspelt(key.name(), 2)))
        .filter(VerifyWarningsTest::isTypo)
        .distinct();
  }

  /** Settings data and function config data, each a case. */
  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    unknownKeys()
        .forEach(
            unknown ->
                cases.add(
                    Arguments.of(
                        "unknown key " + unknown,
                        Map.of("RACER_NVIDIA", "off", unknown, "1"),
                        "imageRegistry: registry.example.com/racer")));
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
  @DisplayName("the generators make what they say: unknown keys no typo, typos of every key")
  void generated() {
    assertThat(unknownKeys()).hasSizeGreaterThan(SettingsCatalog.keys().size());
    assertThat(typos()).hasSizeGreaterThan(SettingsCatalog.keys().size());
    assertThat(misspelt("RACER_NVIDIA", 1)).isEqualTo("RACER_NVIDAI");
    assertThat(misspelt("RACER_NVIDIA", 2)).isEqualTo("RACER_NVIAI");
  }

  /** What verify says of a stream whose racer-settings the function would refuse. */
  private static final String REFUSED = "the function would refuse this installation: ";

  /**
   * A stream the function rendered with {@code RACER_NVIDIA: "off"}, then {@code key} written into
   * its racer-settings by hand (or by a chart): what verify is given.
   */
  private static String streamWith(String key) {
    Outcome clean =
        Renderer.render(
            ManifestNodes.of(
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n"
                    + "data:\n  RACER_NVIDIA: \"off\"\n---\n"
                    + ORIGIN),
            ManifestNodes.one(
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\n"
                    + "data: {imageRegistry: registry.example.com/racer}\n"));
    assertThat(clean.results().hasError()).as("%s", clean.results()).isFalse();
    String stream = YamlWriter.manifests(clean.items());
    String line = "\n  RACER_NVIDIA: \"off\"\n";
    assertThat(stream.indexOf(line)).as("one settings line").isEqualTo(stream.lastIndexOf(line));
    return stream.replace(line, line + "  " + key + ": \"1\"\n");
  }

  /** The error the function's render makes of {@code key} beside RACER_NVIDIA, its only one. */
  private static Result renderError(String key) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("RACER_NVIDIA", "off");
    data.put(key, "1");
    Outcome render =
        Renderer.render(
            ManifestNodes.of(settings(data) + "---\n" + ORIGIN),
            ManifestNodes.one(
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\n"
                    + "data: {imageRegistry: registry.example.com/racer}\n"));
    List<Result> errors =
        render.results().list().stream()
            .filter(result -> result.severity() == Severity.ERROR)
            .toList();
    assertThat(errors).as("the render's errors").hasSize(1);
    return errors.get(0);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("typos")
  @DisplayName(
      "a typo of a catalog key written into a rendered stream: the function's error, in its words, on the stream's racer-settings")
  void sameTypoError(String typo) {
    Result told = renderError(typo);
    assertThat(told.message()).startsWith(typo + " is not a known racer-settings key, and it is ");
    assertThat(told.fieldPath()).isEqualTo("data." + typo);

    Verified verdict = Verification.check(ManifestNodes.of(streamWith(typo)));

    assertThat(verdict.results().list())
        .filteredOn(result -> result.message().equals(REFUSED + told.message()))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.severity()).isEqualTo(Severity.ERROR);
              assertThat(error.fieldPath()).isEqualTo("data." + typo);
              assertThat(error.resource().name()).isEqualTo("racer-settings");
            });
    assertThat(verdict.results().hasError()).isTrue();
  }

  @Test
  @DisplayName(
      "a typo on the Helm path (RACER_NVIDA beside the chart's keys): an error naming the key meant, on racer-settings")
  void helmTypo() {
    Verified verdict = Verification.check(ManifestNodes.of(streamWith("RACER_NVIDA")));

    assertThat(verdict.results().list())
        .filteredOn(result -> result.message().startsWith(REFUSED))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.severity()).isEqualTo(Severity.ERROR);
              assertThat(error.message())
                  .isEqualTo(
                      REFUSED
                          + "RACER_NVIDA is not a known racer-settings key, and it is 1 edit from"
                          + " RACER_NVIDIA: a typo, most likely. Write RACER_NVIDIA; or, if your"
                          + " dataplane reads RACER_NVIDA (a newer release's key), list it in"
                          + " uncheckedSettings (in the function config, or the chart's values) to"
                          + " pass it on unchecked.");
              assertThat(error.fieldPath()).isEqualTo("data.RACER_NVIDA");
              assertThat(error.resource().name()).isEqualTo("racer-settings");
            });
  }
}
