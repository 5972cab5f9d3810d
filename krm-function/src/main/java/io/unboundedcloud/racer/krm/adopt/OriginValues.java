package io.unboundedcloud.racer.krm.adopt;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.unboundedcloud.racer.krm.codec.Fabric8Trees;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cacheOrigins}: an entry for each adopted origin that the chart's origin template renders
 * as it runs (one container, its image, args, env and resources); any other origin is left out of
 * the values, with a warning, and keeps its adopted manifest.
 */
final class OriginValues {
  private OriginValues() {}

  /**
   * An adopted origin and what {@code cacheOrigins} makes of it.
   *
   * @param live the live origin
   * @param adopted the adopted origin
   * @param value its {@code cacheOrigins} entry, or {@code null} when it is no DaemonSet of one
   *     container
   * @param chartOrigin the origin DaemonSet the chart renders for the entry (before placement), or
   *     {@code null}
   */
  record Candidate(
      Item live,
      Map<String, Object> adopted,
      Map<String, Object> value,
      Map<String, Object> chartOrigin) {}

  /**
   * What the values keep.
   *
   * @param values the {@code cacheOrigins} entries
   * @param objects the origins they stand for, each as {@code NAMESPACE daemonset/NAME}
   * @param results a warning per origin left out
   */
  record Judged(List<Map<String, Object>> values, List<String> objects, List<Result> results) {}

  /** A candidate for each adopted origin, in order. */
  static List<Candidate> candidates(HelmValues.Adopted adopted) {
    String namespace = adopted.live().daemonSet().namespace();
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < adopted.rendered().origins().size(); i++) {
      Map<String, Object> origin = adopted.rendered().origins().get(i);
      Map<String, Object> value = value(origin, namespace);
      Map<String, Object> chartOrigin = value == null ? null : chartOrigin(value, namespace);
      candidates.add(
          new Candidate(
              adopted.live().origins().get(i),
              origin,
              chartOrigin == null ? null : value,
              chartOrigin));
    }
    return candidates;
  }

  /**
   * Keeps each candidate whose chart rendering, in {@code chart}, has the adopted origin's spec.
   */
  static Judged judge(List<Candidate> candidates, Renderer.Trees chart) {
    List<Map<String, Object>> values = new ArrayList<>();
    List<String> objects = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    for (Candidate candidate : candidates) {
      Optional<Difference> first =
          candidate.value() == null
              ? Optional.empty()
              : firstDifference(
                  candidate.adopted(), ObjectIdentity.of(candidate.adopted()).in(chart.objects()));
      if (candidate.value() == null || first.isPresent()) {
        Item live = candidate.live();
        results.add(
            Result.of(
                Severity.WARNING,
                "cache origin "
                    + live.name()
                    + " is left out of the chart values:"
                    + " cacheOrigins cannot express it ("
                    + first
                        .map(OriginValues::describe)
                        .orElse("it is not a DaemonSet" + " with one container")
                    + "); keep its adopted manifest",
                live.ref(),
                null));
      } else {
        values.add(candidate.value());
        objects.add(candidate.live().namespace() + " daemonset/" + candidate.live().name());
      }
    }
    return new Judged(values, objects, results);
  }

  /**
   * A {@code cacheOrigins} entry for an adopted origin, or {@code null} when it is no DaemonSet of
   * one container.
   */
  private static Map<String, Object> value(Map<String, Object> origin, String releaseNamespace) {
    Object containers = FieldPath.of("spec.template.spec.containers").valueIn(origin);
    Object volume = FieldPath.of("metadata.labels").key(CacheOrigin.LABEL).valueIn(origin);
    if (!"DaemonSet".equals(origin.get("kind"))
        || !(containers instanceof List<?> list)
        || list.size() != 1
        || !(volume instanceof String)) {
      return null;
    }
    Map<String, Object> container = PlainTrees.asMap(list.get(0));
    Map<String, Object> metadata = PlainTrees.asMap(origin.get("metadata"));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("name", metadata.get("name"));
    Object namespace = metadata.get("namespace");
    if (namespace != null && !releaseNamespace.equals(namespace)) {
      value.put("namespace", namespace);
    }
    value.put("volume", volume);
    value.put("image", container.get("image"));
    for (String field : List.of("args", "env", "resources")) {
      Object found = container.get(field);
      if (found instanceof List<?> items && !items.isEmpty()
          || found instanceof Map<?, ?> map && !map.isEmpty()) {
        value.put(field, PlainTrees.copy(found));
      }
    }
    return value;
  }

  /**
   * The origin DaemonSet the chart renders for a {@code cacheOrigins} entry, or {@code null} when
   * it cannot.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> chartOrigin(
      Map<String, Object> value, String releaseNamespace) {
    try {
      // the entry's env and resources, read as a container's
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("env", value.getOrDefault("env", List.of()));
      fields.put("resources", value.get("resources"));
      Container container = Fabric8Trees.read(fields, Container.class, FieldPath.root());
      List<EnvVar> env =
          container.getEnv() == null ? new ArrayList<>() : new ArrayList<>(container.getEnv());
      CacheOrigin.Spec spec =
          new CacheOrigin.Spec(
              String.valueOf(value.get("name")),
              String.valueOf(value.getOrDefault("namespace", releaseNamespace)),
              String.valueOf(value.get("volume")),
              value.get("image") instanceof String image ? image : null,
              ((List<Object>) value.getOrDefault("args", List.of()))
                  .stream().map(String::valueOf).toList(),
              env,
              container.getResources());
      return Fabric8Trees.write(CacheOrigin.daemonSet(spec));
    } catch (InvalidConfigurationException | IllegalArgumentException notAnOrigin) {
      return null;
    }
  }

  /**
   * The first difference of two origins in their spec (a label of the DaemonSet itself rolls
   * nothing).
   */
  private static Optional<Difference> firstDifference(
      Map<String, Object> adopted, Map<String, Object> chart) {
    if (chart == null) {
      return Optional.of(new Difference(FieldPath.root(), "the origin", null, false));
    }
    return Difference.between(
            ApiServerDefaults.filled(adopted).get("spec"),
            ApiServerDefaults.filled(chart).get("spec"),
            FieldPath.root().key("spec"))
        .stream()
        .findFirst();
  }

  private static String describe(Difference difference) {
    return difference.at()
        + ": live "
        + PlainTrees.shown(difference.before())
        + ", chart "
        + PlainTrees.shown(difference.after());
  }
}
