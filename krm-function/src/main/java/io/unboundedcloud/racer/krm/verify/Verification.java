package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Verifies a rendered stream: renders its installation again, from its own settings and images, and
 * names every field that would change. The stream is never changed.
 */
public final class Verification {
  private Verification() {}

  /**
   * @param objects the stream's objects, in order
   * @return one error per drift (none when the stream is what the function renders), or the error
   *     that there is nothing to verify
   */
  public static Results verify(List<MappingNode> objects) {
    return check(objects).results();
  }

  /**
   * @param objects the stream's objects, in order
   * @return the results of {@link #verify}, and what was checked, in one line
   */
  public static Verified check(List<MappingNode> objects) {
    return check(objects, List.of());
  }

  /**
   * @param objects the stream's objects, in order
   * @param settings the objects given apart from the stream ({@code --settings}): the
   *     racer-settings ConfigMap the stream's DaemonSet reads, when the stream does not hold it
   * @return the results of {@link #verify}, the warnings of rendering the installation again (the
   *     function's own), and what was checked, in one line
   */
  public static Verified check(List<MappingNode> objects, List<MappingNode> settings) {
    return check(objects, settings, ItemLocator.ANNOTATIONS);
  }

  /**
   * As {@link #check(List, List)}, for objects read from files.
   *
   * @param locate names the file each object came from where its annotations do not (verify of a
   *     folder: {@code SourceFiles#located}), for the messages that name several same-named objects
   */
  public static Verified check(
      List<MappingNode> objects, List<MappingNode> settings, ItemLocator locate) {
    Results results = new Results();
    Inputs inputs = new Inputs(objects, null, locate);
    ReadOutcome<RenderedDataplane> found =
        RenderedDataplane.find(
            inputs, settings.isEmpty() ? GivenSettings.NONE : GivenSettings.of(settings));
    results.addAll(found.results());
    if (!found.ok()) {
      return new Verified(results, null);
    }
    RenderedDataplane dataplane = found.value();
    List<Item> origins = inputs.cacheOrigins(dataplane.daemonSet().namespace());
    // the keys first: the fields of the DaemonSet that follow from them come after
    SettingsDrift.of(dataplane).forEach(results::add);
    try {
      rerender(dataplane, origins, results);
    } catch (YamlInputException unreadable) {
      results.add(Result.error("an object cannot be read: " + unreadable.getMessage()));
    }
    if (dataplane.recorded() == null) {
      // no record of what the function was told (an older racer-krm or chart): judge the pair
      Result images = ImageRelease.check(dataplane);
      if (images != null) {
        results.add(images);
      }
    }
    return new Verified(
        withoutRepeats(results, dataplane), Verified.checked(dataplane, origins.size()));
  }

  private static void rerender(RenderedDataplane dataplane, List<Item> origins, Results results) {
    Map<String, Object> daemonSet = asRendered(dataplane);
    List<Map<String, Object>> input = new ArrayList<>();
    input.add(settingsAsRendered(dataplane.settings()));
    input.add(daemonSet);
    origins.forEach(origin -> input.add(tree(origin)));
    Renderer.Trees outcome = Renderer.render(input, functionConfig(dataplane));
    if (outcome.results().hasError()) {
      for (Result result : outcome.results()) {
        if (result.severity() != Severity.INFO) {
          results.add(
              result.severity() == Severity.ERROR
                  ? Refusal.of(result, dataplane)
                  : Refusal.warning(result, dataplane));
        }
      }
      return;
    }
    List<Map<String, Object>> output = outcome.objects();
    List<Result> drifts = new ArrayList<>();
    for (Difference difference : Difference.between(daemonSet, output.get(1), FieldPath.root())) {
      drifts.add(Drift.ofDataplane(dataplane, difference));
    }
    for (int i = 0; i < origins.size(); i++) {
      for (Difference difference :
          Difference.between(input.get(i + 2), output.get(i + 2), FieldPath.root())) {
        drifts.add(Drift.ofOrigin(origins.get(i), difference));
      }
    }
    // what the function would warn about, in its words (its notes say what it would do to the
    // stream, which the drifts say)
    for (Result warning : outcome.results()) {
      if (warning.severity() == Severity.WARNING) {
        results.add(Refusal.warning(warning, dataplane));
      }
    }
    results.addAll(drifts);
  }

  /**
   * The results without a warning on a field of a workload that an error names: an image the
   * function would replace is the drift's to say, with its cause. A settings key's warning stays
   * beside its drift: one says it changed, the other what is wrong with it.
   */
  private static Results withoutRepeats(Results results, RenderedDataplane dataplane) {
    List<Result> errors =
        results.stream().filter(result -> result.severity() == Severity.ERROR).toList();
    Results kept = new Results();
    for (Result result : results) {
      if (result.severity() != Severity.WARNING
          || dataplane.settings().ref().equals(result.resource())
          || errors.stream().noneMatch(error -> sameField(error, result))) {
        kept.add(result);
      }
    }
    return kept;
  }

  private static boolean sameField(Result one, Result other) {
    return one.fieldPath() != null
        && one.fieldPath().equals(other.fieldPath())
        && Objects.equals(one.resource(), other.resource());
  }

  /**
   * The DaemonSet as the function names it: {@code racer}, reading {@code racer-settings} (a build
   * renamed both), so that the renderer finds it and compares nothing but what it renders.
   */
  private static Map<String, Object> asRendered(RenderedDataplane dataplane) {
    Map<String, Object> tree = tree(dataplane.daemonSet());
    metadata(tree).put("name", Dataplane.DATAPLANE_DAEMON_SET_NAME);
    DataplaneWiring.of(tree)
        .nameSettings(dataplane.settings().name(), Dataplane.SETTINGS_CONFIG_MAP);
    return tree;
  }

  private static Map<String, Object> settingsAsRendered(Item settings) {
    Map<String, Object> tree = tree(settings);
    metadata(tree).put("name", Dataplane.SETTINGS_CONFIG_MAP);
    return tree;
  }

  /** An object of the stream as the plain tree that verify renders and compares. */
  private static Map<String, Object> tree(Item object) {
    return object.tree();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.computeIfAbsent("metadata", key -> new LinkedHashMap<>());
  }

  /**
   * A function config pinned to the images the function recorded it rendered, or, with no record,
   * to those the DaemonSet runs; with the unchecked settings keys it recorded.
   */
  private static Map<String, Object> functionConfig(RenderedDataplane dataplane) {
    RecordedImages recorded = dataplane.recorded();
    Map<String, Object> data = new LinkedHashMap<>();
    data.put(
        FunctionConfig.DATAPLANE_IMAGE,
        recorded == null ? dataplane.dataplaneImage() : recorded.dataplaneImage());
    data.put(
        FunctionConfig.OBJECT_IMAGE,
        recorded == null ? dataplane.objectImage() : recorded.objectImage());
    String unchecked =
        dataplane.daemonSet().annotations().get(Dataplane.UNCHECKED_SETTINGS_ANNOTATION);
    if (unchecked != null) {
      data.put(FunctionConfig.UNCHECKED_SETTINGS, unchecked);
    }
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("apiVersion", "v1");
    config.put("kind", "ConfigMap");
    config.put("metadata", new LinkedHashMap<>(Map.of("name", Refusal.CONFIG_NAME)));
    config.put("data", data);
    return config;
  }
}
