package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.krm.adopt.LiveTemplates;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The live dumps that {@code racer-krm adopt} is tested on (the README's bundled {@code
 * examples/adopt/operator-dump.yaml} and krm-function's {@code src/test/resources/adopt}), and pod
 * templates compared as the API server stores them ({@link LiveTemplates}).
 */
public final class LiveDump {
  private LiveDump() {}

  /** A dump: the bundled example of that name, else one of krm-function's test resources. */
  public static Path file(String name) {
    Path bundled = ChartUnderTest.repositoryRoot().resolve("examples/adopt").resolve(name);
    if (Files.isRegularFile(bundled)) {
      return bundled;
    }
    return ChartUnderTest.repositoryRoot()
        .resolve("krm-function/src/test/resources/adopt")
        .resolve(name);
  }

  /** Every object of a dump, a List standing for its items, integers as Longs. */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> objects(Path file) {
    try {
      List<Map<String, Object>> objects = new ArrayList<>();
      for (Map<String, Object> object : Manifests.parse(Files.readString(file))) {
        if ("List".equals(object.get("kind"))) {
          objects.addAll((List<Map<String, Object>>) object.get("items"));
        } else {
          objects.add(object);
        }
      }
      return objects;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The object of a kind and name. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> find(
      List<Map<String, Object>> objects, String kind, String name) {
    return objects.stream()
        .filter(
            o ->
                kind.equals(o.get("kind"))
                    && name.equals(((Map<String, Object>) o.get("metadata")).get("name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }

  /** A rendered workload's pod template once the API server has defaulted it, integers as Longs. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> defaultedTemplate(Map<String, Object> workload) {
    return (Map<String, Object>) Manifests.normalized(LiveTemplates.defaulted(workload));
  }

  /**
   * A live workload's pod template as the server stores it ({@link LiveTemplates#live}), integers
   * as Longs.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> liveTemplate(Map<String, Object> workload) {
    return (Map<String, Object>) Manifests.normalized(LiveTemplates.live(workload));
  }

  /** {@code spec.template} of a workload. */
  public static Map<String, Object> template(Map<String, Object> workload) {
    return LiveTemplates.template(workload);
  }
}
