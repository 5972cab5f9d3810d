package io.unboundedcloud.racer.krm.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * What the function writes is valid Kubernetes: every output item of ResourceLists that cover each
 * NVIDIA mode, host networking, peer port 9090, a DaemonSet and ServiceAccount the user patched,
 * and cache origins of every kind with the placement copied, checked against the Kubernetes OpenAPI
 * schema (one node run for all) and read into its fabric8 model with no field left over (which the
 * schema check would let pass).
 */
@DisplayName(
    "every object the function outputs matches the Kubernetes schema and has no unknown field")
@Tag("slow")
class RenderedOutputSchemaTest {
  private static final String NAMESPACE = "racer-system";
  private static final String ORIGIN_LABEL = "racer.unbounded-cloud.io/cache-origin";
  private static final Yaml YAML =
      new Yaml(
          new SafeConstructor(new LoaderOptions()), new Representer(blockStyle()), blockStyle());

  @Test
  @DisplayName(
      "NVIDIA off/env/cdi/unset by host network, peer port 9090, a patched dataplane, origins of every kind")
  void everyOutputObject() {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (String nvidia : List.of("off", "env", "cdi", "")) {
      for (String hostNetwork : List.of("false", "true")) {
        objects.addAll(
            items(
                run(List.of(settings("RACER_NVIDIA", nvidia, "RACER_HOST_NETWORK", hostNetwork)))));
      }
    }
    objects.addAll(items(run(List.of(settings("RACER_PEER_PORT", "9090")))));
    objects.addAll(
        items(run(List.of(settings("RACER_PEER_PORT", "9090", "RACER_DIAGNOSTICS_PORT", "9095")))));
    objects.addAll(
        items(
            run(
                List.of(
                    settings(
                        "RACER_PEER_PORT",
                        "9090",
                        "RACER_HOST_NETWORK",
                        "true",
                        "RACER_NVIDIA",
                        "cdi")))));

    List<Map<String, Object>> withOrigins =
        new ArrayList<>(List.of(settings("RACER_NVIDIA", "cdi")));
    withOrigins.addAll(origins());
    List<Map<String, Object>> placed = items(run(withOrigins));
    assertEveryOriginPlaced(placed, "racer.unbounded-cloud.io/exclude");
    objects.addAll(placed);

    List<Map<String, Object>> patched = patched(placed);
    List<Map<String, Object>> merged = items(run(patched));
    assertEveryOriginPlaced(merged, "node.kubernetes.io/instance-type");
    Map<String, Object> mergedPod = podSpec(one(merged, "DaemonSet", "racer"));
    assertThat(mergedPod)
        .containsEntry("priorityClassName", "system-node-critical")
        .containsEntry("nodeSelector", Map.of("pool", "gpu"));
    assertThat((List<?>) mergedPod.get("containers"))
        .extracting(c -> ((Map<?, ?>) c).get("name") + " " + ((Map<?, ?>) c).get("image"))
        .containsExactly(
            "dataplane registry.example.com/racer/racer-dataplane:0.19.0",
            "log-shipper registry.example.com/shipper:1.0");
    objects.addAll(merged);

    assertThat(objects.stream().map(o -> o.get("kind")).distinct())
        .containsExactlyInAnyOrder(
            "ConfigMap",
            "DaemonSet",
            "ServiceAccount",
            "Deployment",
            "StatefulSet",
            "ReplicaSet",
            "Job",
            "CronJob",
            "Pod");
    List<String> unknown = new ArrayList<>();
    for (Map<String, Object> object : objects) {
      UnknownFields.of(object).forEach(field -> unknown.add(identity(object) + ": " + field));
    }
    assertThat(unknown).as("fields the fabric8 models do not know").isEmpty();
    // one call: node starts once
    KubernetesSchema.assertValid(objects);
  }

  @Test
  @DisplayName("the unknown-field check finds a misspelt field anywhere in an object")
  void unknownFieldsAreFound() {
    Map<String, Object> daemonSet = one(items(run(List.of(settings()))), "DaemonSet", "racer");
    assertThat(UnknownFields.of(daemonSet)).isEmpty();
    podSpec(daemonSet).put("tolerationz", List.of());
    @SuppressWarnings("unchecked")
    Map<String, Object> container =
        ((List<Map<String, Object>>) podSpec(daemonSet).get("containers")).get(0);
    container.put("imagePullPolicyy", "Always");
    assertThat(UnknownFields.of(daemonSet))
        .containsExactlyInAnyOrder(
            "DaemonSet.spec.template.spec: [tolerationz]",
            "DaemonSet.spec.template.spec.containers[0]: [imagePullPolicyy]");
  }

  /**
   * Runs the function in-process on a ResourceList of these items; it must succeed with no error
   * result.
   */
  private static Map<String, Object> run(List<Map<String, Object>> items) {
    KrmRun run =
        KrmRun.function(
            items,
            map(
                "apiVersion",
                "v1",
                "kind",
                "ConfigMap",
                "metadata",
                map("name", "racer-function"),
                "data",
                map("imageRegistry", "registry.example.com/racer")));
    assertThat(run.exitCode()).as(run.describe()).isZero();
    ResourceListOutput output = run.output();
    assertThat(output.errors()).as("error results").isEmpty();
    return output.root();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> items(Map<String, Object> resourceList) {
    return (List<Map<String, Object>>) resourceList.get("items");
  }

  private static Map<String, Object> settings(String... keysAndValues) {
    Map<String, Object> data = map((Object[]) keysAndValues);
    data.put("RACER_CONTROL_SEATS", "3");
    return map(
        "apiVersion",
        "v1",
        "kind",
        "ConfigMap",
        "metadata",
        map("name", "racer-settings", "namespace", NAMESPACE),
        "data",
        data);
  }

  /**
   * A cache origin of each kind with a pod template, some with placement of their own to be
   * replaced.
   */
  private static List<Map<String, Object>> origins() {
    Map<String, Object> antiAffinity =
        map(
            "podAntiAffinity",
            map(
                "requiredDuringSchedulingIgnoredDuringExecution",
                List.of(
                    map(
                        "topologyKey",
                        "kubernetes.io/hostname",
                        "labelSelector",
                        map("matchLabels", map("app.kubernetes.io/name", "deploy-origin"))))));
    return List.of(
        workload(
            "apps/v1",
            "DaemonSet",
            "ds-origin",
            map(
                "updateStrategy",
                map(
                    "type",
                    "RollingUpdate",
                    "rollingUpdate",
                    map("maxSurge", 0, "maxUnavailable", 1))),
            originPod("ds-origin", map())),
        workload(
            "apps/v1",
            "Deployment",
            "deploy-origin",
            map("replicas", 2),
            originPod(
                "deploy-origin",
                map(
                    "affinity",
                    antiAffinity,
                    "nodeSelector",
                    map("disk", "ssd"),
                    "tolerations",
                    List.of(
                        map(
                            "key",
                            "dedicated",
                            "operator",
                            "Equal",
                            "value",
                            "cache",
                            "effect",
                            "NoExecute",
                            "tolerationSeconds",
                            300))))),
        workload(
            "apps/v1",
            "StatefulSet",
            "sts-origin",
            map("serviceName", "sts-origin", "replicas", 1),
            originPod("sts-origin", map())),
        workload(
            "apps/v1",
            "ReplicaSet",
            "rs-origin",
            map("replicas", 1),
            originPod("rs-origin", map())),
        map(
            "apiVersion",
            "batch/v1",
            "kind",
            "Job",
            "metadata",
            originMetadata("job-origin"),
            "spec",
            map(
                "backoffLimit",
                2,
                "template",
                map(
                    "metadata",
                    map("labels", map("app.kubernetes.io/name", "job-origin")),
                    "spec",
                    originSpec(map("restartPolicy", "Never"))))),
        map(
            "apiVersion",
            "batch/v1",
            "kind",
            "CronJob",
            "metadata",
            originMetadata("cron-origin"),
            "spec",
            map(
                "schedule",
                "*/5 * * * *",
                "jobTemplate",
                map(
                    "spec",
                    map("template", map("spec", originSpec(map("restartPolicy", "OnFailure"))))))),
        map(
            "apiVersion",
            "v1",
            "kind",
            "Pod",
            "metadata",
            originMetadata("pod-origin"),
            "spec",
            originSpec(map())));
  }

  private static Map<String, Object> workload(
      String apiVersion,
      String kind,
      String name,
      Map<String, Object> spec,
      Map<String, Object> template) {
    spec.put("selector", map("matchLabels", map("app.kubernetes.io/name", name)));
    spec.put("template", template);
    return map(
        "apiVersion", apiVersion, "kind", kind, "metadata", originMetadata(name), "spec", spec);
  }

  private static Map<String, Object> originMetadata(String name) {
    return map("name", name, "namespace", NAMESPACE, "labels", map(ORIGIN_LABEL, "models"));
  }

  private static Map<String, Object> originPod(String name, Map<String, Object> placement) {
    return map(
        "metadata",
        map("labels", map("app.kubernetes.io/name", name)),
        "spec",
        originSpec(placement));
  }

  private static Map<String, Object> originSpec(Map<String, Object> extra) {
    Map<String, Object> spec =
        map(
            "securityContext", map("runAsUser", 0),
            "containers",
                List.of(
                    map(
                        "name",
                        "origin",
                        "image",
                        "registry.example.com/models-origin:1.4.2",
                        "args",
                        List.of("--socket", "/run/racer/models/origin/origin.sock"),
                        "volumeMounts",
                        List.of(
                            map(
                                "name",
                                "origin-socket",
                                "mountPath",
                                "/run/racer/models/origin")))),
            "volumes",
                List.of(
                    map(
                        "name",
                        "origin-socket",
                        "hostPath",
                        map("path", "/run/racer/models/origin", "type", "DirectoryOrCreate"))));
    spec.putAll(extra);
    return spec;
  }

  /**
   * The output of a run, as a user would patch it before the next: scheduling, labels, a sidecar
   * with a volume, limits, an extra required node term and a preferred one, on the DaemonSet; a
   * pull secret on the ServiceAccount; and the image changed (the function restores it).
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> patched(List<Map<String, Object>> output) {
    List<Map<String, Object>> items = YAML.load(YAML.dump(output));
    Map<String, Object> daemonSet = one(items, "DaemonSet", "racer");
    ((Map<String, Object>) daemonSet.get("metadata"))
        .put(
            "labels",
            map(
                "team",
                "storage",
                "app.kubernetes.io/name",
                "racer",
                "app.kubernetes.io/component",
                "dataplane"));
    ((Map<String, Object>) daemonSet.get("metadata")).put("annotations", map("owner", "ops"));
    Map<String, Object> spec = (Map<String, Object>) daemonSet.get("spec");
    ((Map<String, Object>) spec.get("updateStrategy"))
        .put("rollingUpdate", map("maxSurge", 0, "maxUnavailable", "10%"));
    Map<String, Object> pod = podSpec(daemonSet);
    pod.put(
        "tolerations",
        List.of(map("key", "nvidia.com/gpu", "operator", "Exists", "effect", "NoSchedule")));
    pod.put("nodeSelector", map("pool", "gpu"));
    pod.put("priorityClassName", "system-node-critical");
    pod.put("imagePullSecrets", List.of(map("name", "regcred")));
    Map<String, Object> nodeAffinity =
        (Map<String, Object>) ((Map<String, Object>) pod.get("affinity")).get("nodeAffinity");
    List<Map<String, Object>> terms =
        (List<Map<String, Object>>)
            ((Map<String, Object>)
                    nodeAffinity.get("requiredDuringSchedulingIgnoredDuringExecution"))
                .get("nodeSelectorTerms");
    ((List<Object>) terms.get(0).get("matchExpressions"))
        .add(
            map(
                "key",
                "node.kubernetes.io/instance-type",
                "operator",
                "In",
                "values",
                List.of("gpu-large")));
    nodeAffinity.put(
        "preferredDuringSchedulingIgnoredDuringExecution",
        List.of(
            map(
                "weight",
                10,
                "preference",
                map(
                    "matchExpressions",
                    List.of(
                        map(
                            "key",
                            "topology.kubernetes.io/zone",
                            "operator",
                            "In",
                            "values",
                            List.of("zone-a")))))));
    List<Map<String, Object>> containers = (List<Map<String, Object>>) pod.get("containers");
    Map<String, Object> dataplane = containers.get(0);
    dataplane.put("image", "registry.example.com/elsewhere/racer-dataplane:0.18.0");
    ((Map<String, Object>) dataplane.get("resources")).put("limits", map("memory", "4Gi"));
    ((List<Object>) dataplane.get("env")).add(map("name", "EXTRA_FLAG", "value", "1"));
    containers.add(
        map(
            "name",
            "log-shipper",
            "image",
            "registry.example.com/shipper:1.0",
            "resources",
            map("requests", map("cpu", "10m", "memory", "32Mi")),
            "volumeMounts",
            List.of(map("name", "scratch", "mountPath", "/scratch"))));
    ((List<Object>) pod.get("volumes"))
        .add(map("name", "scratch", "emptyDir", map("sizeLimit", "1Gi")));
    Map<String, Object> account = one(items, "ServiceAccount", "racer");
    account.put("imagePullSecrets", List.of(map("name", "regcred")));
    ((Map<String, Object>) account.get("metadata")).put("annotations", map("owner", "ops"));
    return items;
  }

  /** Each origin's pod spec got the dataplane's node affinity, recognized by one of its keys. */
  private static void assertEveryOriginPlaced(List<Map<String, Object>> items, String affinityKey) {
    List<Map<String, Object>> origins =
        items.stream()
            .filter(
                o ->
                    ((Map<?, ?>) o.get("metadata")).get("labels") instanceof Map<?, ?> labels
                        && labels.containsKey(ORIGIN_LABEL))
            .toList();
    assertThat(origins)
        .hasSize(7)
        .allSatisfy(
            origin ->
                assertThat(String.valueOf(podSpec(origin).get("affinity")))
                    .as("affinity of %s", identity(origin))
                    .contains(affinityKey));
  }

  /** The pod spec of a workload of any kind with a pod template, or of a Pod. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> podSpec(Map<String, Object> workload) {
    Map<String, Object> spec = (Map<String, Object>) workload.get("spec");
    return switch ((String) workload.get("kind")) {
      case "Pod" -> spec;
      case "CronJob" ->
          (Map<String, Object>)
              ((Map<String, Object>)
                      ((Map<String, Object>)
                              ((Map<String, Object>) spec.get("jobTemplate")).get("spec"))
                          .get("template"))
                  .get("spec");
      default -> (Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("spec");
    };
  }

  private static Map<String, Object> one(
      List<Map<String, Object>> items, String kind, String name) {
    List<Map<String, Object>> found =
        items.stream()
            .filter(
                o ->
                    kind.equals(o.get("kind"))
                        && name.equals(((Map<?, ?>) o.get("metadata")).get("name")))
            .toList();
    assertThat(found).as("%s %s", kind, name).hasSize(1);
    return found.get(0);
  }

  private static String identity(Map<String, Object> object) {
    return object.get("kind") + " " + ((Map<?, ?>) object.get("metadata")).get("name");
  }

  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static DumperOptions blockStyle() {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return options;
  }
}
