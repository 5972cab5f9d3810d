package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The objects {@code racer-krm render} read from files, sorted as kustomize or kpt would have sent
 * them in a ResourceList: build instructions dropped, the function config taken out of the items
 * (the one named on the command line, or else the one object annotated {@link
 * Item#FUNCTION_ANNOTATION}), and, once rendered, the objects to print told from local config.
 *
 * @param items the items to render, in the order read
 * @param functionConfig the function config, or {@code null} when there is none
 */
public record ManifestInputs(List<MappingNode> items, MappingNode functionConfig) {
  /** Kinds that are build instructions, not manifests. */
  public static final Set<String> SKIPPED_KINDS = Set.of("Kustomization", "Component", "Kptfile");

  public ManifestInputs {
    items = List.copyOf(items);
  }

  /**
   * Sorts the objects read.
   *
   * @param objects every object read from the files, in order
   * @param namedFunctionConfig the function config named on the command line, or {@code null}:
   *     without one, an object annotated {@link Item#FUNCTION_ANNOTATION} is the function config
   * @return the items and function config, or an error when several objects carry the annotation
   */
  public static ReadOutcome<ManifestInputs> sort(
      List<MappingNode> objects, MappingNode namedFunctionConfig) {
    return sort(objects, namedFunctionConfig, ItemLocator.ANNOTATIONS);
  }

  /**
   * Sorts the objects read, the error about several function configs naming the file of each.
   *
   * @param locate names the file an object came from ({@link SourceFiles#located})
   */
  public static ReadOutcome<ManifestInputs> sort(
      List<MappingNode> objects, MappingNode namedFunctionConfig, ItemLocator locate) {
    List<MappingNode> items = new ArrayList<>(objects);
    items.removeIf(node -> SKIPPED_KINDS.contains(new Item(node).kind()));
    if (namedFunctionConfig != null) {
      return ReadOutcome.of(new ManifestInputs(items, namedFunctionConfig), new Results());
    }
    List<MappingNode> declared =
        items.stream()
            .filter(node -> new Item(node).annotations().containsKey(Item.FUNCTION_ANNOTATION))
            .toList();
    if (declared.size() > 1) {
      return ReadOutcome.failed(
          Result.error(
              declared.size()
                  + " objects carry the "
                  + Item.FUNCTION_ANNOTATION
                  + " annotation ("
                  + ObjectNames.of(declared.stream().map(Item::new).toList(), locate, ", ")
                  + "); name the function config with --function-config FILE"));
    }
    if (declared.isEmpty()) {
      return ReadOutcome.of(new ManifestInputs(items, null), new Results());
    }
    items.remove(declared.get(0));
    return ReadOutcome.of(new ManifestInputs(items, declared.get(0)), new Results());
  }

  /**
   * The rendered objects to print, in order: all but those annotated {@link
   * Item#LOCAL_CONFIG_ANNOTATION}.
   */
  public static List<MappingNode> toApply(List<MappingNode> rendered) {
    return rendered.stream().filter(node -> !new Item(node).isLocalConfig()).toList();
  }
}
