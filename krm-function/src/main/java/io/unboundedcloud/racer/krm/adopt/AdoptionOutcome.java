package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Results;
import java.util.List;
import java.util.Map;

/**
 * What adopting a live installation gives.
 *
 * @param manifests the objects to keep in Git, as plain trees, in order: the pinned function config
 *     (when adopt wrote one), racer-settings, the DaemonSet, the ServiceAccount, the cache origins;
 *     empty on failure
 * @param helmValues the chart values, or {@code null} when none were asked for (or on failure)
 * @param helmCommands the commands that let Helm adopt the live objects, one per line (empty
 *     without values)
 * @param results warnings, the verdicts and errors, in the order to print them; with an error
 *     ({@link Results#hasError()}) nothing is to be written
 * @param rolling the workloads whose pods applying the manifests restarts, the dataplane first;
 *     empty when none does, or when adopt failed before its verdict
 */
public record AdoptionOutcome(
    List<Map<String, Object>> manifests,
    Map<String, Object> helmValues,
    List<String> helmCommands,
    Results results,
    List<ResourceRef> rolling) {
  public AdoptionOutcome {
    manifests = List.copyOf(manifests);
    helmCommands = List.copyOf(helmCommands);
    results = Results.copyOf(results);
    rolling = List.copyOf(rolling);
  }

  static AdoptionOutcome failed(Results results) {
    return new AdoptionOutcome(List.of(), null, List.of(), results, List.of());
  }
}
