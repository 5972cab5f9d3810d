package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

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
   * @param items the rendered objects as nodes, in that order
   * @param daemonSet the rendered DaemonSet
   * @param origins the rendered origins, in the order given
   * @param results what the renderer reported; with an error, the other components are empty
   */
  record Rendered(
      List<MappingNode> items,
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
      MappingNode functionConfig) {
    List<Map<String, Object>> workloads = new ArrayList<>();
    workloads.add(PlainTrees.copyMap(daemonSet));
    origins.forEach(origin -> workloads.add(PlainTrees.copyMap(origin)));
    List<List<ApiServerDefaults.Stripped>> stripped =
        workloads.stream().map(ApiServerDefaults::strip).toList();
    Rendered first = render(settings, workloads, serviceAccount, functionConfig);
    if (first.results().hasError()) {
      return first;
    }
    boolean restored = false;
    for (int i = 0; i < workloads.size(); i++) {
      Map<String, Object> rendered = i == 0 ? first.daemonSet() : first.origins().get(i - 1);
      for (ApiServerDefaults.Stripped default_ : stripped.get(i)) {
        Object now = default_.at().valueIn(rendered);
        if (now != null && !PlainTrees.same(now, default_.value())) {
          restored |= default_.at().putIn(workloads.get(i), PlainTrees.copy(default_.value()));
        }
      }
    }
    return restored ? render(settings, workloads, serviceAccount, functionConfig) : first;
  }

  private static Rendered render(
      Map<String, Object> settings,
      List<Map<String, Object>> workloads,
      Map<String, Object> serviceAccount,
      MappingNode functionConfig) {
    List<MappingNode> input = new ArrayList<>();
    input.add(Nodes.fromPlainMap(settings));
    workloads.forEach(workload -> input.add(Nodes.fromPlainMap(workload)));
    if (serviceAccount != null) {
      input.add(Nodes.fromPlainMap(serviceAccount));
    }
    Outcome outcome = Renderer.render(input, functionConfig);
    if (outcome.results().hasError()) {
      return new Rendered(List.of(), null, List.of(), outcome.results());
    }
    List<MappingNode> output = outcome.items();
    MappingNode settingsNode = find(output, settings);
    MappingNode daemonSetNode = find(output, workloads.get(0));
    MappingNode accountNode =
        output.stream()
            .filter(node -> new Item(node).is("v1", "ServiceAccount"))
            .findFirst()
            .orElseThrow();
    List<MappingNode> ordered = new ArrayList<>(List.of(settingsNode, daemonSetNode, accountNode));
    List<Map<String, Object>> origins = new ArrayList<>();
    for (Map<String, Object> origin : workloads.subList(1, workloads.size())) {
      MappingNode node = find(output, origin);
      ordered.add(node);
      origins.add(Nodes.toPlainMap(node));
    }
    return new Rendered(ordered, Nodes.toPlainMap(daemonSetNode), origins, outcome.results());
  }

  /**
   * The rendered node of an input object: the renderer keeps every object's kind, namespace and
   * name.
   */
  private static MappingNode find(List<MappingNode> output, Map<String, Object> object) {
    Map<String, Object> metadata = PlainTrees.asMap(object.get("metadata"));
    Object namespace = metadata == null ? null : metadata.get("namespace");
    Object name = metadata == null ? null : metadata.get("name");
    return output.stream()
        .filter(
            node -> {
              Item item = new Item(node);
              return String.valueOf(object.get("kind")).equals(item.kind())
                  && String.valueOf(namespace == null ? "" : namespace).equals(item.namespace())
                  && String.valueOf(name).equals(item.name());
            })
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException("the renderer lost " + object.get("kind") + " " + name));
  }
}
