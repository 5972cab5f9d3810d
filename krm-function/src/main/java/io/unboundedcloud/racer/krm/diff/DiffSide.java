package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.rollout.ServerFields;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * One side of a diff as the objects to compare: rendered first when it has a function config (as
 * {@code render} finds it, or named), else as it came ({@code kubectl kustomize} or {@code helm
 * template} output). Either way without what is never applied (local config, the function config,
 * build instructions), without what the API server writes on a live object (so that a {@code
 * kubectl get -o yaml} dump compares too), and without the {@code config.kubernetes.io/*} and
 * {@code internal.config.kubernetes.io/*} annotations that only say where an object was read from.
 */
public final class DiffSide {
  private static final List<String> IGNORED_ANNOTATION_PREFIXES =
      List.of("config.kubernetes.io/", "internal.config.kubernetes.io/");

  private DiffSide() {}

  /**
   * The objects of a side, as plain trees.
   *
   * @param objects every object read (Lists already stand for their items)
   * @param namedFunctionConfig the function config named on the command line, or {@code null}
   * @param source the side, whose own record names the files of its objects where a message names
   *     several
   * @return the objects, with the results of rendering; failed when the side cannot be rendered
   */
  public static ReadOutcome<List<Map<String, Object>>> of(
      List<MappingNode> objects, MappingNode namedFunctionConfig, SideSource source) {
    ReadOutcome<ManifestInputs> sorted =
        ManifestInputs.sort(objects, namedFunctionConfig, source.record()::located);
    if (!sorted.ok()) {
      return ReadOutcome.of(null, sorted.results());
    }
    Results results = new Results().addAll(sorted.results());
    List<MappingNode> items = sorted.value().items();
    if (sorted.value().functionConfig() != null) {
      Outcome outcome =
          Renderer.render(items, sorted.value().functionConfig(), source.record()::located);
      results.addAll(outcome.results());
      if (outcome.results().hasError()) {
        return ReadOutcome.of(null, results);
      }
      items = outcome.items();
    }
    List<Map<String, Object>> plain = new ArrayList<>();
    for (MappingNode item : ManifestInputs.toApply(items)) {
      Item object = new Item(item);
      if (!object.annotations().containsKey(Item.FUNCTION_ANNOTATION)) {
        plain.add(comparable(object.tree()));
      }
    }
    return ReadOutcome.of(plain, results);
  }

  /** An object without server fields and without the annotations that name its source. */
  static Map<String, Object> comparable(Map<String, Object> object) {
    Map<String, Object> cleaned = ServerFields.clean(object).object();
    Map<String, Object> metadata = PlainTrees.asMap(cleaned.get("metadata"));
    Map<String, Object> annotations =
        metadata == null ? null : PlainTrees.asMap(metadata.get("annotations"));
    if (annotations != null) {
      annotations
          .keySet()
          .removeIf(key -> IGNORED_ANNOTATION_PREFIXES.stream().anyMatch(key::startsWith));
      if (annotations.isEmpty()) {
        metadata.remove("annotations");
      }
    }
    return cleaned;
  }
}
