package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One in-process run of {@code racer-krm ARGS}, and the live dumps of {@code src/test/resources/adopt} as
 * files and as plain trees, read by SnakeYAML (not by the code under test).
 */
record AdoptRun(int exit, String stdout, String stderr) {

  static AdoptRun of(String... args) {
    return withStdin(new byte[0], args);
  }

  static AdoptRun withStdin(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Command.run(args, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new AdoptRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A live dump of {@code src/test/resources/adopt}. */
  static Path fixture(String name) {
    try {
      return Path.of(AdoptRun.class.getResource("/adopt/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every object of a YAML stream, a List standing for its items. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> objects(String yaml) {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
      Map<String, Object> object = (Map<String, Object>) document;
      if (object == null) {
        continue;
      }
      if ("List".equals(object.get("kind"))) {
        objects.addAll((List<Map<String, Object>>) object.get("items"));
      } else {
        objects.add(object);
      }
    }
    return objects;
  }

  /** The object of a kind and name. */
  static Map<String, Object> find(List<Map<String, Object>> objects, String kind, String name) {
    return objects.stream()
        .filter(object -> kind.equals(object.get("kind")) && name.equals(metadata(object).get("name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " among " + objects.size() + " objects"));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.getOrDefault("metadata", Map.of());
  }

  /** {@code spec.template} of a workload. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> template(Map<String, Object> workload) {
    return (Map<String, Object>) ((Map<String, Object>) workload.get("spec")).get("template");
  }

  /** {@code spec.template.spec} of a workload. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> podSpec(Map<String, Object> workload) {
    return (Map<String, Object>) template(workload).get("spec");
  }

  /**
   * A live pod template as the server stores it: without the {@code creationTimestamp: null} that Go writes
   * for the empty time of every embedded ObjectMeta (an artefact of printing, no field of the template).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> storedTemplate(Map<String, Object> liveWorkload) {
    Map<String, Object> template = new LinkedHashMap<>(template(liveWorkload));
    Map<String, Object> metadata = new LinkedHashMap<>((Map<String, Object>) template.get("metadata"));
    metadata.remove("creationTimestamp");
    template.put("metadata", metadata);
    return template;
  }

  /** What an adopted workload's pod template becomes once the API server has defaulted it. */
  static Map<String, Object> defaultedTemplate(Map<String, Object> adoptedWorkload) {
    return template(ApiServerDefaults.filled(adoptedWorkload));
  }

  /**
   * A live workload's stored pod template, completed only with the zero values ({@code false}, {@code 0},
   * {@code ""}) that the server never prints: it asserts that completing the live template adds nothing
   * else, so that every other default an adopted template is completed with must equal what the live
   * dump itself shows.
   */
  static Map<String, Object> liveTemplate(Map<String, Object> liveWorkload) {
    Map<String, Object> stored = storedTemplate(liveWorkload);
    Map<String, Object> workload = new LinkedHashMap<>(liveWorkload);
    Map<String, Object> spec = new LinkedHashMap<>(castMap(liveWorkload.get("spec")));
    spec.put("template", stored);
    workload.put("spec", spec);
    Map<String, Object> completed = template(ApiServerDefaults.filled(workload));
    List<String> added = new ArrayList<>();
    additions(stored, completed, "spec.template", added);
    if (!added.isEmpty()) {
      throw new AssertionError("the live dump lacks defaults the server would have printed: " + added);
    }
    return completed;
  }

  /** Fields {@code completed} has beyond {@code stored} whose values are not a Go zero value. */
  private static void additions(Object stored, Object completed, String path, List<String> added) {
    if (stored instanceof Map<?, ?> before && completed instanceof Map<?, ?> after) {
      after.forEach((key, value) -> {
        if (!before.containsKey(key)) {
          if (!(Boolean.FALSE.equals(value) || Integer.valueOf(0).equals(value) || "".equals(value))) {
            added.add(path + "." + key + "=" + value);
          }
        } else {
          additions(before.get(key), value, path + "." + key, added);
        }
      });
    } else if (stored instanceof List<?> before && completed instanceof List<?> after) {
      for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
        additions(before.get(i), after.get(i), path + "[" + i + "]", added);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object value) {
    return (Map<String, Object>) value;
  }

  /** The YAML documents of a stream as text, in order. */
  static List<String> documents(String yaml) {
    return List.of(yaml.split("(?m)^---\n"));
  }

  String describe() {
    return "exit " + exit + "\n--- stderr:\n" + stderr + "--- stdout:\n" + stdout;
  }
}
