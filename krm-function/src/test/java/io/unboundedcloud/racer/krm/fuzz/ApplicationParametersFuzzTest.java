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
 * {@code allowedParameters}, and folders that pin their images by digest. Every input ends in a
 * clear error (exit 1, every item back unchanged, no internal error, no running out of memory) or
 * in a render that stays within the folder's lists: each image the racer DaemonSet runs or names
 * (the dataplane container, {@code RACER_OBJECT_IMAGE}, the image annotations) is, image by image,
 * the folder's own or lies under an allowed prefix at a {@code /} boundary; an image the folder
 * pins by digest is rendered exactly so unless an image under an allowed prefix replaced it;
 * racer-settings holds no key but the folder's and the catalog's; a folder with {@code
 * allowedParameters} renders only when every parameter set is listed; and no U+FFFD reaches the
 * output.
 */
@Tag("fuzz")
class ApplicationParametersFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FOLDER_REGISTRY = "registry.example.com/racer";
  private static final String DIGEST = "sha256:" + "c".repeat(64);

  /** The folder's own full images: pinned by digest, by tag and digest, or by tag alone. */
  private static final List<String> FOLDER_DATAPLANE_IMAGES =
      List.of(
          "folder.example.com/own/racer-dataplane:0.19.0",
          "folder.example.com/own/racer-dataplane@" + DIGEST,
          FOLDER_REGISTRY + "/racer-dataplane:0.19.0@" + DIGEST);

  private static final List<String> FOLDER_OBJECT_IMAGES =
      List.of(
          "folder.example.com/own/racer-object:0.19.0",
          "folder.example.com/own/racer-object@" + DIGEST,
          FOLDER_REGISTRY + "/racer-object:0.19.0@" + DIGEST);

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
          " ",
          "\t",
          "0.19.0-rc1",
          "mirror.example.com/racer/racer-object:latest",
          "folder.example.com/own/racer-dataplane:0.19.1",
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
          // a prefix that covers one image of a registry and not the other (issue 41)
          "mirror.example.com/racer/racer-dataplane",
          "mirror.example.com/racer/racer-object",
          "folder.example.com/own",
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
      config.put("dataplaneImage", data.pickValue(FOLDER_DATAPLANE_IMAGES));
    }
    if (data.consumeInt(0, 3) == 0) {
      config.put("objectImage", data.pickValue(FOLDER_OBJECT_IMAGES));
    }
    if (data.consumeInt(0, 3) == 0) {
      config.put("imageTag", data.pickValue(List.of("0.19.0", "0.19.0@" + DIGEST, "latest")));
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
    // an input of a few KiB never needs the campaign's heap (campaign.sh's HEAP_MB)
    assertThat(run.stderr()).as(what).doesNotContain("out of memory");
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
    assertDigestPinsKept(output, config, stringParameters(parameters), what);
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
   * Each image of the racer DaemonSet, image by image, is the folder's own or lies under an allowed
   * prefix: the dataplane image (its container's and its annotation) is the one the folder's config
   * alone renders (its full image exactly; an image under its registry with any tag, since {@code
   * imageTag} needs no allowance) or under an entry of {@code allowedRegistries}; the racer-object
   * image ({@code RACER_OBJECT_IMAGE} and its annotation) likewise. An entry covers a name with a
   * {@code /} that equals it or starts with it and a {@code /}.
   */
  private static void assertImagesAllowed(
      Map<String, Object> output, Map<String, String> config, String what) {
    List<String> prefixes = new ArrayList<>();
    for (String entry : config.getOrDefault("allowedRegistries", "").split(",", -1)) {
      String prefix = entry.strip();
      prefixes.add(prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix);
    }
    Map<String, String> folder = folderImages(config);
    renderedImages(output)
        .forEach(
            (which, image) -> {
              String own = folder.get(which.image());
              String name = name(image);
              boolean isOwn =
                  own != null
                      && (config.containsKey(which.key())
                          ? image.equals(own)
                          : name.equals(name(own)));
              boolean allowed =
                  name.indexOf('/') >= 0
                      && prefixes.stream()
                          .anyMatch(
                              p -> !p.isEmpty() && (name.equals(p) || name.startsWith(p + "/")));
              assertThat(isOwn || allowed)
                  .as(
                      "%s image %s (%s): the folder's own (%s) or within its lists: %s",
                      which.image(), image, which.where(), own, what)
                  .isTrue();
            });
  }

  /**
   * An image the folder pins by digest (its full image, or its registry with a tag that carries a
   * digest) is rendered exactly so, unless a parameter replaced it with an image under an allowed
   * prefix (which {@link #assertImagesAllowed} holds): no parameter drops the digest, whether by a
   * blank value or by a tag.
   */
  private static void assertDigestPinsKept(
      Map<String, Object> output,
      Map<String, String> config,
      Map<String, String> parameters,
      String what) {
    Map<String, String> folder = folderImages(config);
    renderedImages(output)
        .forEach(
            (which, image) -> {
              String own = folder.get(which.image());
              if (own != null && own.contains("@") && !image.equals(own)) {
                // the image's own parameter, or imageRegistry where the folder sets no full image
                boolean chosen =
                    parameters.containsKey(which.key())
                        || (parameters.containsKey("imageRegistry")
                            && !config.containsKey(which.key()));
                assertThat(chosen && config.containsKey("allowedRegistries"))
                    .as(
                        "%s image %s (%s) replaces the folder's digest pin %s: only an image"
                            + " parameter under allowedRegistries may: %s",
                        which.image(), image, which.where(), own, what)
                    .isTrue();
              }
            });
  }

  /** The string parameters of a JSON the run accepted, name to value. */
  private static Map<String, String> stringParameters(String parameters) {
    Map<String, String> strings = new LinkedHashMap<>();
    try {
      JsonNode root = JSON.readTree(parameters);
      if (root != null && root.isArray()) {
        root.forEach(
            parameter -> {
              if (parameter.path("string").isTextual()) {
                strings.put(parameter.path("name").asText(), parameter.path("string").asText());
              }
            });
      }
    } catch (JsonProcessingException notJson) {
      // a run that renders read none
    }
    return strings;
  }

  /**
   * What the folder's function config alone renders, "dataplane" and "racer-object" to the image:
   * the full image where it sets one, else its registry with its tag (the release's by default).
   */
  private static Map<String, String> folderImages(Map<String, String> config) {
    Map<String, String> images = new LinkedHashMap<>();
    String registry = config.get("imageRegistry");
    String tag = config.getOrDefault("imageTag", "0.19.0");
    for (Rendered which : List.of(Rendered.DATAPLANE, Rendered.OBJECT)) {
      if (config.containsKey(which.key())) {
        images.put(which.image(), config.get(which.key()));
      } else if (registry != null) {
        images.put(which.image(), registry + "/" + which.repository() + ":" + tag);
      }
    }
    return images;
  }

  /** Where the DaemonSet names an image, and which image it is. */
  private record Rendered(String image, String key, String repository, String where) {
    static final Rendered DATAPLANE =
        new Rendered("dataplane", "dataplaneImage", "racer-dataplane", "container image");
    static final Rendered OBJECT =
        new Rendered("racer-object", "objectImage", "racer-object", "RACER_OBJECT_IMAGE");

    Rendered at(String where) {
      return new Rendered(image, key, repository, where);
    }
  }

  /**
   * Every image the racer DaemonSet runs or names, with where: each container's image (the
   * dataplane's), each env value that names one ({@code RACER_OBJECT_IMAGE}), and the image
   * annotations of the DaemonSet.
   */
  @SuppressWarnings("unchecked")
  private static Map<Rendered, String> renderedImages(Map<String, Object> output) {
    Map<Rendered, String> images = new LinkedHashMap<>();
    for (Object item : (List<Object>) output.get("items")) {
      Map<String, Object> object = (Map<String, Object>) item;
      if (!"DaemonSet".equals(object.get("kind"))) {
        continue;
      }
      Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
      Map<String, Object> annotations =
          (Map<String, Object>) metadata.getOrDefault("annotations", Map.of());
      annotations.forEach(
          (key, value) -> {
            if (key.equals("racer.unbounded-cloud.io/dataplane-image")) {
              images.put(Rendered.DATAPLANE.at(key), String.valueOf(value));
            } else if (key.equals("racer.unbounded-cloud.io/object-image")) {
              images.put(Rendered.OBJECT.at(key), String.valueOf(value));
            }
          });
      Map<String, Object> pod =
          (Map<String, Object>)
              ((Map<String, Object>) ((Map<String, Object>) object.get("spec")).get("template"))
                  .get("spec");
      for (Object c : (List<Object>) pod.get("containers")) {
        Map<String, Object> container = (Map<String, Object>) c;
        images.put(
            Rendered.DATAPLANE.at("image of container " + container.get("name")),
            (String) container.get("image"));
        for (Object e : (List<Object>) container.getOrDefault("env", List.of())) {
          Map<String, Object> env = (Map<String, Object>) e;
          if (String.valueOf(env.get("name")).endsWith("IMAGE")) {
            images.put(
                Rendered.OBJECT.at("env " + env.get("name")), String.valueOf(env.get("value")));
          }
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
