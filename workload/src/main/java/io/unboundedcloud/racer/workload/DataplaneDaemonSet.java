package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles the dataplane DaemonSet from its parts; {@link Dataplane#daemonSet} validates first.
 */
final class DataplaneDaemonSet {
  private static final int MIN_READY_SECONDS = 10;
  private static final long TERMINATION_GRACE_SECONDS = 30L;

  private DataplaneDaemonSet() {}

  static DaemonSet build(Config config, String settingsHash, String settingsRecord) {
    NvidiaInjection nvidia = config.get(ShapeKeys.NVIDIA);
    boolean hostNetwork = config.get(ShapeKeys.HOST_NETWORK);
    List<DataplaneVolumes.Entry> volumes = DataplaneVolumes.of(nvidia);
    return new DaemonSetBuilder()
        .withNewMetadata()
        .withName(Dataplane.DATAPLANE_DAEMON_SET_NAME)
        .withNamespace(config.hasNamespace() ? config.namespace() : null)
        .withLabels(Dataplane.labels())
        .withAnnotations(record(config, settingsHash, settingsRecord))
        .endMetadata()
        .withNewSpec()
        .withNewSelector()
        .withMatchLabels(Dataplane.labels())
        .endSelector()
        .withUpdateStrategy(DataplaneDaemonSet.oneNodeAtATime())
        .withMinReadySeconds(MIN_READY_SECONDS)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(Dataplane.labels())
        .withAnnotations(podAnnotations(nvidia, settingsHash))
        .endMetadata()
        .withNewSpec()
        .withServiceAccountName(Dataplane.DATAPLANE_DAEMON_SET_NAME)
        .withAutomountServiceAccountToken(false)
        .withHostNetwork(hostNetwork ? Boolean.TRUE : null)
        .withDnsPolicy(dnsPolicy(hostNetwork))
        .withRestartPolicy("Always")
        .withSchedulerName("default-scheduler")
        .withEnableServiceLinks(false)
        .withPreemptionPolicy("PreemptLowerPriority")
        .withTerminationGracePeriodSeconds(TERMINATION_GRACE_SECONDS)
        .withNewSecurityContext()
        .withRunAsUser(0L)
        .endSecurityContext()
        .withAffinity(Dataplane.dataplaneAffinity())
        .withContainers(container(config, DataplaneEnv.of(config, nvidia), volumes))
        .withVolumes(volumes.stream().map(DataplaneVolumes.Entry::volume).toList())
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  /**
   * Roll one node at a time and never run two pods on a node: the dataplane (and a cache origin)
   * owns its node's sockets, so a surge pod would fight the old one for them.
   */
  static DaemonSetUpdateStrategy oneNodeAtATime() {
    return new DaemonSetUpdateStrategyBuilder()
        .withType("RollingUpdate")
        .withNewRollingUpdate()
        .withMaxUnavailable(new IntOrString(1))
        .withMaxSurge(new IntOrString(0))
        .endRollingUpdate()
        .build();
  }

  /**
   * The DNS policy that goes with the network mode: host-network pods still resolve cluster names.
   */
  static String dnsPolicy(boolean hostNetwork) {
    return hostNetwork ? "ClusterFirstWithHostNet" : "ClusterFirst";
  }

  /**
   * The record of the images and the settings on the DaemonSet, rendered with the settings hash
   * (what racer-krm and the chart render), never by the Go package's {@code DaemonSet(c Config)}.
   */
  static Map<String, String> record(Config config, String settingsHash, String settingsRecord) {
    if (settingsHash == null) {
      return null;
    }
    Map<String, String> annotations = new LinkedHashMap<>();
    annotations.put(Dataplane.DATAPLANE_IMAGE_ANNOTATION, config.dataplaneImage());
    annotations.put(Dataplane.OBJECT_IMAGE_ANNOTATION, config.objectImage());
    if (settingsRecord != null) {
      annotations.put(Dataplane.SETTINGS_ANNOTATION, settingsRecord);
    }
    return annotations;
  }

  static Map<String, String> podAnnotations(NvidiaInjection nvidia, String settingsHash) {
    Map<String, String> annotations = new LinkedHashMap<>();
    if (settingsHash != null) {
      annotations.put(Dataplane.SETTINGS_HASH_ANNOTATION, settingsHash);
    }
    if (nvidia == NvidiaInjection.CDI) {
      annotations.put(NvidiaInjection.CDI_ANNOTATION, NvidiaInjection.CDI_ALL_GPUS);
    }
    return annotations.isEmpty() ? null : annotations;
  }

  private static Container container(
      Config config, List<EnvVar> env, List<DataplaneVolumes.Entry> volumes) {
    return new ContainerBuilder()
        .withName(Dataplane.CONTAINER_NAME)
        .withImage(config.dataplaneImage())
        .withImagePullPolicy("IfNotPresent")
        .withTerminationMessagePath("/dev/termination-log")
        .withTerminationMessagePolicy("File")
        .addNewEnvFrom()
        .withNewConfigMapRef()
        .withName(Dataplane.SETTINGS_CONFIG_MAP)
        .endConfigMapRef()
        .endEnvFrom()
        .withEnv(env)
        .withPorts(ports(config))
        .withNewResources()
        .addToRequests("memory", new Quantity(Dataplane.DATAPLANE_MEMORY_REQUEST))
        .endResources()
        .withNewSecurityContext()
        .withPrivileged(true)
        .withAllowPrivilegeEscalation(true)
        .withReadOnlyRootFilesystem(true)
        .endSecurityContext()
        .withNewReadinessProbe()
        .withNewHttpGet()
        .withPath("/readyz")
        .withPort(new IntOrString(DataplanePorts.DIAGNOSTICS))
        .withScheme("HTTP")
        .endHttpGet()
        .withPeriodSeconds(5)
        .withTimeoutSeconds(2)
        .withSuccessThreshold(1)
        .withFailureThreshold(1)
        .endReadinessProbe()
        .withVolumeMounts(volumes.stream().map(DataplaneVolumes.Entry::mount).toList())
        .build();
  }

  /** The listener ports in table order, then the fixed ones. */
  private static List<ContainerPort> ports(Config config) {
    List<ContainerPort> ports = new ArrayList<>();
    for (ListenerPort listener : ShapeKeys.listeners()) {
      ports.add(port(listener.portName(), config.port(listener)));
    }
    ports.add(port(DataplanePorts.CONTROL, Dataplane.CONTROL_PORT));
    ports.add(port(DataplanePorts.WEBHOOK, Dataplane.WEBHOOK_PORT));
    return ports;
  }

  private static ContainerPort port(String name, int number) {
    return new ContainerPortBuilder()
        .withName(name)
        .withContainerPort(number)
        .withProtocol("TCP")
        .build();
  }
}
