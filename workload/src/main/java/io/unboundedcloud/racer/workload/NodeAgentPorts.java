package io.unboundedcloud.racer.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * TCP ports that agents of a Kubernetes node commonly listen on in the host's network namespace. On
 * the host network the dataplane's listeners share that namespace, so a listener on one of these
 * ports either fails to bind or takes the port from the agent that starts later. The one list both
 * deliveries check against (the KRM function through {@link PodFit}, the chart through the helper
 * chart-gen writes from it) and {@code docs/settings.md} prints.
 */
public final class NodeAgentPorts {
  private static final Map<Integer, String> AGENTS = agents();

  private NodeAgentPorts() {}

  private static Map<Integer, String> agents() {
    Map<Integer, String> agents = new LinkedHashMap<>();
    agents.put(2379, "etcd client API (control-plane nodes)");
    agents.put(2380, "etcd peer API (control-plane nodes)");
    agents.put(4240, "Cilium agent health");
    agents.put(6443, "kube-apiserver (control-plane nodes)");
    agents.put(9099, "Calico Felix health");
    agents.put(9100, "Prometheus node-exporter");
    agents.put(9400, "NVIDIA DCGM exporter");
    agents.put(10248, "kubelet health");
    agents.put(10249, "kube-proxy metrics");
    agents.put(10250, "kubelet API");
    agents.put(10255, "kubelet read-only API");
    agents.put(10256, "kube-proxy health");
    agents.put(10257, "kube-controller-manager (control-plane nodes)");
    agents.put(10259, "kube-scheduler (control-plane nodes)");
    return Collections.unmodifiableMap(agents);
  }

  /** Every port with the agent that holds it, in ascending port order. */
  public static Map<Integer, String> all() {
    return AGENTS;
  }

  /** The agent that commonly holds {@code port} on a node, if any. */
  public static Optional<String> holderOf(int port) {
    return Optional.ofNullable(AGENTS.get(port));
  }
}
