package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mistakes a newcomer makes first, said by the chart in the function's words: a misspelt
 * settings key (the same "did you mean"), a number or a boolean where a settings string belongs
 * (and, the chart's addition, {@code --set-string}), a registry written as a URL. Each message is
 * compared with what the function says of the same mistake in its own input.
 */
@Tag("slow")
@DisplayName("The chart says a newcomer's first mistakes as the function does")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class NewcomerMessagesTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(NewcomerMessagesTest.class);
  }

  private static final String REGISTRY = "registry.example.com/racer";

  /** The function's warning for each unknown key of these settings, by key. */
  private static Map<String, String> functionWarnings(Map<String, String> settings) {
    Installation installation = Installation.of("racer").withSettings(settings);
    KrmRun run = KrmRun.function(installation.functionItems(), installation.functionConfig());
    assertThat(run.exitCode()).as(run.describe()).isZero();
    Map<String, String> warnings = new TreeMap<>();
    for (Map<String, Object> result : run.output().results()) {
      Map<?, ?> field = (Map<?, ?>) result.get("field");
      String key = field == null ? "" : ((String) field.get("path")).replaceFirst("^data\\.", "");
      if ("warning".equals(result.get("severity")) && settings.containsKey(key)) {
        warnings.put(key, (String) result.get("message"));
      }
    }
    return warnings;
  }

  /** NOTES' warning for each of these settings keys, by key, with the values key cut off. */
  private Map<String, String> chartWarnings(Map<String, String> settings) {
    String notes =
        helm.installDryRun(
            "racer", Map.of("images", Map.of("registry", REGISTRY), "settings", settings));
    Map<String, String> warnings = new TreeMap<>();
    notes
        .lines()
        .filter(line -> line.startsWith("WARNING: settings."))
        .forEach(
            line -> {
              String rest = line.substring("WARNING: settings.".length());
              int colon = rest.indexOf(": ");
              warnings.put(rest.substring(0, colon), rest.substring(colon + 2));
            });
    return warnings;
  }

  /**
   * Misspellings of every catalog key, as a hand makes them: a letter dropped, doubled, replaced,
   * two swapped; two and four such slips; and the prefix alone.
   */
  static Map<String, String> misspellings() {
    TreeSet<String> keys = new TreeSet<>();
    List<String> known = SettingsCatalog.keys().stream().map(SettingKey::name).toList();
    for (String key : known) {
      String rest = key.substring("RACER_".length());
      int middle = rest.length() / 2;
      keys.add("RACER_" + rest.substring(0, middle) + rest.substring(middle + 1));
      keys.add("RACER_" + rest.substring(0, middle) + rest.charAt(middle) + rest.substring(middle));
      keys.add("RACER_" + rest.substring(0, middle) + "Q" + rest.substring(middle + 1));
      keys.add(
          "RACER_"
              + rest.substring(0, middle - 1)
              + rest.charAt(middle)
              + rest.charAt(middle - 1)
              + rest.substring(middle + 1));
      keys.add("RACER_" + rest.substring(1, rest.length() - 1));
      keys.add("RACER_X" + rest.substring(2, rest.length() - 2) + "Y");
      keys.add(key.toLowerCase().replace("racer_", "RACER_"));
    }
    keys.add("RACER_");
    keys.add("RACER_" + "Q".repeat(200));
    keys.removeAll(known);
    return keys.stream().collect(Collectors.toMap(k -> k, k -> "x", (a, b) -> a, TreeMap::new));
  }

  /** Whether {@code name} is within two edits of a catalog key: a typo, an error on every path. */
  private static boolean isTypo(String name) {
    return SettingsCatalog.keys().stream()
        .anyMatch(known -> KeySuggestion.isTypo(name, known.name()));
  }

  @Nested
  @DisplayName("a settings key the catalog does not know")
  class UnknownKey {
    @Test
    @DisplayName(
        "too far from every catalog key to be a typo: the function's warning in NOTES, with the same"
            + " suggestion or none, for misspellings of every catalog key")
    void sameSuggestion() {
      Map<String, String> settings = new TreeMap<>(misspellings());
      settings.keySet().removeIf(NewcomerMessagesTest::isTypo);
      assertThat(settings)
          .as("misspellings left that are no typo")
          .hasSizeGreaterThan(SettingsCatalog.keys().size());
      Map<String, String> function = functionWarnings(settings);
      assertThat(function).as("the function warns about each").hasSameSizeAs(settings);
      assertThat(chartWarnings(settings)).isEqualTo(function);
      assertThat(function.values())
          .as("some with a suggestion, some without")
          .anyMatch(message -> message.contains("; did you mean "))
          .anyMatch(message -> !message.contains("did you mean"));
    }

    @Test
    @DisplayName(
        "three edits or more from a catalog key gets the key meant as advice; a name far from every"
            + " key gets none")
    void reasoned() {
      Map<String, String> chart =
          chartWarnings(
              Map.of(
                  "RACER_PEER_PORTS_X", "9090",
                  "RACER_SLAB_BYTES_MAX", "1",
                  "RACER_ORIGIN_CONNECTIONS_PER_CA", "1",
                  "RACER_COFFEE", "1",
                  "team", "ml"));
      assertThat(chart)
          .containsOnlyKeys(
              "RACER_PEER_PORTS_X",
              "RACER_SLAB_BYTES_MAX",
              "RACER_ORIGIN_CONNECTIONS_PER_CA",
              "RACER_COFFEE")
          .containsEntry(
              "RACER_PEER_PORTS_X",
              "RACER_PEER_PORTS_X is not a known racer-settings key; did you mean RACER_PEER_PORT?"
                  + " Outside strict mode it is passed to the dataplane unchecked.")
          .containsEntry(
              "RACER_SLAB_BYTES_MAX",
              "RACER_SLAB_BYTES_MAX is not a known racer-settings key; did you mean"
                  + " RACER_SLAB_BYTES? Outside strict mode it is passed to the dataplane unchecked.")
          .containsEntry(
              "RACER_ORIGIN_CONNECTIONS_PER_CA",
              "RACER_ORIGIN_CONNECTIONS_PER_CA is not a known racer-settings key; did you mean"
                  + " RACER_ORIGIN_CONNECTIONS_PER_CACHE? Outside strict mode it is passed to the"
                  + " dataplane unchecked.")
          .containsEntry(
              "RACER_COFFEE",
              "RACER_COFFEE is not a known racer-settings key. Outside strict mode it is passed to"
                  + " the dataplane unchecked.");
    }

    @Test
    @DisplayName(
        "a one-letter slip (a typo) fails helm template with the function's error, whatever strict"
            + " says (every key's typos: SettingsKeyEdgesTest)")
    void typoFails() {
      Map<String, String> settings = Map.of("RACER_PEER_PROT", "9090");
      Installation installation = Installation.of("racer").withSettings(settings);
      KrmRun run = KrmRun.function(installation.functionItems(), installation.functionConfig());
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      String error =
          run.output().results().stream()
              .filter(result -> "error".equals(result.get("severity")))
              .map(result -> (String) result.get("message"))
              .findFirst()
              .orElseThrow();
      assertThat(error)
          .startsWith(
              "RACER_PEER_PROT is not a known racer-settings key, and it is 1 edit from"
                  + " RACER_PEER_PORT: a typo, most likely.");
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("images", Map.of("registry", REGISTRY));
      values.put("settings", settings);
      assertThat(helm.failure("racer", values)).contains("settings.RACER_PEER_PROT: " + error);
    }

    @Test
    @DisplayName(
        "fails helm template in strict mode with the function's warning, suggestion included")
    void strict() {
      Map<String, String> settings = Map.of("RACER_PEER_PORTS_X", "9090");
      String warning = functionWarnings(settings).get("RACER_PEER_PORTS_X");
      assertThat(warning).contains("did you mean RACER_PEER_PORT?");
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("images", Map.of("registry", REGISTRY));
      values.put("settings", settings);
      values.put("strict", true);
      assertThat(helm.failure("racer", values))
          .contains(
              "settings.RACER_PEER_PORTS_X: "
                  + warning
                  + " (an error in strict mode: the value strict is true)");
    }
  }

  /** A settings value that is not a string: the key, the value, and its text in YAML. */
  static Stream<Arguments> notStrings() {
    return Stream.of(
        Arguments.of("RACER_PEER_PORT", 9100, "9100"),
        Arguments.of("RACER_SLAB_BYTES", 1073741824, "1073741824"),
        Arguments.of("RACER_REQUEST_TIMEOUT_MS", 1.5, "1.5"),
        Arguments.of("RACER_HOST_NETWORK", true, "true"),
        Arguments.of("RACER_NOT_IN_THE_CATALOG", 7, "7"),
        Arguments.of("team", 42, "42"));
  }

  @Nested
  @DisplayName("a number or a boolean where a settings string belongs")
  class NotAString {
    /** The function's error for this value, unquoted, in racer-settings' data. */
    private static String functionError(String key, Object value) {
      Installation installation = Installation.of("racer");
      List<Map<String, Object>> items = new ArrayList<>(installation.functionItems());
      items.get(0).put("data", Map.of(key, value));
      KrmRun run = KrmRun.function(items, installation.functionConfig());
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.output().errorFields()).containsExactly("data." + key);
      return run.output().errorMessages().get(0);
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("io.unboundedcloud.racer.chart.NewcomerMessagesTest#notStrings")
    @DisplayName(
        "in a values file fails helm template with the function's message, then --set-string")
    void valuesFile(String key, Object value, String text) {
      String function = functionError(key, value);
      String kind = value instanceof Boolean ? "boolean" : "number";
      assertThat(function).startsWith("data." + key + " is a " + kind + " (" + text + ")");
      String said =
          helm.failure(
              "racer",
              Map.of("images", Map.of("registry", REGISTRY), "settings", Map.of(key, value)));
      assertThat(said)
          .contains("settings." + function.substring("data.".length()))
          .contains(
              "on the command line, --set-string settings."
                  + key
                  + "="
                  + text
                  + ", not --set, which reads "
                  + text
                  + " as a "
                  + kind)
          .doesNotContain("want string");
    }

    @Test
    @DisplayName(
        "given with --set, says to use --set-string (helm-java's Helm 3, which takes --set)")
    void commandLine() {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          helm == HelmRun.HELM3, "--set through helm-java");
      assertThatThrownBy(
              () ->
                  new Helm(ChartUnderTest.directory())
                      .template()
                      .withName(HelmRun.RELEASE)
                      .withNamespace("racer")
                      .withKubeVersion(HelmRun.KUBE_VERSION)
                      .set("images.registry", REGISTRY)
                      .set("settings.RACER_PEER_PORT", "9100")
                      .call())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(
              "settings.RACER_PEER_PORT is a number (9100), but ConfigMap data holds strings only")
          .hasMessageContaining(
              "--set-string settings.RACER_PEER_PORT=9100, not --set, which reads 9100 as a number");
    }
  }

  /** A registry or an image written as a URL: the values key, the value. */
  static Stream<Arguments> urls() {
    return Stream.of(
        Arguments.of("registry", "https://registry.example.com/racer"),
        Arguments.of("registry", "http://localhost:5000/racer/"),
        Arguments.of("dataplane", "oci://registry.example.com/racer/racer-dataplane:0.19.0"));
  }

  @ParameterizedTest(name = "images.{0}: {1}")
  @MethodSource("urls")
  @DisplayName(
      "a registry or an image written as a URL fails helm template with the function's message, not"
          + " the schema's pattern")
  void url(String which, String url) {
    Map<String, String> images = new LinkedHashMap<>();
    images.put(which, url);
    if (!"registry".equals(which)) {
      images.put("object", REGISTRY + "/racer-object:0.19.0");
    }
    Installation installation = Installation.of("racer").withImages(images);
    KrmRun function = KrmRun.function(installation.functionItems(), installation.functionConfig());
    assertThat(function.exitCode()).as(function.describe()).isEqualTo(1);
    String message = function.output().errorMessages().get(0);
    String functionKey =
        "data." + Map.of("registry", "imageRegistry", "dataplane", "dataplaneImage").get(which);
    assertThat(message).startsWith(functionKey + " starts with ");

    String said = helm.failure("racer", installation.chartValues());
    assertThat(said)
        .contains(message.replace(functionKey, "images." + which))
        .doesNotContain("pattern")
        .doesNotContain("(?:");
    String error = said.substring(said.indexOf("images." + which + " starts with"));
    assertThat(error.strip().length()).as("the error: %s", error).isLessThan(200);
  }
}
