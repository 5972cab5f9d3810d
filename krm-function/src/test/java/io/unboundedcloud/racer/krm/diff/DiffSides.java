package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Test support: the two sides of a diff as folders, built from the quickstart's inputs, its
 * rendered output and edits of it (read and written by SnakeYAML, not by the code under test), and
 * diff's JSON report read back.
 */
final class DiffSides {
  static final String NAMESPACE = "racer";
  static final String FUNCTION_CONFIG =
      InputFolder.functionConfigDocument(Map.of("imageRegistry", ResourceLists.REGISTRY));
  static final String SETTINGS =
      ResourceLists.asDocument(ResourceLists.settingsEntry(NAMESPACE, settingsData()));
  static final String ACCOUNT =
      """
      apiVersion: v1
      kind: ServiceAccount
      metadata:
        name: racer
        namespace: racer
      """;
  static final String ORIGIN =
      ResourceLists.asDocument(
          ResourceLists.cacheOriginEntry(
              """
              containers:
              - name: origin
                image: registry.example.com/models-origin:1.4.2
              """));

  private static final Yaml YAML = new Yaml(options());

  private DiffSides() {}

  /** A folder holding these files ({@code name}, text). */
  static Path folder(Path root, String name, String... files) {
    InputFolder folder = InputFolder.of();
    for (int i = 0; i < files.length; i += 2) {
      folder.file(files[i], files[i + 1]);
    }
    return folder.writeTo(root.resolve(name));
  }

  /** The quickstart's inputs: function config, settings, ServiceAccount, cache origin. */
  static Path inputs(Path root, String name, String settings, String functionConfig) {
    return folder(
        root,
        name,
        "function-config.yaml",
        functionConfig,
        "racer-settings.yaml",
        settings,
        "serviceaccount.yaml",
        ACCOUNT,
        "cache-origin.yaml",
        ORIGIN);
  }

  /** What {@code racer-krm render} makes of a folder, as YAML text. */
  static String rendered(Path folder) {
    KrmRun run = KrmRun.command("render", folder.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    return run.stdout();
  }

  /** A YAML stream with one object edited. */
  static String edited(
      String stream, String kind, String name, Consumer<Map<String, Object>> edit) {
    List<Object> objects = new ArrayList<>();
    boolean found = false;
    for (Object document : YAML.loadAll(stream)) {
      @SuppressWarnings("unchecked")
      Map<String, Object> object = (Map<String, Object>) document;
      if (kind.equals(object.get("kind"))
          && name.equals(((Map<?, ?>) object.get("metadata")).get("name"))) {
        edit.accept(object);
        found = true;
      }
      objects.add(object);
    }
    assertThat(found).as(kind + " " + name + " in the stream").isTrue();
    return YAML.dumpAll(objects.iterator());
  }

  /** The map at a path of keys, created on the way. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> at(Map<String, Object> object, String... keys) {
    Map<String, Object> current = object;
    for (String key : keys) {
      current =
          (Map<String, Object>) current.computeIfAbsent(key, k -> new java.util.LinkedHashMap<>());
    }
    return current;
  }

  /** {@code racer-krm diff OLD NEW --output json ARGS}, read back. */
  static Report json(Path old, Path current, String... args) {
    List<String> command = new ArrayList<>(List.of("diff", old.toString(), current.toString()));
    command.addAll(List.of("--output", "json"));
    command.addAll(List.of(args));
    KrmRun run = KrmRun.command(command.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    @SuppressWarnings("unchecked")
    Map<String, Object> tree = (Map<String, Object>) new Yaml().load(run.stdout());
    return new Report(tree);
  }

  /** diff's JSON report. */
  record Report(Map<String, Object> tree) {
    boolean rollout() {
      return (Boolean) tree.get("rollout");
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> objects() {
      return (List<Map<String, Object>>) tree.get("objects");
    }

    /** The entry of an object, or {@code null} when it is unchanged. */
    Map<String, Object> object(String kind, String name) {
      return objects().stream()
          .filter(o -> kind.equals(o.get("kind")) && name.equals(o.get("name")))
          .findFirst()
          .orElse(null);
    }

    @SuppressWarnings("unchecked")
    List<String> reasons(String kind, String name) {
      return (List<String>) object(kind, name).get("reasons");
    }

    @SuppressWarnings("unchecked")
    List<String> paths(String kind, String name) {
      return ((List<Map<String, Object>>) object(kind, name).get("fields"))
          .stream().map(f -> (String) f.get("path")).toList();
    }
  }

  /** The quickstart's settings, in its order. */
  private static Map<String, String> settingsData() {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("RACER_NVIDIA", "off");
    data.put("RACER_CONTROL_SEATS", "3");
    data.put("RACER_SLAB_BYTES", "2147483648");
    return data;
  }

  private static DumperOptions options() {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return options;
  }
}
