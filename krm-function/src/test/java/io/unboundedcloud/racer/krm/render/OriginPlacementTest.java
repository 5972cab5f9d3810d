package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NodePlacement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName(
    "OriginPlacement: the dataplane's node placement copied onto a cache origin, and what the origin is warned about")
class OriginPlacementTest {
  /**
   * The placement of a freshly rendered dataplane: its node affinity, no node selector, no
   * tolerations.
   */
  private static final NodePlacement DATAPLANE =
      NodePlacement.placementOf(
          Dataplane.daemonSet(
                  Config.defaultConfig("racer", "r.example.com/d:1", "r.example.com/o:1"), "hash")
              .getSpec()
              .getTemplate()
              .getSpec());

  /** A placement a user gave the dataplane: GPU nodes only, tolerating their taint. */
  private static final NodePlacement GPU_NODES =
      NodePlacement.placementOf(
          new PodSpecBuilder()
              .withAffinity(Dataplane.dataplaneAffinity())
              .withNodeSelector(Map.of("nvidia.com/gpu.present", "true"))
              .addNewToleration()
              .withKey("nvidia.com/gpu")
              .withOperator("Exists")
              .withEffect("NoSchedule")
              .endToleration()
              .build());

  /**
   * A DaemonSet origin of cache {@code models} with this pod spec (YAML at the pod spec's
   * indentation).
   */
  private static Item daemonSetOrigin(String podSpec) {
    return origin("apps/v1", "DaemonSet", "spec:\n  template:\n    spec:\n" + podSpec.indent(6));
  }

  private static Item origin(String apiVersion, String kind, String rest) {
    return new Item(
        ManifestNodes.one(
            """
        apiVersion: %s
        kind: %s
        metadata:
          name: models-origin
          namespace: racer
          labels: {racer.unbounded-cloud.io/cache-origin: models}
        """
                    .formatted(apiVersion, kind)
                + rest));
  }

  private static Results plan(Item origin, NodePlacement placement) {
    Results results = new Results();
    OriginPlacement.Edit edit =
        OriginPlacement.plan(origin, OriginPlacement.placementView(origin), placement, results);
    if (edit != null) {
      edit.apply();
    }
    return results;
  }

  private static String yaml(Item item) {
    return YamlWriter.manifests(List.of(item.node()));
  }

  @Nested
  @DisplayName("where the pod spec is")
  class PodSpecPath {
    @Test
    @DisplayName(
        "spec for a Pod, the job template's for a CronJob, spec.template.spec for every other kind")
    void perKind() {
      assertThat(OriginPlacement.podSpecPath("Pod")).containsExactly("spec");
      assertThat(OriginPlacement.podSpecPath("CronJob"))
          .containsExactly("spec", "jobTemplate", "spec", "template", "spec");
      for (String kind : List.of("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job")) {
        assertThat(OriginPlacement.podSpecPath(kind))
            .as(kind)
            .containsExactly("spec", "template", "spec");
      }
    }

    @Test
    @DisplayName("a CronJob's pod spec gets the placement")
    void cronJob() {
      Item cronJob =
          origin(
              "batch/v1",
              "CronJob",
              """
          spec:
            schedule: "0 * * * *"
            jobTemplate:
              spec:
                template:
                  spec:
                    containers: [{name: origin, image: origin:1}]
          """);

      plan(cronJob, GPU_NODES);

      MappingNode pod =
          Nodes.getMapping(cronJob.node(), "spec", "jobTemplate", "spec", "template", "spec");
      assertThat(Nodes.toPlain(Nodes.get(pod, "nodeSelector")))
          .isEqualTo(Map.of("nvidia.com/gpu.present", "true"));
    }
  }

  @Nested
  @DisplayName("the edit")
  class Edit {
    @Test
    @DisplayName(
        "replaces the origin's node affinity, node selector and tolerations with the dataplane's, naming what it dropped")
    void replacesPlacement() {
      Item origin =
          daemonSetOrigin(
              """
          nodeSelector: {disk: ssd}
          tolerations: [{key: dedicated, operator: Exists}]
          containers: [{name: origin, image: origin:1}]
          """);

      assertThat(plan(origin, GPU_NODES))
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.severity()).isEqualTo(Severity.WARNING);
                assertThat(warning.message())
                    .contains("dropped nodeSelector disk=ssd; tolerations {key=dedicated");
              });

      MappingNode podSpec = Nodes.getMapping(origin.node(), "spec", "template", "spec");
      PodSpec pod = ObjectCodec.read(Nodes.toPlain(podSpec), podSpec, PodSpec.class, "");
      assertThat(NodePlacement.placementOf(pod)).isEqualTo(GPU_NODES);
    }

    @Test
    @DisplayName(
        "removes a node selector and tolerations the dataplane has not, and keeps every other field")
    void removesWhatTheDataplaneHasNot() {
      Item origin =
          daemonSetOrigin(
              """
          nodeSelector: {disk: ssd}
          tolerations: [{key: dedicated, operator: Exists}]
          priorityClassName: origins
          containers: [{name: origin, image: origin:1}]
          """);

      plan(origin, DATAPLANE);

      MappingNode pod = Nodes.getMapping(origin.node(), "spec", "template", "spec");
      assertThat(Nodes.get(pod, "nodeSelector")).isNull();
      assertThat(Nodes.get(pod, "tolerations")).isNull();
      assertThat(Nodes.getText(pod, "priorityClassName")).isEqualTo("origins");
      assertThat(Nodes.get(pod, "affinity", "nodeAffinity")).isNotNull();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "affinity:\n  nodeAffinity:\n",
          "affinity: {nodeAffinity: ~}",
          "affinity: {nodeAffinity: {}}",
          "affinity:\n",
          "affinity: {}",
          "nodeSelector:\n",
          "nodeSelector: {}",
          "tolerations: ~",
          "tolerations: []",
          "affinity: {nodeAffinity: null}\nnodeSelector: null\ntolerations: null"
        })
    @DisplayName(
        "a null or empty node affinity, node selector or tolerations: replaced like any other value")
    void nullOrEmptyPlacement(String placement) {
      Item origin =
          daemonSetOrigin(placement + "\ncontainers: [{name: origin, image: origin:1}]\n");

      assertThat(plan(origin, GPU_NODES)).isEmpty();

      MappingNode podSpec = Nodes.getMapping(origin.node(), "spec", "template", "spec");
      PodSpec pod = ObjectCodec.read(Nodes.toPlain(podSpec), podSpec, PodSpec.class, "");
      assertThat(NodePlacement.placementOf(pod)).isEqualTo(GPU_NODES);
      String once = yaml(origin);
      assertThat(plan(origin, GPU_NODES)).as("planned again").isEmpty();
      assertThat(yaml(origin)).as("the origin copied onto again").isEqualTo(once);
    }

    @Test
    @DisplayName("keeps the origin's pod anti-affinity as it was written, comments included")
    void keepsPodAntiAffinity() {
      Item origin =
          daemonSetOrigin(
              """
          affinity:
            # one origin per node
            podAntiAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
              - {topologyKey: kubernetes.io/hostname}
          containers: [{name: origin, image: origin:1}]
          """);

      plan(origin, DATAPLANE);

      String yaml = yaml(origin);
      assertThat(yaml)
          .contains(
              """
                  # one origin per node
                  podAntiAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                    - {topologyKey: kubernetes.io/hostname}
                containers: [{name: origin, image: 'origin:1'}]
          """);
      assertThat(yaml).contains("      affinity:\n        nodeAffinity:\n");
    }

    @Test
    @DisplayName("an affinity left empty once the node affinity goes is removed")
    void emptyAffinityGoes() {
      Item origin =
          daemonSetOrigin(
              """
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms: [{matchExpressions: [{key: disk, operator: Exists}]}]
          containers: [{name: origin, image: origin:1}]
          """);

      plan(origin, NodePlacement.placementOf(new PodSpec()));

      assertThat(Nodes.get(origin.node(), "spec", "template", "spec", "affinity")).isNull();
    }

    @Test
    @DisplayName(
        "a field that already holds the placement keeps its node: a second copy changes nothing")
    void unchangedKeepsItsNodes() {
      Item origin = daemonSetOrigin("containers: [{name: origin, image: origin:1}]\n");
      plan(origin, GPU_NODES);
      MappingNode pod = Nodes.getMapping(origin.node(), "spec", "template", "spec");
      Object selector = Nodes.get(pod, "nodeSelector");
      Object affinity = Nodes.get(pod, "affinity", "nodeAffinity");
      String once = yaml(origin);

      plan(origin, GPU_NODES);

      assertThat(Nodes.get(pod, "nodeSelector")).isSameAs(selector);
      assertThat(Nodes.get(pod, "affinity", "nodeAffinity")).isSameAs(affinity);
      assertThat(yaml(origin)).isEqualTo(once);
    }

    @Test
    @DisplayName("nothing is edited before apply: plan only reads")
    void planOnlyReads() {
      Item origin =
          daemonSetOrigin(
              "nodeSelector: {disk: ssd}\ncontainers: [{name: origin, image: origin:1}]\n");
      String before = yaml(origin);

      assertThat(
              OriginPlacement.plan(
                  origin, OriginPlacement.placementView(origin), GPU_NODES, new Results()))
          .isNotNull();

      assertThat(yaml(origin)).isEqualTo(before);
    }
  }

  @Nested
  @DisplayName("an origin that cannot take the placement")
  class Refused {
    @Test
    @DisplayName("no pod spec: an error naming where it should be, and no edit")
    void noPodSpec() {
      Item origin = origin("apps/v1", "DaemonSet", "spec: {}\n");
      Results results = new Results();

      assertThat(
              OriginPlacement.plan(
                  origin, OriginPlacement.placementView(origin), DATAPLANE, results))
          .isNull();

      assertThat(results)
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.fieldPath()).isEqualTo("spec.template.spec");
                assertThat(error.message())
                    .contains("models-origin has no pod spec at spec.template.spec");
              });
    }

    @Test
    @DisplayName(
        "a pod spec that is not valid Kubernetes: an error at the field that does not fit, and no edit")
    void invalidPodSpec() {
      Item origin =
          daemonSetOrigin(
              "containers: [{name: origin, image: origin:1}]\nterminationGracePeriodSeconds: soon\n");
      Results results = new Results();

      assertThat(
              OriginPlacement.plan(
                  origin, OriginPlacement.placementView(origin), DATAPLANE, results))
          .isNull();

      assertThat(results)
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.fieldPath())
                    .isEqualTo("spec.template.spec.terminationGracePeriodSeconds");
                assertThat(error.message()).contains("has a pod spec that is not valid Kubernetes");
              });
    }
  }

  @Nested
  @DisplayName("warnings, after which the placement is still copied")
  class Warnings {
    @Test
    @DisplayName("an origin that is not a DaemonSet: run one on every node that serves a cache")
    void notADaemonSet() {
      Item deployment =
          origin(
              "apps/v1",
              "Deployment",
              """
          spec:
            template:
              spec:
                containers: [{name: origin, image: origin:1}]
          """);

      Results results = plan(deployment, GPU_NODES);

      assertThat(results)
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.severity()).isEqualTo(Severity.WARNING);
                assertThat(warning.fieldPath()).isEqualTo("kind");
                assertThat(warning.message()).contains("is a Deployment", "make it a DaemonSet");
              });
      assertThat(Nodes.get(deployment.node(), "spec", "template", "spec", "nodeSelector"))
          .isNotNull();
    }

    @ParameterizedTest(name = "maxSurge {0}: warned {1}")
    @CsvSource({"1, true", "25%, true", "0, false", "0%, false", "'~', false", "'\"\"', false"})
    @DisplayName("a rollout with a surge: two origin pods would own one node's socket")
    void maxSurge(String surge, boolean warned) {
      Item origin =
          origin(
              "apps/v1",
              "DaemonSet",
              """
          spec:
            updateStrategy: {rollingUpdate: {maxSurge: %s}}
            template:
              spec:
                containers: [{name: origin, image: origin:1}]
          """
                  .formatted(surge));

      List<Result> results = plan(origin, DATAPLANE).list();

      assertThat(results)
          .hasSize(warned ? 1 : 0)
          .allSatisfy(
              warning -> {
                assertThat(warning.fieldPath())
                    .isEqualTo("spec.updateStrategy.rollingUpdate.maxSurge");
                assertThat(warning.currentValue()).isEqualTo(surge);
                assertThat(warning.proposedValue()).isEqualTo("0");
              });
    }

    @Test
    @DisplayName("a pod that runs as another user than root: the shared socket directory is root's")
    void nonRootPod() {
      Results results =
          plan(
              daemonSetOrigin(
                  """
          securityContext: {runAsUser: 1000}
          containers: [{name: origin, image: origin:1}]
          """),
              DATAPLANE);

      assertThat(results)
          .singleElement()
          .satisfies(
              warning ->
                  assertThat(warning.fieldPath()).isEqualTo("spec.template.spec.securityContext"));
    }

    @Test
    @DisplayName("a container that must not run as root: the warning names the container")
    void nonRootContainer() {
      Results results =
          plan(
              daemonSetOrigin(
                  """
          containers: [{name: origin, image: origin:1, securityContext: {runAsNonRoot: true}}]
          """),
              DATAPLANE);

      assertThat(results)
          .singleElement()
          .satisfies(
              warning ->
                  assertThat(warning.fieldPath())
                      .isEqualTo("spec.template.spec.containers[name=origin].securityContext"));
    }

    @Test
    @DisplayName("runAsUser 0 is root: no warning")
    void rootIsFine() {
      assertThat(
              plan(
                  daemonSetOrigin(
                      """
          securityContext: {runAsUser: 0}
          containers: [{name: origin, image: origin:1}]
          """),
                  DATAPLANE))
          .isEmpty();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
        path: /run/racer               | true
        path: /run/racer//             | true
        path: /run                     | true
        path: /                        | true
        path: ///                      | true
        path: /run/racer///x           | false
        path: /run/racer/models/origin | false
        path: /run/racerx              | false
        type: Directory                | false
        """)
    @DisplayName(
        "a hostPath volume is warned about when it would share every volume's sockets, and only then")
    void socketRoot(String hostPath, boolean warned) {
      Results results =
          plan(
              daemonSetOrigin(
                  """
          containers: [{name: origin, image: origin:1}]
          volumes: [{name: sockets, hostPath: {%s}}]
          """
                      .formatted(hostPath)),
              DATAPLANE);

      assertThat(results)
          .extracting(Result::message)
          .as("results of hostPath {%s}", hostPath)
          .hasSize(warned ? 1 : 0)
          .allSatisfy(
              message ->
                  assertThat(message).contains("mounts all of /run/racer", "mount only its own"));
    }
  }

  /**
   * Where a field the origin lacks goes. Each expected text was checked with kpt 1.0.0-beta.56:
   * given it, kpt writes the file with every comment once and where it was, the new fields at the
   * end of the pod spec (kpt orders the fields of its input first), and a second run changes
   * nothing that {@code cat} keeps.
   */
  @Nested
  @DisplayName("a field the origin lacks")
  class NewFields {
    @Test
    @DisplayName(
        "goes in ahead of the pod spec's fields, never after comments that end its last list"
            + " (ingress-nginx's custom default backend)")
    void aheadOfTrailingComments() {
      Item origin =
          daemonSetOrigin(
              """
          containers:
          - name: nginx-error-server
            ports:
            - containerPort: 8080
            # env:
            # - name: DEBUG
          # volumeMounts:
          # - name: custom_error_pages
          """);

      plan(origin, GPU_NODES);

      assertThat(yaml(origin))
          .endsWith(
              """
                    - linux
                containers:
                - name: nginx-error-server
                  ports:
                  - containerPort: 8080
                  # env:
                  # - name: DEBUG
                # volumeMounts:
                # - name: custom_error_pages
          """)
          .contains(
              "    spec:\n"
                  + "      nodeSelector:\n"
                  + "        nvidia.com/gpu.present: \"true\"\n"
                  + "      tolerations:\n"
                  + "      - effect: NoSchedule\n"
                  + "        key: nvidia.com/gpu\n"
                  + "        operator: Exists\n"
                  + "      affinity:\n"
                  + "        nodeAffinity:\n");
    }

    @Test
    @DisplayName(
        "keeps the fields the pod spec has where they are, and the comments that end the object"
            + " after them (gpu-operator's node-feature-discovery worker)")
    void keepsPlaceOfExistingFields() {
      Item origin =
          daemonSetOrigin(
              """
          hostNetwork: true
          tolerations: [{key: dedicated, operator: Exists}]
          volumes:
          - name: host-boot
            hostPath:
              path: "/boot"
          ## Enable TLS authentication (3/3)
          #        - name: nfd-ca-cert
          """);

      plan(origin, GPU_NODES);

      String yaml = yaml(origin);
      assertThat(yaml)
          .contains(
              "  template:\n    spec:\n      nodeSelector:\n"
                  + "        nvidia.com/gpu.present: \"true\"\n      affinity:\n")
          .contains("      hostNetwork: true\n      tolerations:\n      - effect: NoSchedule\n")
          .endsWith(
              """
                volumes:
                - name: host-boot
                  hostPath:
                    path: "/boot"
                ## Enable TLS authentication (3/3)
                #        - name: nfd-ca-cert
          """);
    }
  }
}
