package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.diff.TreeJson;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code adopt --output json}, for tools, as {@code docs/adopt.schema.json} defines it: {@code
 * {"adopted": bool, "rollout": [workload...], "results": [...], "manifests": [...], "chartValues":
 * {...} or null, "helmCommands": [...]}}. The results are written as the KRM function writes its
 * results ({@link io.unboundedcloud.racer.krm.results.Result#toTree()}); the manifests are the
 * objects the YAML output holds, in its order. On an error nothing is to be kept: no manifests, no
 * values, no commands, only the results and the workloads that roll.
 */
public final class AdoptionJson {
  private AdoptionJson() {}

  /**
   * @param outcome what adopt gave
   * @param results its results as reported (located in their files)
   */
  public static String of(AdoptionOutcome outcome, Results results) {
    boolean adopted = !results.hasError();
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("adopted", adopted);
    List<Object> rolling = new ArrayList<>();
    outcome.rolling().forEach(workload -> rolling.add(workload(workload)));
    tree.put("rollout", rolling);
    List<Object> lines = new ArrayList<>();
    results.forEach(result -> lines.add(result.toTree()));
    tree.put("results", lines);
    List<Object> manifests = new ArrayList<>();
    if (adopted) {
      manifests.addAll(outcome.manifests());
    }
    tree.put("manifests", manifests);
    tree.put("chartValues", adopted ? outcome.helmValues() : null);
    tree.put("helmCommands", adopted ? outcome.helmCommands() : List.of());
    return TreeJson.of(tree);
  }

  private static Map<String, Object> workload(ResourceRef ref) {
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("apiVersion", ref.apiVersion());
    workload.put("kind", ref.kind());
    workload.put("namespace", ref.namespace());
    workload.put("name", ref.name());
    return workload;
  }
}
