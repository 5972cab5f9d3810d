package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The live objects, rendered by the function as they will be kept in Git: the server's defaults
 * left out, except where the function would fill a value of its own in their absence (a default of
 * ours where the server's differs, such as a :latest image's pull policy), since there the live
 * value must stay written. Rendering the result again changes nothing: the renderer keeps what it
 * rendered.
 */
final class Rerendering {
  private Rerendering() {}

  /**
   * The rendered installation, in the order settings, DaemonSet, ServiceAccount, origins.
   *
   * @param items the rendered objects, in that order
   * @param daemonSet the rendered DaemonSet
   * @param origins the rendered origins, in the order given
   * @param results what the renderer reported; with an error, the other components are empty
   */
  record Rendered(
      List<Map<String, Object>> items,
      Map<String, Object> daemonSet,
      List<Map<String, Object>> origins,
      Results results) {}

  /**
   * Renders the installation.
   *
   * @param serviceAccount {@code null} when there is none (the function then adds it)
   */
  static Rendered of(
      Map<String, Object> settings,
      Map<String, Object> daemonSet,
      Map<String, Object> serviceAccount,
      List<Map<String, Object>> origins,
      Map<String, Object> functionConfig) {
    List<Map<String, Object>> workloads = new ArrayList<>();
    workloads.add(PlainTrees.copyMap(daemonSet));
    origins.forEach(origin -> workloads.add(PlainTrees.copyMap(origin)));
    List<List<ApiServerDefaults.Stripped>> stripped =
        workloads.stream().map(ApiServerDefaults::strip).toList();
    Rendered first = render(settings, workloads, serviceAccount, functionConfig);
    if (first.results().hasError()) {
      return first;
    }
    // judged on the first render before any is restored: an object the renderer left alone comes
    // back as the very tree given, which restoring edits
    List<BooleanSupplier> restores = new ArrayList<>();
    for (int i = 0; i < workloads.size(); i++) {
      Map<String, Object> rendered = i == 0 ? first.daemonSet() : first.origins().get(i - 1);
      Map<String, Object> workload = workloads.get(i);
      for (ApiServerDefaults.Stripped default_ : stripped.get(i)) {
        Object now = default_.at().valueIn(rendered);
        if (now != null && !PlainTrees.same(now, default_.value())) {
          restores.add(() -> default_.at().putIn(workload, PlainTrees.copy(default_.value())));
        }
      }
    }
    boolean restored = false;
    for (BooleanSupplier restore : restores) {
      restored |= restore.getAsBoolean();
    }
    return restored ? render(settings, workloads, serviceAccount, functionConfig) : first;
  }

  private static Rendered render(
      Map<String, Object> settings,
      List<Map<String, Object>> workloads,
      Map<String, Object> serviceAccount,
      Map<String, Object> functionConfig) {
    List<Map<String, Object>> input = new ArrayList<>();
    input.add(settings);
    input.addAll(workloads);
    if (serviceAccount != null) {
      input.add(serviceAccount);
    }
    Renderer.Trees outcome = Renderer.render(input, functionConfig);
    if (outcome.results().hasError()) {
      return new Rendered(List.of(), null, List.of(), outcome.results());
    }
    List<Map<String, Object>> output = outcome.objects();
    Map<String, Object> daemonSet = find(output, workloads.get(0));
    Map<String, Object> account =
        output.stream()
            .filter(object -> "ServiceAccount".equals(object.get("kind")))
            .findFirst()
            .orElseThrow();
    List<Map<String, Object>> ordered =
        new ArrayList<>(List.of(find(output, settings), daemonSet, account));
    List<Map<String, Object>> origins = new ArrayList<>();
    for (Map<String, Object> origin : workloads.subList(1, workloads.size())) {
      Map<String, Object> rendered = find(output, origin);
      ordered.add(rendered);
      origins.add(rendered);
    }
    return new Rendered(ordered, daemonSet, origins, outcome.results());
  }

  /**
   * The rendered object of an input object: the renderer keeps every object's kind, namespace and
   * name.
   */
  private static Map<String, Object> find(
      List<Map<String, Object>> output, Map<String, Object> object) {
    ObjectIdentity identity = ObjectIdentity.of(object);
    Map<String, Object> found = identity.in(output);
    if (found == null) {
      throw new IllegalStateException(
          "the renderer lost " + identity.kind() + " " + identity.name());
    }
    return found;
  }
}
