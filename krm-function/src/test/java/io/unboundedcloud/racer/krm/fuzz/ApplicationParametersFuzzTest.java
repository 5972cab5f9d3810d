package io.unboundedcloud.racer.krm.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Argo CD Application's parameters ({@code ARGOCD_APP_PARAMETERS}) over a folder's
 * racer-settings and function config, all three from the fuzzer: structured JSON built from names
 * and values that matter (the catalog's keys, keys of a process's environment, the function config
 * parameters, registries beside and under the allowed ones, ports, digests, U+FFFD and half
 * surrogates) or raw text, and function configs with and without {@code allowedRegistries} and
 * {@code allowedParameters}. Every input ends in a clear error (exit 1, every item back unchanged,
 * no internal error) or in a render that stays within the folder's lists: each image of the racer
 * DaemonSet is the folder's own (any tag) or lies under an allowed prefix at a {@code /} boundary;
 * racer-settings holds no key but the folder's and the catalog's; a folder with {@code
 * allowedParameters} renders only when every parameter set is listed; and no U+FFFD reaches the
 * output.
 */
@Tag("fuzz")
class ApplicationParametersFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FOLDER_REGISTRY = "registry.example.com/racer";

  private static final List<String> CATALOG =
      SettingsCatalog.keys().stream().map(SettingKey::name).toList();

  /** Names a parameter may have, and names it must not. */
  private static final List<String> NAMES =
      Stream.concat(
              CATALOG.stream(),
              Stream.of(
                  "settings",
                  "imageRegistry",
                  "imageTag",
                  "dataplaneImage",
                  "objectImage",
                  "strict",
                  "allowedRegistries",
                  "allowedParameters",
                  "RACER_RAILS",
                  "LD_PRELOAD",
                  "HTTPS_PROXY",
                  "KUBERNETES_SERVICE_HOST",
                  "team",
                  "..",
                  ""))
          .toList();

  /** Values that probe the lists: registries under, beside and above the allowed ones. */
  private static final List<String> VALUES =
      List.of(
          "cdi",
          "off",
          "9300",
          "true",
          "",
          "0.19.0",
          "latest",
          "0.19.0@sha256:" + "a".repeat(64),
          "mirror.example.com/racer",
          "mirror.example.com/racer/",
          "mirror.example.com/racer/eu",
          "mirror.example.com/racerevil",
          "mirror.example.com.evil.io/racer",
          "mirror.example.com:5000/racer",
          "mirror.example.com",
          "registry.example.com/racer",
          "registry.example.com/racerx",
          "evil.example.com/pwn",
          "evil.example.com/pwn:latest",
          "mirror.example.com/racer/racer-dataplane",
          "mirror.example.com/racer/racer-dataplane:0.19.0",
          "mirror.example.com/racer/../evil/racer-dataplane:0.19.0",
          "mirror.example.com/racer/racer-object@sha256:" + "b".repeat(64),
          "mirror.example.com/racerevil/racer-object:0.19.0",
          "[::1]:5000/racer/racer-dataplane:0.19.0",
          "https://mirror.example.com/racer",
          "MIRROR.example.com/racer",
          "racer/racer-dataplane:0.19.0",
          "cd\uFFFD",
          "cd\uD800",
          "\uD83D\uDE80");

  /** Entries of the function config's lists. */
  private static final List<String> REGISTRY_ENTRIES =
      List.of(
          "mirror.example.com/racer",
          "mirror.example.com",
          "mirror.example.com:5000",
          "[::1]:5000/racer",
          "docker.io/racer",
          "registry.example.com",
          " mirror.example.com/racer/ ",
          "https://mirror.example.com",
          "mirror.example.com/racer:0.19.0",
          "");

  @FuzzTest(maxDuration = "10m")
  void parameters(FuzzedDataProvider data) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("RACER_NVIDIA", "off");
    if (data.consumeBoolean()) {
      settings.put("team", "platform");
    }
    Map<String, String> config = new LinkedHashMap<>();
    if (data.consumeBoolean()) {
      config.put("imageRegistry", FOLDER_REGISTRY);
    }
    if (data.consumeInt(0, 3) == 0) {
      config.put("dataplaneImage", "folder.example.com/own/racer-dataplane:0.19.0");
    }
    if (data.consumeBoolean()) {
      config.put("allowedRegistries", list(data, REGISTRY_ENTRIES));
    }
    if (data.consumeInt(0, 2) == 0) {
      config.put("allowedParameters", list(data, NAMES));
    }
    if (data.consumeBoolean()) {
      config.put("strict", data.pickValue(List.of("true", "false")));
    }
    String parameters = data.consumeBoolean() ? data.consumeString(300) : structured(data);

    byte[] input = ResourceLists.of().settings(settings).functionConfig(config).bytes();
    KrmRun run = KrmRun.function(input, Map.of("ARGOCD_APP_PARAMETERS", parameters));

    String what = "parameters " + parameters + "\nconfig " + config + "\n" + run.describe();
    assertThat(run.exitCode()).as(what).isIn(0, 1);
    assertThat(run.stderr()).as(what).doesNotContain("internal error");
    assertThat(run.stdout()).as(what).doesNotContain("\uFFFD");
    if (run.exitCode() == 1) {
      assertThat(run.stderr()).as(what).contains("error: ");
      assertThat(ItemTrees.of(ItemTrees.itemsOf(run.stdoutBytes())))
          .as("items after an error: " + what)
          .isEqualTo(ItemTrees.of(ItemTrees.itemsOf(input)));
      return;
    }
    Map<String, Object> output = load(run.stdout());
    assertImagesAllowed(output, config, what);
    assertSettingsKeys(output, settings.keySet(), what);
    if (config.containsKey("allowedParameters")) {
      Set<String> allowed = new HashSet<>();
      for (String entry : config.get("allowedParameters").split(",", -1)) {
        allowed.add(entry.strip());
      }
      assertThat(namesSet(parameters))
          .as("parameters set, all allowed: " + what)
          .isSubsetOf(allowed);
    }
  }

  /** A comma-separated list of one to three entries. */
  private static String list(FuzzedDataProvider data, List<String> entries) {
    List<String> picked = new ArrayList<>();
    int count = data.consumeInt(1, 3);
    for (int i = 0; i < count; i++) {
      picked.add(data.pickValue(entries));
    }
    return String.join(",", picked);
  }

  /** A JSON array of parameters, each of a name and of values of any kind. */
  private static String structured(FuzzedDataProvider data) {
    List<Map<String, Object>> parameters = new ArrayList<>();
    int count = data.consumeInt(0, 4);
    for (int i = 0; i < count; i++) {
      Map<String, Object> parameter = new LinkedHashMap<>();
      parameter.put("name", data.consumeBoolean() ? data.pickValue(NAMES) : data.consumeString(20));
      switch (data.consumeInt(0, 3)) {
        case 0 -> parameter.put("string", value(data));
        case 1 -> {
          Map<String, Object> map = new LinkedHashMap<>();
          int entries = data.consumeInt(0, 3);
          for (int j = 0; j < entries; j++) {
            map.put(data.pickValue(NAMES), value(data));
          }
          parameter.put("map", map);
        }
        case 2 -> parameter.put("array", List.of(value(data)));
        default -> {
          // no value at all
        }
      }
      parameters.add(parameter);
    }
    try {
      return JSON.writeValueAsString(parameters);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String value(FuzzedDataProvider data) {
    return data.consumeBoolean() ? data.pickValue(VALUES) : data.consumeString(40);
  }

  /** The names of the parameters an Application sets, as far as the JSON can be read. */
  private static Set<String> namesSet(String parameters) {
    Set<String> names = new HashSet<>();
    try {
      JsonNode root = JSON.readTree(parameters);
      if (root != null && root.isArray()) {
        root.forEach(parameter -> names.add(parameter.path("name").asText()));
      }
    } catch (JsonProcessingException notJson) {
      // a run that renders read none
    }
    return names;
  }

  /**
   * Every image of the racer DaemonSet (its containers' images and env values that name one) is the
   * folder's own, whatever its tag, or under an allowed prefix.
   */
  @SuppressWarnings("unchecked")
  private static void assertImagesAllowed(
      Map<String, Object> output, Map<String, String> config, String what) {
    Set<String> own = new HashSet<>();
    String registry = config.get("imageRegistry");
    if (registry != null) {
      own.add(registry + "/racer-dataplane");
      own.add(registry + "/racer-object");
    }
    if (config.containsKey("dataplaneImage")) {
      own.add(name(config.get("dataplaneImage")));
    }
    List<String> prefixes = new ArrayList<>();
    for (String entry : config.getOrDefault("allowedRegistries", "").split(",", -1)) {
      String prefix = entry.strip();
      prefixes.add(prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix);
    }
    for (Object item : (List<Object>) output.get("items")) {
      Map<String, Object> object = (Map<String, Object>) item;
      if (!"DaemonSet".equals(object.get("kind"))) {
        continue;
      }
      for (String image : images(object)) {
        String name = name(image);
        boolean allowed =
            own.contains(name)
                || prefixes.stream()
                    .anyMatch(p -> !p.isEmpty() && (name.equals(p) || name.startsWith(p + "/")));
        assertThat(allowed).as("image %s within the folder's lists: %s", image, what).isTrue();
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> images(Map<String, Object> daemonSet) {
    List<String> images = new ArrayList<>();
    Map<String, Object> pod =
        (Map<String, Object>)
            ((Map<String, Object>) ((Map<String, Object>) daemonSet.get("spec")).get("template"))
                .get("spec");
    for (Object c : (List<Object>) pod.get("containers")) {
      Map<String, Object> container = (Map<String, Object>) c;
      images.add((String) container.get("image"));
      for (Object e : (List<Object>) container.getOrDefault("env", List.of())) {
        Map<String, Object> env = (Map<String, Object>) e;
        if (String.valueOf(env.get("name")).endsWith("IMAGE")) {
          images.add(String.valueOf(env.get("value")));
        }
      }
    }
    return images;
  }

  /** racer-settings holds the folder's keys and keys of the catalog, nothing else. */
  @SuppressWarnings("unchecked")
  private static void assertSettingsKeys(
      Map<String, Object> output, Set<String> folder, String what) {
    for (Object item : (List<Object>) output.get("items")) {
      Map<String, Object> object = (Map<String, Object>) item;
      Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
      if ("ConfigMap".equals(object.get("kind")) && "racer-settings".equals(metadata.get("name"))) {
        for (String key : ((Map<String, Object>) object.get("data")).keySet()) {
          assertThat(folder.contains(key) || CATALOG.contains(key))
              .as("racer-settings key %s: the folder's or the catalog's: %s", key, what)
              .isTrue();
        }
      }
    }
  }

  /** The repository name of an image reference: without digest, and without a tag. */
  private static String name(String image) {
    int at = image.indexOf('@');
    String name = at < 0 ? image : image.substring(0, at);
    int colon = name.lastIndexOf(':');
    return colon > name.lastIndexOf('/') ? name.substring(0, colon) : name;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> load(String resourceList) {
    return (Map<String, Object>)
        new Yaml(new SafeConstructor(new LoaderOptions())).load(resourceList);
  }
}
