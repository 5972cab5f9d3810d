package io.unboundedcloud.racer.krm.verify;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParametersJson;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * verify over the function config space: registries with ports and paths, tags and digests,
 * dataplane and object images set apart (other registries, other repository names), each through
 * the function config or the Application's parameters; rendered once (function mode) and again by
 * an overlay that lists the function once more. Every output verifies clean, and every change of a
 * field the function owns made after it is caught, naming the field.
 *
 * <p>Seeded: a failure names its seed; rerun one with {@code -Dproperties.seed=SEED
 * -Dproperties.cases=1}.
 */
@Tag("slow")
@DisplayName("verify over the function config space: every output clean, every later change caught")
class VerifiedOutputPropertyTest {
  static final long FIRST_SEED = Long.getLong("properties.seed", 20_261_201_032L);
  static final int CASES = Integer.getInteger("properties.cases", 60);

  private static final List<String> REGISTRIES =
      List.of(
          "registry.example.com",
          "registry.example.com/racer",
          "mirror.example.org:5000/deep/path/racer",
          "localhost:5000",
          "10.0.0.7:443/team");
  private static final List<String> IMAGE_PARAMETERS =
      List.of("imageRegistry", "dataplaneImage", "objectImage");
  private static final List<String> DATAPLANE_NAMES = List.of("racer-dataplane", "dp", "team/dp");
  private static final List<String> OBJECT_NAMES = List.of("racer-object", "obj", "team/obj");
  private static final String DIGEST =
      "@sha256:4d2b1e6c8f0a3b5d7e9f1a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b";

  /** One point of the space: the function config's data and the Application's parameters. */
  record Case(long seed, Map<String, String> config, Map<String, String> parameters) {
    @Override
    public String toString() {
      return "seed " + seed + ": config " + config + ", parameters " + parameters;
    }
  }

  static Case draw(long seed) {
    Random random = new Random(seed);
    Map<String, String> chosen = new LinkedHashMap<>();
    switch (random.nextInt(3)) {
      case 0 -> {
        chosen.put("imageRegistry", pick(random, REGISTRIES));
        if (random.nextBoolean()) {
          chosen.put("imageTag", "0.19." + random.nextInt(5));
        }
      }
      case 1 -> {
        chosen.put("dataplaneImage", image(random, DATAPLANE_NAMES));
        chosen.put("objectImage", image(random, OBJECT_NAMES));
      }
      default -> {
        chosen.put("imageRegistry", pick(random, REGISTRIES));
        chosen.put(
            random.nextBoolean() ? "dataplaneImage" : "objectImage",
            image(random, random.nextBoolean() ? DATAPLANE_NAMES : OBJECT_NAMES));
      }
    }
    // each key through the function config or an Application parameter
    Map<String, String> config = new LinkedHashMap<>();
    Map<String, String> parameters = new LinkedHashMap<>();
    chosen.forEach((key, value) -> (random.nextInt(3) == 0 ? parameters : config).put(key, value));
    if (config.isEmpty()) {
      config.put("imageRegistry", pick(random, REGISTRIES));
    }
    if (parameters.keySet().stream().anyMatch(IMAGE_PARAMETERS::contains)) {
      // an Application chooses images only under the registries the folder allows
      config.put("allowedRegistries", String.join(",", REGISTRIES));
    }
    return new Case(seed, config, parameters);
  }

  private static String image(Random random, List<String> names) {
    String name = pick(random, REGISTRIES) + "/" + pick(random, names);
    return switch (random.nextInt(3)) {
      case 0 -> name + ":1." + random.nextInt(9);
      case 1 -> name + DIGEST;
      default -> name + ":1.0" + DIGEST;
    };
  }

  private static <T> T pick(Random random, List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  private static MappingNode functionConfig(Map<String, String> data) {
    StringBuilder yaml =
        new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\n");
    yaml.append("data:\n");
    data.forEach(
        (key, value) -> yaml.append("  ").append(key).append(": \"").append(value).append("\"\n"));
    return ManifestNodes.one(yaml.toString());
  }

  private static ApplicationParameters parameters(Map<String, String> values) {
    List<String> entries = new ArrayList<>();
    values.forEach(
        (key, value) -> entries.add("{\"name\":\"" + key + "\",\"string\":\"" + value + "\"}"));
    ReadOutcome<ApplicationParameters> read =
        ParametersJson.read("[" + String.join(",", entries) + "]");
    assertThat(read.ok()).as("%s", read.results()).isTrue();
    return read.value();
  }

  /** The function's output for the case, rendered once, as a stream. */
  static String rendered(Case point) {
    return YamlWriter.manifests(renderedOnce(point).items());
  }

  private static Outcome renderedOnce(Case point) {
    Outcome outcome =
        Renderer.render(
            ManifestNodes.of(SETTINGS + "---\n" + ORIGIN),
            functionConfig(point.config()),
            parameters(point.parameters()));
    assertThat(outcome.results().hasError()).as("%s: %s", point, outcome.results()).isFalse();
    return outcome;
  }

  /**
   * Verify found no error, and warned what the function warned when it rendered the stream, in its
   * words (the function's naming the Application parameter that set a value, which verify cannot
   * know, before them), in its order.
   */
  private static void assertWarnedAsTheFunction(Results verified, Results told, String as) {
    assertThat(verified.hasError()).as("%s: %s", as, verified).isFalse();
    List<String> said = verified.stream().map(Result::message).toList();
    List<String> warned =
        told.stream()
            .filter(
                result -> result.severity() == io.unboundedcloud.racer.krm.results.Severity.WARNING)
            .map(Result::message)
            .toList();
    assertThat(said).as("%s: %s against %s", as, said, warned).hasSameSizeAs(warned);
    for (int i = 0; i < said.size(); i++) {
      assertThat(warned.get(i)).as(as).endsWith(said.get(i));
    }
  }

  @Nested
  @DisplayName(
      "every valid function config renders an output that verifies clean, warned as the function warned")
  class Clean {
    @Test
    @DisplayName("rendered once (function mode)")
    void once() {
      for (int i = 0; i < CASES; i++) {
        Case point = draw(FIRST_SEED + i);
        Outcome outcome = renderedOnce(point);
        Results results =
            Verification.verify(ManifestNodes.of(YamlWriter.manifests(outcome.items())));
        assertWarnedAsTheFunction(results, outcome.results(), point.toString());
      }
    }

    @Test
    @DisplayName(
        "rendered by a base, then again by an overlay that lists the function with its own config")
    void overlay() {
      for (int i = 0; i < CASES; i++) {
        Case base = draw(FIRST_SEED + i);
        Case overlay = draw(FIRST_SEED + CASES + i);
        Outcome again =
            Renderer.render(
                ManifestNodes.of(rendered(base)),
                functionConfig(overlay.config()),
                parameters(overlay.parameters()));
        assertThat(again.results().hasError()).as("%s then %s", base, overlay).isFalse();
        String stream = YamlWriter.manifests(again.items());
        assertWarnedAsTheFunction(
            Verification.verify(ManifestNodes.of(stream)),
            again.results(),
            base + " then " + overlay);
        // and the overlay's run on its own output changes nothing (idempotent)
        Outcome third =
            Renderer.render(
                ManifestNodes.of(stream),
                functionConfig(overlay.config()),
                parameters(overlay.parameters()));
        assertThat(YamlWriter.manifests(third.items())).as("%s", overlay).isEqualTo(stream);
      }
    }
  }

  /** A field the function owns, changed after it ran, and where verify must say so. */
  record LaterChange(String name, Pattern line, String replacement, String field) {}

  static final List<LaterChange> CHANGES =
      List.of(
          new LaterChange(
              "the dataplane image (kustomize's images:)",
              Pattern.compile("(?m)^(\\s+- )?(\\s*)image: (\\S*dp|\\S*racer-dataplane)\\S*$"),
              "$1$2image: elsewhere.example.net/replaced/dataplane:9.9",
              "spec.template.spec.containers[name=dataplane].image"),
          new LaterChange(
              "RACER_OBJECT_IMAGE",
              Pattern.compile("(?m)^(\\s+)- name: RACER_OBJECT_IMAGE\\n(\\s+)value: \\S+$"),
              "$1- name: RACER_OBJECT_IMAGE\n$2value: elsewhere.example.net/replaced/object:9.9",
              "spec.template.spec.containers[name=dataplane].env[name=RACER_OBJECT_IMAGE].value"),
          new LaterChange(
              "privileged",
              Pattern.compile("privileged: true"),
              "privileged: false",
              "spec.template.spec.containers[name=dataplane].securityContext.privileged"),
          new LaterChange(
              "the peer port",
              Pattern.compile("containerPort: 8082"),
              "containerPort: 8099",
              "spec.template.spec.containers[name=dataplane].ports[name=peer].containerPort"),
          new LaterChange(
              "the serviceAccountName",
              Pattern.compile("serviceAccountName: racer"),
              "serviceAccountName: someone-else",
              "spec.template.spec.serviceAccountName"));

  @Test
  @DisplayName("each owned field changed after the function: verify fails naming it")
  void everyLaterChangeCaught() {
    for (int i = 0; i < CASES; i++) {
      Case point = draw(FIRST_SEED + i);
      String stream = rendered(point);
      LaterChange change = CHANGES.get(i % CHANGES.size());
      Matcher matcher = change.line().matcher(stream);
      assertThat(matcher.find()).as("%s: %s in the output", point, change.name()).isTrue();
      String changed = matcher.replaceFirst(change.replacement());
      assertThat(changed).as("%s: %s", point, change.name()).isNotEqualTo(stream);

      Results results = Verification.verify(ManifestNodes.of(changed));

      assertThat(results.exitCode()).as("%s: %s", point, change.name()).isEqualTo(1);
      assertThat(results.stream().map(Result::fieldPath))
          .as("%s: %s", point, change.name())
          .contains(change.field());
    }
  }

  /** The values one settings key may take, all valid, the last of a user's key over 256 bytes. */
  private static final Map<String, List<String>> SETTINGS_VALUES =
      Map.of(
          "RACER_PEER_PORT", List.of("8100", "8200", "9100"),
          "RACER_SHARES", List.of("1", "4", "12"),
          "RACER_CONTROL_SEATS", List.of("auto", "3", "5"),
          "RACER_NVIDIA", List.of("off", "env", "cdi"),
          "team-notes", List.of("ml", "storage team", "n".repeat(300)));

  private static String settingsYaml(Map<String, String> data) {
    StringBuilder yaml =
        new StringBuilder(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n"
                + "data:\n");
    data.forEach(
        (key, value) -> yaml.append("  ").append(key).append(": \"").append(value).append("\"\n"));
    if (data.isEmpty()) {
      yaml.append("  {}\n");
    }
    return yaml.toString();
  }

  private static String shown(String value) {
    return value.length() > 256
        ? "a value recorded by its digest sha256:" + SettingsRecord.digest(value)
        : "\"" + value + "\"";
  }

  @Test
  @DisplayName(
      "one settings key changed, added or removed after the function: verify names that key and both values, before any field")
  void everySettingsKeyNamed() {
    List<String> keys = new ArrayList<>(new TreeMap<>(SETTINGS_VALUES).keySet());
    for (int i = 0; i < CASES; i++) {
      Case point = draw(FIRST_SEED + i);
      Random random = new Random(FIRST_SEED + i);
      Map<String, String> data = new LinkedHashMap<>();
      for (String key : keys) {
        if (random.nextBoolean()) {
          data.put(key, pick(random, SETTINGS_VALUES.get(key)));
        }
      }
      Outcome outcome =
          Renderer.render(
              ManifestNodes.of(settingsYaml(data) + "---\n" + ORIGIN),
              functionConfig(point.config()),
              parameters(point.parameters()));
      assertThat(outcome.results().hasError()).as("%s %s", point, data).isFalse();
      List<MappingNode> stream = ManifestNodes.of(YamlWriter.manifests(outcome.items()));
      assertWarnedAsTheFunction(Verification.verify(stream), outcome.results(), point + " " + data);

      // one key changed after the function: another value, added, or removed
      String key = pick(random, keys);
      String before = data.get(key);
      List<String> others = new ArrayList<>(SETTINGS_VALUES.get(key));
      others.remove(before);
      String after = before != null && random.nextBoolean() ? null : pick(random, others);
      List<MappingNode> changed = new ArrayList<>();
      for (MappingNode object : stream) {
        Map<String, Object> tree = Nodes.toPlainMap(object);
        if ("ConfigMap".equals(tree.get("kind"))
            && tree.get("metadata") instanceof Map<?, ?> metadata
            && "racer-settings".equals(metadata.get("name"))) {
          @SuppressWarnings("unchecked")
          Map<String, Object> settings =
              (Map<String, Object>) tree.computeIfAbsent("data", k -> new LinkedHashMap<>());
          if (after == null) {
            settings.remove(key);
          } else {
            settings.put(key, after);
          }
        }
        changed.add(Nodes.fromPlainMap(tree));
      }
      String what = point + " " + data + ": " + key + " " + before + " -> " + after;

      Results results = Verification.verify(changed);

      assertThat(results.exitCode()).as(what).isEqualTo(1);
      Result first = results.first();
      assertThat(first.fieldPath()).as(what).isEqualTo("data." + key);
      assertThat(first.resource().name()).as(what).isEqualTo("racer-settings");
      if (after == null || after.length() <= 256) {
        assertThat(first.message())
            .as(what)
            .startsWith(
                "drift: data."
                    + key
                    + " of ConfigMap racer/racer-settings "
                    + (after == null ? "is absent" : "is " + shown(after))
                    + ", ");
      } else {
        // the value now is shown cut to a line
        assertThat(first.message())
            .as(what)
            .startsWith("drift: data." + key + " of ConfigMap racer/racer-settings is \"nnn");
      }
      assertThat(first.message())
          .as(what)
          .contains(
              before == null
                  ? "a key the function did not render with"
                  : "the function rendered with " + shown(before));
      assertThat(results.stream().skip(1).map(Result::fieldPath))
          .as("%s: one line for the key, the fields after it", what)
          .noneMatch(field -> field.startsWith("data."));
    }
  }
}
