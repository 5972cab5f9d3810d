package io.unboundedcloud.racer.krm.adopt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The live dumps of {@code src/test/resources/adopt} as files and as plain trees, and what adopt
 * writes as plain trees, read by SnakeYAML (not by the code under test).
 */
public final class LiveDumps {
  private LiveDumps() {}

  /** A live dump of {@code src/test/resources/adopt}. */
  public static Path fixture(String name) {
    try {
      return Path.of(LiveDumps.class.getResource("/adopt/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every object of a YAML stream, a List standing for its items. */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> objects(String yaml) {
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
  public static Map<String, Object> find(
      List<Map<String, Object>> objects, String kind, String name) {
    return objects.stream()
        .filter(
            object -> kind.equals(object.get("kind")) && name.equals(metadata(object).get("name")))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no " + kind + " " + name + " among " + objects.size() + " objects"));
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.getOrDefault("metadata", Map.of());
  }

  /** {@code spec.template} of a workload. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> template(Map<String, Object> workload) {
    return (Map<String, Object>) ((Map<String, Object>) workload.get("spec")).get("template");
  }

  /** {@code spec.template.spec} of a workload. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> podSpec(Map<String, Object> workload) {
    return (Map<String, Object>) template(workload).get("spec");
  }

  /** What an adopted workload's pod template becomes once the API server has defaulted it. */
  public static Map<String, Object> defaultedTemplate(Map<String, Object> adoptedWorkload) {
    return LiveTemplates.defaulted(adoptedWorkload);
  }

  /** A live workload's pod template as the server stores it; see {@link LiveTemplates#live}. */
  public static Map<String, Object> liveTemplate(Map<String, Object> liveWorkload) {
    return LiveTemplates.live(liveWorkload);
  }

  /** The YAML documents of a stream as text, in order. */
  public static List<String> documents(String yaml) {
    return List.of(yaml.split("(?m)^---\n"));
  }
}
