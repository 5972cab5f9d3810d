package io.unboundedcloud.racer.chart.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.unboundedcloud.racer.chart.rules.NameRule;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every chart value that names something or gives a label: a bad text fails {@code helm template}
 * saying the values key, the text, the rule in words and an example (or, where Java judges the same
 * text, its message: workload's CacheOrigin builder's, the function's Config's), never a regular
 * expression; every good text renders. The texts are generated from each rule's seeds (NameTexts);
 * good and bad are said by an oracle written apart from the rule's pattern (NameOracle), or by that
 * Java check.
 */
@Tag("slow")
@DisplayName("Names and labels in chart values: refused in words, never by a pattern")
class NameValuesTest {
  private static final String ORIGIN_IMAGE = "registry.example.com/blob-origin:1.4.2";
  private static final String REGISTRY = "r.example.com";

  /**
   * A place in the values that holds a name: its values key as the messages say it, the values that
   * put a text there, the seeds of its texts, and what the chart must say of a text: empty when it
   * takes it.
   */
  record Place(
      String key,
      Function<String, Map<String, Object>> values,
      List<String> seeds,
      Function<String, Optional<String>> refusal) {
    @Override
    public String toString() {
      return key;
    }

    List<String> texts() {
      return NameTexts.from(seeds.toArray(String[]::new));
    }
  }

  static Stream<Place> places() {
    return Stream.of(
        chartOnly(
            "settings",
            NameRule.CONFIG_MAP_KEY,
            t -> Map.of("settings", Map.of(t, "x")),
            "EXTRA_KEY",
            "my.key"),
        chartOnly(
            "imagePullSecrets[0].name",
            NameRule.SUBDOMAIN,
            t -> Map.of("imagePullSecrets", List.of(Map.of("name", t))),
            "pull-secret",
            "regcred.example"),
        optional(
            "priorityClassName",
            NameRule.SUBDOMAIN,
            t -> Map.of("priorityClassName", t),
            "racer-critical",
            "system.node"),
        optional(
            "runtimeClassName",
            NameRule.SUBDOMAIN,
            t -> Map.of("runtimeClassName", t),
            "nvidia",
            "kata.fc"),
        chartOnly(
            "extraVolumes[0].name",
            NameRule.LABEL,
            t -> Map.of("extraVolumes", List.of(Map.of("name", t, "emptyDir", Map.of()))),
            "scratch",
            "ca-bundle"),
        chartOnly(
            "initContainers[0].name",
            NameRule.LABEL,
            t -> Map.of("initContainers", List.of(Map.of("name", t, "image", "busybox"))),
            "wait-for-disk",
            "init0"),
        chartOnly(
            "extraContainers[0].name",
            NameRule.LABEL,
            t -> Map.of("extraContainers", List.of(Map.of("name", t, "image", "busybox"))),
            "log-shipper",
            "side2"),
        chartOnly(
            "commonLabels",
            NameRule.LABEL_KEY,
            t -> Map.of("commonLabels", Map.of(t, "v")),
            "team",
            "example.com/team"),
        chartOnly(
            "commonLabels[\"team\"]",
            NameRule.LABEL_VALUE,
            t -> Map.of("commonLabels", Map.of("team", t)),
            "ml-platform",
            "A.b_c"),
        chartOnly(
            "podLabels",
            NameRule.LABEL_KEY,
            t -> Map.of("podLabels", Map.of(t, "v")),
            "tier",
            "example.com/tier"),
        chartOnly(
            "podLabels[\"tier\"]",
            NameRule.LABEL_VALUE,
            t -> Map.of("podLabels", Map.of("tier", t)),
            "cache",
            "Cache_1"),
        optional(
            "cacheOrigins[0].namespace",
            NameRule.LABEL,
            t -> origin("models-origin", t, "models", ORIGIN_IMAGE),
            "origins",
            "racer-cache"),
        new Place(
            "cacheOrigins[0].name",
            t -> origin(t, "", "models", ORIGIN_IMAGE),
            List.of("models-origin", "o1"),
            t -> functionRefusal("cacheOrigins[0].name", t, "models", ORIGIN_IMAGE)),
        new Place(
            "cacheOrigins[0].volume",
            t -> origin("models-origin", "", t, ORIGIN_IMAGE),
            List.of("models", "scratch-2"),
            t -> functionRefusal("cacheOrigins[0].volume", "models-origin", t, ORIGIN_IMAGE)),
        new Place(
            "cacheOrigins[0].image",
            t -> origin("models-origin", "", "models", t),
            List.of(ORIGIN_IMAGE, "origin"),
            t -> functionRefusal("cacheOrigins[0].image", "models-origin", "models", t)),
        new Place(
            "images.tag",
            t -> Map.of("images", Map.of("registry", REGISTRY, "tag", t)),
            List.of("1.4.2", "v1_x"),
            NameValuesTest::tagRefusal));
  }

  private static Place chartOnly(
      String key, NameRule rule, Function<String, Map<String, Object>> values, String... seeds) {
    return new Place(
        key,
        values,
        List.of(seeds),
        t -> NameOracle.takes(rule, t) ? Optional.empty() : Optional.of(words(key, rule, t)));
  }

  /** A place where the empty text means none. */
  private static Place optional(
      String key, NameRule rule, Function<String, Map<String, Object>> values, String... seeds) {
    Place place = chartOnly(key, rule, values, seeds);
    return new Place(
        key, values, place.seeds(), t -> t.isEmpty() ? Optional.empty() : place.refusal().apply(t));
  }

  /** The chart's words for a text a rule refuses: key, text, rule, example. */
  private static String words(String key, NameRule rule, String text) {
    return String.format(
        Locale.ROOT, NameRule.MESSAGE, key, "\"" + text + "\"", rule.words(), rule.example());
  }

  private static Map<String, Object> origin(
      String name, String namespace, String volume, String image) {
    Map<String, Object> origin = new LinkedHashMap<>();
    origin.put("name", name);
    origin.put("namespace", namespace);
    origin.put("volume", volume);
    origin.put("image", image);
    return Map.of("cacheOrigins", List.of(origin));
  }

  /**
   * What workload's CacheOrigin builder says of the origin, after the values key; empty if none.
   */
  private static Optional<String> functionRefusal(
      String key, String name, String volume, String image) {
    try {
      CacheOrigin.daemonSet(new CacheOrigin.Spec(name, "", volume, image, null, null, null));
      return Optional.empty();
    } catch (InvalidConfigurationException e) {
      return Optional.of(key + ": " + e.getMessage());
    }
  }

  /** What the function's Config says of the images a tag makes, after images.tag; empty if none. */
  private static Optional<String> tagRefusal(String tag) {
    if (tag.isBlank()) {
      return Optional.empty();
    }
    try {
      Config.defaultConfig(
              "racer", REGISTRY + "/racer-dataplane:" + tag, REGISTRY + "/racer-object:" + tag)
          .validate();
      return Optional.empty();
    } catch (InvalidConfigurationException e) {
      return Optional.of("images.tag: " + e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("places")
  @DisplayName("every generated text: refused in the place's words when bad, rendered when good")
  void everyText(Place place) {
    HelmRun.HELM3.assumeAvailable(NameValuesTest.class);
    List<String> refused = new ArrayList<>();
    List<String> taken = new ArrayList<>();
    for (String text : place.texts()) {
      Optional<String> refusal = place.refusal().apply(text);
      Map<String, Object> values = new LinkedHashMap<>(place.values().apply(text));
      if (refusal.isPresent()) {
        String failure = HelmRun.HELM3.failureWithImages(values);
        assertThat(failure)
            .as("\"%s\" at %s", text, place)
            .contains(refusal.get())
            .doesNotContain("pattern")
            .doesNotContain("does not match");
        refused.add(text);
      } else {
        assertThatCode(() -> HelmRun.HELM3.template("racer", withImages(values)))
            .as("\"%s\" at %s", text, place)
            .doesNotThrowAnyException();
        taken.add(text);
      }
    }
    assertThat(refused).as("refused texts at %s", place).hasSizeGreaterThan(10);
    assertThat(taken).as("taken texts at %s", place).hasSizeGreaterThan(1);
  }

  private static Map<String, Object> withImages(Map<String, Object> values) {
    Map<String, Object> all = new LinkedHashMap<>(Map.of("images", Map.of("registry", REGISTRY)));
    all.putAll(values);
    return all;
  }

  @Nested
  @DisplayName("each rule's pattern under Helm's regexMatch")
  class Grammar {
    @BeforeEach
    void needsHelm() {
      HelmRun.HELM3.assumeAvailable(NameValuesTest.class);
    }

    @Test
    @DisplayName("takes exactly the generated texts that the oracle takes, rule by rule")
    void sameVerdicts(@TempDir Path chart) throws IOException {
      Files.writeString(chart.resolve("Chart.yaml"), "apiVersion: v2\nname: n\nversion: 0.1.0\n");
      Files.createDirectories(chart.resolve("templates"));
      StringBuilder template =
          new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: verdicts}\ndata:\n");
      List<String> texts = NameTexts.from("racer-cache", "Example.com/Team_1", "a.b-c");
      for (NameRule rule : NameRule.values()) {
        template
            .append("{{- range $i, $text := .Values.texts }}\n  ")
            .append(rule.name())
            .append("-{{ $i }}: {{ and (regexMatch `")
            .append(rule.pattern())
            .append("` $text) (or (eq ")
            .append(rule.maxLength())
            .append(" 0) (le (len $text) ")
            .append(rule.maxLength())
            .append(")) | quote }}\n{{- end }}\n");
      }
      Files.writeString(chart.resolve("templates/verdicts.yaml"), template.toString());
      String rendered =
          HelmRun.HELM3.templateChart(
              chart, "default", HelmRun.writeValues(Map.of("texts", texts)));
      Map<?, ?> data =
          (Map<?, ?>)
              new ObjectMapper(new YAMLFactory()).readValue(rendered, Map.class).get("data");
      assertThat(data).hasSize(texts.size() * NameRule.values().length);
      for (NameRule rule : NameRule.values()) {
        for (int i = 0; i < texts.size(); i++) {
          assertThat(data.get(rule.name() + "-" + i))
              .as("%s \"%s\"", rule, texts.get(i))
              .isEqualTo(String.valueOf(NameOracle.takes(rule, texts.get(i))));
        }
      }
    }
  }
}
