package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.unboundedcloud.racer.workload.KubernetesSchema.Result;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Proves that the schema harness both accepts valid objects and rejects invalid ones, and records
 * what kinds of mistakes it does and does not catch.
 */
@Tag("slow")
class KubernetesSchemaTest {

  @BeforeAll
  static void validatorInstalled() {
    // without node the whole class is reported skipped (one SKIPPED line), not failed
    KubernetesSchema.requireInstalled();
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final String DAEMON_SET =
      """
            {
              "apiVersion": "apps/v1",
              "kind": "DaemonSet",
              "metadata": {"name": "racer", "labels": {"app": "racer"}},
              "spec": {
                "selector": {"matchLabels": {"app": "racer"}},
                "template": {
                  "metadata": {"labels": {"app": "racer"}},
                  "spec": {
                    "containers": [{
                      "name": "racer",
                      "image": "example.org/racer:0.19.0",
                      "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}],
                      "resources": {"limits": {"cpu": "500m", "memory": "128Mi"}},
                      "volumeMounts": [{"name": "cache", "mountPath": "/var/cache/racer"}]
                    }],
                    "volumes": [{"name": "cache", "hostPath": {"path": "/var/cache/racer", "type": "DirectoryOrCreate"}}]
                  }
                }
              }
            }
            """;

  @Test
  void acceptsAValidDaemonSet() {
    assertThatCode(() -> KubernetesSchema.assertValid(List.of(daemonSet(ds -> {}))))
        .doesNotThrowAnyException();
  }

  @Test
  void rejectsANonNumericContainerPortAndNamesThePath() {
    Map<String, Object> bad = daemonSet(ds -> port(ds).put("containerPort", "abc"));

    assertThat(single(bad).error())
        .contains("/spec/template/spec/containers/0/ports/0/containerPort: must be integer");
    assertThatThrownBy(() -> KubernetesSchema.assertValid(List.of(bad)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("DaemonSet racer")
        .hasMessageContaining(
            "/spec/template/spec/containers/0/ports/0/containerPort: must be integer");
  }

  @Test
  void rejectsANumberQuotedAsAString() {
    // YAML templating mistakes often quote numbers: "8080" is not an integer either.
    assertThat(single(daemonSet(ds -> port(ds).put("containerPort", "8080"))).error())
        .contains("/spec/template/spec/containers/0/ports/0/containerPort: must be integer");
  }

  @Test
  void rejectsAMissingSelector() {
    assertThat(single(daemonSet(ds -> spec(ds).remove("selector"))).error())
        .isEqualTo("/spec/selector: is required");
  }

  @Test
  void rejectsAMissingContainerName() {
    assertThat(single(daemonSet(ds -> container(ds).remove("name"))).error())
        .isEqualTo("/spec/template/spec/containers/0/name: is required");
  }

  @Test
  void rejectsAVolumeWhoseFieldHasTheWrongType() {
    assertThat(single(daemonSet(ds -> volume(ds).put("hostPath", "/var/cache/racer"))).error())
        .isEqualTo("/spec/template/spec/volumes/0/hostPath: must be object");
    assertThat(single(daemonSet(ds -> map(volume(ds), "hostPath").put("path", 5))).error())
        .isEqualTo("/spec/template/spec/volumes/0/hostPath/path: must be string");
  }

  @Test
  void rejectsAValueOutsideAnEnum() {
    assertThat(single(daemonSet(ds -> port(ds).put("protocol", "tcp"))).error())
        .startsWith("/spec/template/spec/containers/0/ports/0/protocol: must be one of");
    assertThat(single(daemonSet(ds -> map(volume(ds), "hostPath").put("type", "Dir"))).error())
        .startsWith("/spec/template/spec/volumes/0/hostPath/type: must be one of");
  }

  @Test
  void rejectsANonStringLabelAndAMalformedQuantity() {
    assertThat(single(daemonSet(ds -> map(map(ds, "metadata"), "labels").put("tier", 1))).error())
        .isEqualTo("/metadata/labels/tier: must be string");
    assertThat(
            single(
                    daemonSet(
                        ds -> map(map(container(ds), "resources"), "limits").put("cpu", "lots")))
                .error())
        .contains(
            "/spec/template/spec/containers/0/resources/limits/cpu: must match format \"quantity\"");
  }

  @Test
  void rejectsAnUnknownKind() {
    Map<String, Object> unknown =
        plain(
            """
                {"apiVersion": "racer.unboundedcloud.io/v1", "kind": "Racer", "metadata": {"name": "r"}}
                """);
    assertThat(single(unknown).error()).startsWith("unknown kind:");

    Map<String, Object> helperType =
        plain(
            """
                {"apiVersion": "v1", "kind": "Container", "name": "c"}
                """);
    assertThat(single(helperType).error()).startsWith("unknown kind:");

    assertThat(single(daemonSet(ds -> ds.remove("apiVersion"))).error())
        .startsWith("unknown kind:");
  }

  @Test
  void rejectsAnApiVersionCurrentClustersNoLongerServe() {
    assertThat(single(daemonSet(ds -> ds.put("apiVersion", "extensions/v1beta1"))).error())
        .contains("not a GA version");
  }

  @Test
  void reportsEveryInvalidObjectOfOneCall() {
    List<Map<String, Object>> objects =
        List.of(
            daemonSet(ds -> {}),
            daemonSet(ds -> port(ds).put("containerPort", "abc")),
            daemonSet(ds -> spec(ds).remove("selector")),
            plain("{\"apiVersion\": \"v1\", \"kind\": \"Nonsense\"}"));

    List<Result> results = KubernetesSchema.validate(objects);
    assertThat(results).extracting(Result::ok).containsExactly(true, false, false, false);
    assertThatThrownBy(() -> KubernetesSchema.assertValid(objects))
        .hasMessageContaining("3 of 4")
        .hasMessageContaining(
            "[1] DaemonSet racer: /spec/template/spec/containers/0/ports/0/containerPort")
        .hasMessageContaining("[2] DaemonSet racer: /spec/selector: is required")
        .hasMessageContaining("[3] Nonsense ?: unknown kind");
  }

  @Test
  void acceptsMinimalObjectsOfEveryKindTheProjectRenders() {
    List<Map<String, Object>> objects =
        List.of(
            plain(
                "{\"apiVersion\": \"v1\", \"kind\": \"ServiceAccount\", \"metadata\": {\"name\": \"a\"}}"),
            plain(
                "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"a\"},"
                    + " \"data\": {\"port\": \"8080\"}}"),
            plain(
                "{\"apiVersion\": \"v1\", \"kind\": \"Namespace\", \"metadata\": {\"name\": \"a\"}}"),
            plain(
                "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"a\"},"
                    + " \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"i\"}]}}"),
            plain(
                "{\"apiVersion\": \"v1\", \"kind\": \"Service\", \"metadata\": {\"name\": \"a\"},"
                    + " \"spec\": {\"ports\": [{\"port\": 80, \"targetPort\": \"http\"}]}}"),
            withKind(daemonSet(ds -> {}), "apps/v1", "Deployment"),
            withKind(
                daemonSet(ds -> spec(ds).put("serviceName", "racer")), "apps/v1", "StatefulSet"),
            withKind(daemonSet(ds -> {}), "apps/v1", "ReplicaSet"),
            plain(
                "{\"apiVersion\": \"batch/v1\", \"kind\": \"Job\", \"metadata\": {\"name\": \"a\"},"
                    + " \"spec\": {\"template\": {\"spec\": {\"restartPolicy\": \"Never\","
                    + " \"containers\": [{\"name\": \"c\", \"image\": \"i\"}]}}}}"),
            plain(
                "{\"apiVersion\": \"batch/v1\", \"kind\": \"CronJob\", \"metadata\": {\"name\": \"a\"},"
                    + " \"spec\": {\"schedule\": \"0 * * * *\", \"jobTemplate\": {\"spec\": {\"template\":"
                    + " {\"spec\": {\"restartPolicy\": \"Never\","
                    + " \"containers\": [{\"name\": \"c\", \"image\": \"i\"}]}}}}}}"));

    assertThatCode(() -> KubernetesSchema.assertValid(objects)).doesNotThrowAnyException();
    assertThat(KubernetesSchema.validate(objects))
        .extracting(Result::kind)
        .containsExactly(
            "ServiceAccount",
            "ConfigMap",
            "Namespace",
            "Pod",
            "Service",
            "Deployment",
            "StatefulSet",
            "ReplicaSet",
            "Job",
            "CronJob");
  }

  @Test
  void validatesFabric8ObjectsThroughToPlain() {
    DaemonSet ds =
        new DaemonSetBuilder()
            .withNewMetadata()
            .withName("racer")
            .endMetadata()
            .withNewSpec()
            .withNewSelector()
            .addToMatchLabels("app", "racer")
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .addToLabels("app", "racer")
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("racer")
            .withImage("example.org/racer:0.19.0")
            .addNewPort()
            .withName("http")
            .withContainerPort(8080)
            .endPort()
            .withNewResources()
            .addToLimits("cpu", new Quantity("500m"))
            .endResources()
            .withNewReadinessProbe()
            .withNewHttpGet()
            .withPath("/ready")
            .withPort(new IntOrString("http"))
            .endHttpGet()
            .endReadinessProbe()
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();

    Map<String, Object> plain = KubernetesSchema.toPlain(ds);
    assertThat(plain).containsEntry("apiVersion", "apps/v1").containsEntry("kind", "DaemonSet");
    assertThatCode(() -> KubernetesSchema.assertValid(List.of(plain))).doesNotThrowAnyException();

    ds.getSpec().setSelector(null);
    assertThat(single(KubernetesSchema.toPlain(ds)).error())
        .isEqualTo("/spec/selector: is required");
  }

  /**
   * Known limits, written down as a test so that a newer kubernetes-models that closes them is
   * noticed: unknown (misspelt) fields pass, and so do mistakes only the API server's semantic
   * validation finds.
   */
  @Test
  void doesNotCatchUnknownFieldsNorSemanticMistakes() {
    List<Map<String, Object>> passButShouldNot =
        List.of(
            daemonSet(ds -> map(volume(ds), "hostPath").put("paht", "/x")), // unknown field
            daemonSet(ds -> spec(ds).put("templat", Map.of())), // unknown field
            daemonSet(ds -> map(ds, "metadata").put("name", "Not_A_DNS_Name")), // name syntax
            daemonSet(ds -> map(spec(ds), "selector").put("matchLabels", Map.of("app", "other"))),
            daemonSet(ds -> port(ds).put("containerPort", 70000)), // > 65535
            daemonSet(ds -> pod(ds).put("containers", List.of()))); // no container

    assertThat(KubernetesSchema.validate(passButShouldNot)).allMatch(Result::ok);
  }

  // --- helpers: the objects are plain, mutable maps and lists, as parsed from JSON ---

  private static Result single(Map<String, Object> object) {
    List<Result> results = KubernetesSchema.validate(List.of(object));
    assertThat(results).hasSize(1);
    return results.get(0);
  }

  private static Map<String, Object> daemonSet(Consumer<Map<String, Object>> change) {
    Map<String, Object> ds = plain(DAEMON_SET);
    change.accept(ds);
    return ds;
  }

  private static Map<String, Object> withKind(
      Map<String, Object> object, String apiVersion, String kind) {
    object.put("apiVersion", apiVersion);
    object.put("kind", kind);
    return object;
  }

  private static Map<String, Object> plain(String json) {
    try {
      return MAPPER.readValue(json, new TypeReference<Map<String, Object>>() {});
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static Map<String, Object> spec(Map<String, Object> ds) {
    return map(ds, "spec");
  }

  private static Map<String, Object> pod(Map<String, Object> ds) {
    return map(map(spec(ds), "template"), "spec");
  }

  private static Map<String, Object> container(Map<String, Object> ds) {
    return first(pod(ds), "containers");
  }

  private static Map<String, Object> port(Map<String, Object> ds) {
    return first(container(ds), "ports");
  }

  private static Map<String, Object> volume(Map<String, Object> ds) {
    return first(pod(ds), "volumes");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> parent, String key) {
    return (Map<String, Object>) parent.get(key);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> first(Map<String, Object> parent, String key) {
    return ((List<Map<String, Object>>) parent.get(key)).get(0);
  }
}
