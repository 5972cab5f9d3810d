package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeAffinityBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node-level scheduling constraints of a dataplane pod (the {@code NodePlacement} of the Racer
 * operator's Go package {@code workload}, v0.19.0). Workloads that must run on every node that
 * serves a cache, such as cache origins, copy it so they follow the dataplane, including changes a
 * user made to the DaemonSet.
 *
 * @param affinity node affinity only: pod affinity and anti-affinity are relative to dataplane
 *     pods, so a hostname anti-affinity against racer would keep the copying workload off every
 *     dataplane node; {@code null} when the pod has none
 * @param nodeSelector the node selector, never {@code null}
 * @param tolerations the tolerations, never {@code null}
 */
public record NodePlacement(
    Affinity affinity, Map<String, String> nodeSelector, List<Toleration> tolerations) {

  public NodePlacement {
    // sorted, so the copy is written the same way whatever order the source had
    nodeSelector =
        nodeSelector == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(nodeSelector));
    tolerations = tolerations == null ? List.of() : List.copyOf(tolerations);
  }

  /**
   * A deep copy of the node-level scheduling constraints of a pod spec (the upstream {@code
   * workload} package's {@code PlacementOf}).
   */
  public static NodePlacement placementOf(PodSpec pod) {
    Affinity affinity = null;
    if (pod.getAffinity() != null && pod.getAffinity().getNodeAffinity() != null) {
      affinity =
          new AffinityBuilder()
              .withNodeAffinity(
                  new NodeAffinityBuilder(pod.getAffinity().getNodeAffinity()).build())
              .build();
    }
    Map<String, String> selector =
        pod.getNodeSelector() == null ? null : new LinkedHashMap<>(pod.getNodeSelector());
    List<Toleration> tolerations =
        pod.getTolerations() == null
            ? null
            : pod.getTolerations().stream().map(t -> new TolerationBuilder(t).build()).toList();
    return new NodePlacement(affinity, selector, tolerations);
  }

  /**
   * Puts a deep copy of this placement on a pod spec: its node affinity, node selector and
   * tolerations are replaced; its pod affinity and anti-affinity are kept.
   */
  public void applyTo(PodSpec pod) {
    Affinity own = pod.getAffinity();
    boolean keepsPodAffinity =
        own != null && (own.getPodAffinity() != null || own.getPodAntiAffinity() != null);
    if (affinity == null && !keepsPodAffinity) {
      pod.setAffinity(null);
    } else {
      AffinityBuilder builder = own == null ? new AffinityBuilder() : new AffinityBuilder(own);
      builder.withNodeAffinity(
          affinity == null ? null : new NodeAffinityBuilder(affinity.getNodeAffinity()).build());
      pod.setAffinity(builder.build());
    }
    pod.setNodeSelector(nodeSelector.isEmpty() ? null : new LinkedHashMap<>(nodeSelector));
    pod.setTolerations(
        tolerations.isEmpty()
            ? null
            : tolerations.stream().map(t -> new TolerationBuilder(t).build()).toList());
  }
}
