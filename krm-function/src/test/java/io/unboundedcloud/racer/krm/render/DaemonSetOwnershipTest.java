package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvFromSourceBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("Merging the rendered DaemonSet into the user's")
class DaemonSetOwnershipTest {
  private static final Config CONFIG =
      Config.defaultConfig(
          "racer", "registry.example.com/racer-dataplane:1", "registry.example.com/racer-object:1");

  private static DaemonSet rendered(Config config) {
    return Dataplane.daemonSet(config, "hash-1");
  }

  private static PodSpec pod(DaemonSet daemonSet) {
    return daemonSet.getSpec().getTemplate().getSpec();
  }

  private static Container dataplane(DaemonSet daemonSet) {
    return pod(daemonSet).getContainers().stream()
        .filter(c -> c.getName().equals(Dataplane.CONTAINER_NAME))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName("merging a rendered DaemonSet into itself changes nothing")
  void idempotent() {
    DaemonSet ours = rendered(CONFIG);
    assertThat(DaemonSetOwnership.merge(ours, ours)).isEqualTo(ours);
    DaemonSet cdi =
        rendered(
            CONFIG.with(ShapeKeys.NVIDIA, NvidiaInjection.CDI).with(ShapeKeys.HOST_NETWORK, true));
    assertThat(DaemonSetOwnership.merge(cdi, cdi)).isEqualTo(cdi);
  }

  @Test
  @DisplayName("the user's DaemonSet is not modified by a merge")
  void existingUntouched() {
    DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
    pod(theirs)
        .setTolerations(
            List.of(new TolerationBuilder().withKey("gpu").withOperator("Exists").build()));
    DaemonSet snapshot = new DaemonSetBuilder(theirs).build();
    DaemonSetOwnership.merge(rendered(CONFIG.with(ShapeKeys.PEER_PORT, 9000)), theirs);
    assertThat(theirs).isEqualTo(snapshot);
  }

  @Nested
  @DisplayName("user changes are kept")
  class UserChanges {
    @Test
    @DisplayName(
        "tolerations, node selector, priority class, pull secrets, labels and annotations stay")
    void scheduling() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editMetadata()
              .addToLabels("team", "storage")
              .addToAnnotations("owner", "ops")
              .endMetadata()
              .editSpec()
              .editTemplate()
              .editMetadata()
              .addToAnnotations("prometheus.io/scrape", "true")
              .endMetadata()
              .editSpec()
              .withTolerations(
                  new TolerationBuilder().withKey("nvidia.com/gpu").withOperator("Exists").build())
              .withNodeSelector(Map.of("pool", "gpu"))
              .withPriorityClassName("system-node-critical")
              .addNewImagePullSecret("regcred")
              .endSpec()
              .endTemplate()
              .endSpec()
              .build();
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      assertThat(merged.getMetadata().getLabels())
          .containsEntry("team", "storage")
          .containsAllEntriesOf(Dataplane.labels());
      assertThat(merged.getMetadata().getAnnotations()).containsEntry("owner", "ops");
      assertThat(merged.getSpec().getTemplate().getMetadata().getAnnotations())
          .containsEntry("prometheus.io/scrape", "true")
          .containsEntry(Dataplane.SETTINGS_HASH_ANNOTATION, "hash-1");
      assertThat(pod(merged).getTolerations())
          .extracting(Toleration::getKey)
          .containsExactly("nvidia.com/gpu");
      assertThat(pod(merged).getNodeSelector()).containsExactly(Map.entry("pool", "gpu"));
      assertThat(pod(merged).getPriorityClassName()).isEqualTo("system-node-critical");
      assertThat(pod(merged).getImagePullSecrets()).hasSize(1);
    }

    @Test
    @DisplayName("the user's own containers, env vars and volumes stay, after ours")
    void additions() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .editTemplate()
              .editSpec()
              .addNewContainer()
              .withName("log-shipper")
              .withImage("fluent-bit:3")
              .endContainer()
              .addNewVolume()
              .withName("extra")
              .withNewEmptyDir()
              .endEmptyDir()
              .endVolume()
              .endSpec()
              .endTemplate()
              .endSpec()
              .build();
      dataplane(theirs)
          .getEnv()
          .add(new EnvVarBuilder().withName("RACER_LOG").withValue("debug").build());
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      assertThat(pod(merged).getContainers())
          .extracting(Container::getName)
          .containsExactly("dataplane", "log-shipper");
      List<String> env = dataplane(merged).getEnv().stream().map(EnvVar::getName).toList();
      assertThat(env.get(env.size() - 1)).isEqualTo("RACER_LOG");
      assertThat(env.get(0)).isEqualTo("RACER_POD_IP");
      assertThat(pod(merged).getVolumes()).extracting(Volume::getName).endsWith("extra");
    }

    @Test
    @DisplayName(
        "the user's envFrom sources stay, before racer-settings, which must come last to win")
    void envFromSources() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      EnvFromSource settings = dataplane(theirs).getEnvFrom().get(0);
      EnvFromSource extra =
          new EnvFromSourceBuilder()
              .withNewSecretRef()
              .withName("racer-extra-env")
              .endSecretRef()
              .build();
      // as a user would add it: after ours, where its RACER_ keys would override racer-settings
      dataplane(theirs).getEnvFrom().add(extra);
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      assertThat(dataplane(merged).getEnvFrom()).containsExactly(extra, settings);
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), merged)).isEqualTo(merged);
    }

    @Test
    @DisplayName(
        "defaults the user changed (resources, grace period, update strategy) stay as the user set them")
    void defaults() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .withMinReadySeconds(30)
              .editTemplate()
              .editSpec()
              .withTerminationGracePeriodSeconds(120L)
              .endSpec()
              .endTemplate()
              .endSpec()
              .build();
      dataplane(theirs).getResources().setRequests(Map.of("memory", new Quantity("4Gi")));
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      assertThat(merged.getSpec().getMinReadySeconds()).isEqualTo(30);
      assertThat(pod(merged).getTerminationGracePeriodSeconds()).isEqualTo(120L);
      assertThat(dataplane(merged).getResources().getRequests())
          .containsEntry("memory", new Quantity("4Gi"));
    }

    @Test
    @DisplayName(
        "what the chart's production values set stays whole: resources, update strategy, pull policy, pod labels")
    void productionFields() {
      DaemonSetUpdateStrategy onDelete =
          new DaemonSetUpdateStrategyBuilder().withType("OnDelete").build();
      ResourceRequirements sized =
          new ResourceRequirementsBuilder()
              .addToRequests("cpu", new Quantity("8"))
              .addToLimits("memory", new Quantity("64Gi"))
              .build();
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .withUpdateStrategy(onDelete)
              .editTemplate()
              .editMetadata()
              .addToLabels("team", "ml-platform")
              .endMetadata()
              .endTemplate()
              .endSpec()
              .build();
      dataplane(theirs).setResources(sized);
      dataplane(theirs).setImagePullPolicy("Always");

      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);

      assertThat(merged.getSpec().getUpdateStrategy()).isEqualTo(onDelete);
      assertThat(dataplane(merged).getResources()).isEqualTo(sized);
      assertThat(dataplane(merged).getImagePullPolicy()).isEqualTo("Always");
      assertThat(merged.getSpec().getTemplate().getMetadata().getLabels())
          .containsEntry("team", "ml-platform")
          .containsAllEntriesOf(Dataplane.labels());
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), merged)).isEqualTo(merged);
    }

    @Test
    @DisplayName("an empty update strategy or empty resources count as absent: the defaults go in")
    void emptyDefaults() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .withUpdateStrategy(new DaemonSetUpdateStrategy())
              .endSpec()
              .build();
      dataplane(theirs).setResources(new ResourceRequirements());

      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);

      assertThat(merged).isEqualTo(rendered(CONFIG));
    }

    @Test
    @DisplayName(
        "a default holding nothing (\"\", an empty probe, a strategy or resources of empty values)"
            + " counts as absent: the defaults go in")
    void nothingIsAbsent() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .withUpdateStrategy(
                  new DaemonSetUpdateStrategyBuilder()
                      .withType("")
                      .withNewRollingUpdate()
                      .endRollingUpdate()
                      .build())
              .endSpec()
              .build();
      pod(theirs).setRestartPolicy("");
      pod(theirs).setSchedulerName("");
      pod(theirs).setPreemptionPolicy("");
      Container dataplane = dataplane(theirs);
      dataplane.setImagePullPolicy("");
      dataplane.setTerminationMessagePath("");
      dataplane.setTerminationMessagePolicy("");
      dataplane.setReadinessProbe(new io.fabric8.kubernetes.api.model.Probe());
      dataplane.setResources(
          new ResourceRequirementsBuilder()
              .withRequests(Map.of())
              .withLimits(
                  new java.util.LinkedHashMap<>(java.util.Collections.singletonMap("memory", null)))
              .build());

      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);

      assertThat(merged).isEqualTo(rendered(CONFIG));
    }

    @Test
    @DisplayName("a default the user set stays, 0 included")
    void falseAndZeroStay() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      theirs.getSpec().setMinReadySeconds(0);
      pod(theirs).setEnableServiceLinks(true);
      pod(theirs).setTerminationGracePeriodSeconds(0L);

      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);

      assertThat(merged.getSpec().getMinReadySeconds()).isZero();
      assertThat(pod(merged).getEnableServiceLinks()).isTrue();
      assertThat(pod(merged).getTerminationGracePeriodSeconds()).isZero();
    }
  }

  @Nested
  @DisplayName("wiring is restored")
  class Wiring {
    @Test
    @DisplayName(
        "image, env values, ports, our selector labels (a user's label kept: a selector cannot change), service account and security context come back")
    void restored() {
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(CONFIG))
              .editSpec()
              .editSelector()
              .addToMatchLabels("extra", "x")
              .endSelector()
              .editTemplate()
              .editSpec()
              .withServiceAccountName("default")
              .withHostNetwork(true)
              .endSpec()
              .endTemplate()
              .endSpec()
              .build();
      Container container = dataplane(theirs);
      container.setImage("evil/image:latest");
      container.getEnv().get(1).setValue("[$(RACER_POD_IP)]:1");
      container.getPorts().get(0).setContainerPort(1);
      container.getSecurityContext().setPrivileged(false);
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      DaemonSet ours = rendered(CONFIG);
      assertThat(dataplane(merged).getImage()).isEqualTo(CONFIG.dataplaneImage());
      assertThat(dataplane(merged).getEnv()).isEqualTo(dataplane(ours).getEnv());
      assertThat(dataplane(merged).getPorts()).isEqualTo(dataplane(ours).getPorts());
      assertThat(dataplane(merged).getSecurityContext().getPrivileged()).isTrue();
      assertThat(merged.getSpec().getSelector().getMatchLabels())
          .containsAllEntriesOf(ours.getSpec().getSelector().getMatchLabels())
          .containsEntry("extra", "x")
          .hasSize(3);
      assertThat(pod(merged).getServiceAccountName()).isEqualTo("racer");
      assertThat(pod(merged).getHostNetwork()).isNull();
      assertThat(pod(merged).getDnsPolicy()).isEqualTo("ClusterFirst");
    }

    @Test
    @DisplayName("a deleted dataplane container is rendered again")
    void containerBack() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      pod(theirs).setContainers(List.of());
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).isEqualTo(rendered(CONFIG));
    }

    @Test
    @DisplayName(
        "switching NVIDIA mode from cdi to off removes the env, udev, cufile-log and CDI annotation")
    void nvidiaSwitch() {
      DaemonSet cdi = rendered(CONFIG.with(ShapeKeys.NVIDIA, NvidiaInjection.CDI));
      DaemonSet off = rendered(CONFIG.with(ShapeKeys.NVIDIA, NvidiaInjection.OFF));
      DaemonSet merged = DaemonSetOwnership.merge(off, cdi);
      assertThat(merged).isEqualTo(off);
      assertThat(dataplane(merged).getEnv())
          .extracting(EnvVar::getName)
          .doesNotContain("NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES");
      assertThat(pod(merged).getVolumes())
          .extracting(Volume::getName)
          .doesNotContain("udev", "cufile-log");
      assertThat(merged.getSpec().getTemplate().getMetadata().getAnnotations())
          .doesNotContainKey(NvidiaInjection.CDI_ANNOTATION);
    }
  }

  @Nested
  @DisplayName("scheduling is added to, never replaced")
  class SchedulingRules {
    private static NodeSelectorRequirement expression(String key, String value) {
      return new NodeSelectorRequirementBuilder()
          .withKey(key)
          .withOperator("In")
          .withValues(value)
          .build();
    }

    @Test
    @DisplayName("each of the user's required terms gets the dataplane's two expressions first")
    void terms() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      pod(theirs)
          .getAffinity()
          .getNodeAffinity()
          .getRequiredDuringSchedulingIgnoredDuringExecution()
          .setNodeSelectorTerms(
              List.of(
                  new NodeSelectorTerm(List.of(expression("pool", "gpu")), null),
                  new NodeSelectorTerm(List.of(expression("pool", "cpu")), null)));
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      List<NodeSelectorTerm> terms =
          pod(merged)
              .getAffinity()
              .getNodeAffinity()
              .getRequiredDuringSchedulingIgnoredDuringExecution()
              .getNodeSelectorTerms();
      assertThat(terms).hasSize(2);
      List<NodeSelectorRequirement> ours = Dataplane.requiredExpressions();
      assertThat(terms.get(0).getMatchExpressions())
          .containsExactly(ours.get(0), ours.get(1), expression("pool", "gpu"));
      assertThat(terms.get(1).getMatchExpressions())
          .containsExactly(ours.get(0), ours.get(1), expression("pool", "cpu"));
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), merged)).isEqualTo(merged);
    }

    @Test
    @DisplayName("an affinity the user removed comes back as the dataplane's")
    void removed() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      pod(theirs).setAffinity(null);
      assertThat(pod(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).getAffinity())
          .isEqualTo(Dataplane.dataplaneAffinity());
    }
  }

  @Nested
  @DisplayName("what the user's DaemonSet lacks is rendered")
  class Lacking {
    @Test
    @DisplayName("a DaemonSet reduced to its name gets the whole rendering back")
    void onlyAName() {
      DaemonSet theirs =
          new DaemonSetBuilder()
              .withApiVersion("apps/v1")
              .withKind("DaemonSet")
              .withNewMetadata()
              .withName("racer")
              .withNamespace("racer")
              .endMetadata()
              .build();
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).isEqualTo(rendered(CONFIG));
    }

    @Test
    @DisplayName(
        "each default the user's DaemonSet lacks goes in: rollout, restart, scheduling, grace, probe, resources")
    void everyDefault() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      theirs.getSpec().setUpdateStrategy(null);
      theirs.getSpec().setMinReadySeconds(null);
      PodSpec pod = pod(theirs);
      pod.setRestartPolicy(null);
      pod.setSchedulerName(null);
      pod.setEnableServiceLinks(null);
      pod.setPreemptionPolicy(null);
      pod.setTerminationGracePeriodSeconds(null);
      Container container = dataplane(theirs);
      container.setImagePullPolicy(null);
      container.setTerminationMessagePath(null);
      container.setTerminationMessagePolicy(null);
      container.setResources(null);
      container.setReadinessProbe(null);
      assertThat(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).isEqualTo(rendered(CONFIG));
    }

    @Test
    @DisplayName(
        "resources with only limits or only a claim stay the user's; empty resources get the default")
    void resources() {
      ResourceRequirements limitsOnly =
          new ResourceRequirementsBuilder().addToLimits("memory", new Quantity("64Gi")).build();
      ResourceRequirements claimOnly =
          new ResourceRequirementsBuilder().addNewClaim().withName("rdma").endClaim().build();
      ResourceRequirements emptyParts =
          new ResourceRequirementsBuilder()
              .withRequests(Map.of())
              .withLimits(Map.of())
              .withClaims(List.of())
              .build();
      for (ResourceRequirements kept : List.of(limitsOnly, claimOnly)) {
        DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
        dataplane(theirs).setResources(kept);
        assertThat(dataplane(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).getResources())
            .isEqualTo(kept);
      }
      for (ResourceRequirements empty : List.of(new ResourceRequirements(), emptyParts)) {
        DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
        dataplane(theirs).setResources(empty);
        assertThat(DaemonSetOwnership.merge(rendered(CONFIG), theirs)).isEqualTo(rendered(CONFIG));
      }
    }

    @Test
    @DisplayName(
        "settings without a namespace: the merged DaemonSet has none, also where the user wrote namespace \"\"")
    void noNamespace() {
      Config noNamespace = CONFIG.withNamespace("");
      DaemonSet theirs =
          new DaemonSetBuilder(rendered(noNamespace))
              .editMetadata()
              .withNamespace("")
              .endMetadata()
              .build();
      DaemonSet merged = DaemonSetOwnership.merge(rendered(noNamespace), theirs);
      assertThat(merged.getMetadata().getNamespace()).isNull();
      assertThat(merged).isEqualTo(rendered(noNamespace));
    }

    @Test
    @DisplayName(
        "the deprecated serviceAccount goes: it could name another account than serviceAccountName")
    void deprecatedServiceAccount() {
      DaemonSet theirs = new DaemonSetBuilder(rendered(CONFIG)).build();
      pod(theirs).setServiceAccount("default");
      DaemonSet merged = DaemonSetOwnership.merge(rendered(CONFIG), theirs);
      assertThat(pod(merged).getServiceAccount()).isNull();
      assertThat(merged).isEqualTo(rendered(CONFIG));
    }
  }
}
