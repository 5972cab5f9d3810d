package io.unboundedcloud.racer.krm.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.adopt.LiveDumps;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

@DisplayName("The API server's defaults of a workload and its pod template")
class ApiServerDefaultsTest {
  @SuppressWarnings("unchecked")
  private static Map<String, Object> yaml(String text) {
    return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
  }

  private static Map<String, Object> daemonSet(String podSpec) {
    return yaml(
        "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n  template:\n    spec:\n"
            + podSpec.indent(6));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @DisplayName("the pull policy follows the image reference as SetDefaults_Container reads it")
  @CsvSource({
    "registry.example.com/racer/racer-dataplane:0.19.0, IfNotPresent",
    "registry.example.com/racer/racer-dataplane:latest, Always",
    "registry.example.com/racer/racer-dataplane, Always",
    "localhost:5000/racer-dataplane, Always",
    "racer-dataplane, Always",
    "racer-dataplane:0.19.0, IfNotPresent",
    "localhost:5000/racer-dataplane:1.2, IfNotPresent",
    "racer-dataplane@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, IfNotPresent",
    "racer-dataplane:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, Always"
  })
  void pullPolicy(String image, String policy) {
    assertThat(ApiServerDefaults.pullPolicyFor(image)).isEqualTo(policy);
  }

  @Nested
  @DisplayName("filled")
  class Filled {
    @Test
    @DisplayName(
        "a bare pod template gets what SetDefaults_PodSpec and SetDefaults_Container give, and the zeros")
    @SuppressWarnings("unchecked")
    void barePodSpec() {
      Map<String, Object> filled =
          ApiServerDefaults.filled(
              daemonSet(
                  """
          containers:
          - name: app
            image: example.com/app:1
            ports: [{containerPort: 80}]
            readinessProbe: {httpGet: {port: 80}}
          volumes:
          - name: scratch
          - name: certs
            secret: {secretName: certs}
          """));
      Map<String, Object> spec = (Map<String, Object>) filled.get("spec");
      assertThat(spec)
          .containsEntry("revisionHistoryLimit", 10)
          .containsEntry("minReadySeconds", 0)
          .containsEntry(
              "updateStrategy",
              Map.of(
                  "type",
                  "RollingUpdate",
                  "rollingUpdate",
                  Map.of("maxUnavailable", 1, "maxSurge", 0)));
      Map<String, Object> pod = LiveDumps.podSpec(filled);
      assertThat(pod)
          .containsEntry("dnsPolicy", "ClusterFirst")
          .containsEntry("restartPolicy", "Always")
          .containsEntry("securityContext", Map.of())
          .containsEntry("terminationGracePeriodSeconds", 30)
          .containsEntry("schedulerName", "default-scheduler")
          .containsEntry("hostNetwork", false)
          .doesNotContainKeys(
              "enableServiceLinks", "preemptionPolicy", "priority", "serviceAccount");
      Map<String, Object> container =
          (Map<String, Object>) ((List<?>) pod.get("containers")).get(0);
      assertThat(container)
          .containsEntry("imagePullPolicy", "IfNotPresent")
          .containsEntry("terminationMessagePath", "/dev/termination-log")
          .containsEntry("terminationMessagePolicy", "File")
          .containsEntry("resources", Map.of());
      assertThat((List<Object>) container.get("ports"))
          .containsExactly(Map.of("containerPort", 80, "protocol", "TCP", "hostPort", 0));
      assertThat((Map<String, Object>) container.get("readinessProbe"))
          .isEqualTo(
              Map.of(
                  "httpGet",
                  Map.of("port", 80, "path", "/", "scheme", "HTTP"),
                  "timeoutSeconds",
                  1,
                  "periodSeconds",
                  10,
                  "successThreshold",
                  1,
                  "failureThreshold",
                  3,
                  "initialDelaySeconds",
                  0));
      assertThat((List<Object>) pod.get("volumes"))
          .containsExactly(
              Map.of("name", "scratch", "emptyDir", Map.of()),
              Map.of("name", "certs", "secret", Map.of("secretName", "certs", "defaultMode", 420)));
    }

    @Test
    @DisplayName(
        "with host network, a port's hostPort is its containerPort (pod templates before Kubernetes 1.28)")
    @SuppressWarnings("unchecked")
    void hostNetworkPorts() {
      Map<String, Object> pod =
          LiveDumps.podSpec(
              ApiServerDefaults.filled(
                  daemonSet(
                      """
          hostNetwork: true
          containers: [{name: app, image: a:1, ports: [{containerPort: 8082}, {containerPort: 9, hostPort: 19}]}]
          """)));
      List<Object> ports =
          (List<Object>)
              ((Map<String, Object>) ((List<?>) pod.get("containers")).get(0)).get("ports");
      assertThat(ports)
          .containsExactly(
              Map.of("containerPort", 8082, "hostPort", 8082, "protocol", "TCP"),
              Map.of("containerPort", 9, "hostPort", 19, "protocol", "TCP"));
    }

    @Test
    @DisplayName(
        "an OnDelete update strategy gets no rolling update; set values are never replaced")
    @SuppressWarnings("unchecked")
    void setValuesKept() {
      Map<String, Object> daemonSet =
          daemonSet(
              "dnsPolicy: Default\ncontainers: [{name: a, image: a, imagePullPolicy: Never}]");
      ((Map<String, Object>) daemonSet.get("spec"))
          .put("updateStrategy", new LinkedHashMap<>(Map.of("type", "OnDelete")));
      Map<String, Object> filled = ApiServerDefaults.filled(daemonSet);
      assertThat(((Map<String, Object>) filled.get("spec")).get("updateStrategy"))
          .isEqualTo(Map.of("type", "OnDelete"));
      assertThat(LiveDumps.podSpec(filled)).containsEntry("dnsPolicy", "Default");
      assertThat(
              (Map<String, Object>) ((List<?>) LiveDumps.podSpec(filled).get("containers")).get(0))
          .containsEntry("imagePullPolicy", "Never");
    }
  }

  @Nested
  @DisplayName("strip")
  class Strip {
    @Test
    @DisplayName("removes what the server would put back, and filled gives the live workload again")
    void roundTrip() {
      for (String fixture : List.of("operator-dump.yaml", "overrides-stream.yaml")) {
        for (Map<String, Object> live :
            LiveDumps.objects(LiveDumps.text(LiveDumps.fixture(fixture)))) {
          if (!"DaemonSet".equals(live.get("kind"))) {
            continue;
          }
          Map<String, Object> stripped = PlainTrees.copyMap(live);
          List<ApiServerDefaults.Stripped> removed = ApiServerDefaults.strip(stripped);
          assertThat(removed).as(fixture).isNotEmpty();
          assertThat(LiveDumps.template(stripped))
              .as(fixture)
              .isNotEqualTo(LiveDumps.template(live));
          assertThat(LiveDumps.template(ApiServerDefaults.filled(stripped)))
              .isEqualTo(LiveDumps.template(ApiServerDefaults.filled(live)));
        }
      }
    }

    @Test
    @DisplayName(
        "never strips a hostPort nor a volume's emptyDir: those say what the manifest means")
    void fillOnly() {
      Map<String, Object> daemonSet =
          daemonSet(
              """
          hostNetwork: true
          containers: [{name: app, image: a:1, ports: [{containerPort: 80, hostPort: 80}]}]
          volumes: [{name: scratch, emptyDir: {}}]
          """);
      Map<String, Object> before = PlainTrees.copyMap(LiveDumps.podSpec(daemonSet));
      ApiServerDefaults.strip(daemonSet);
      assertThat(LiveDumps.podSpec(daemonSet))
          .containsEntry("volumes", before.get("volumes"))
          .containsEntry("hostNetwork", true);
      assertThat(LiveDumps.podSpec(daemonSet).toString()).contains("hostPort=80");
    }

    @Test
    @DisplayName(
        "an object emptied by stripping goes, and is reported whole so that it can be put back")
    void emptiedObject() {
      Map<String, Object> daemonSet = daemonSet("containers: [{name: a, image: a:1}]");
      @SuppressWarnings("unchecked")
      Map<String, Object> spec = (Map<String, Object>) daemonSet.get("spec");
      spec.put(
          "updateStrategy",
          yaml("{type: RollingUpdate, rollingUpdate: {maxUnavailable: 1, maxSurge: 0}}"));
      List<ApiServerDefaults.Stripped> removed = ApiServerDefaults.strip(daemonSet);
      assertThat(spec).doesNotContainKey("updateStrategy");
      assertThat(removed)
          .filteredOn(s -> s.at().toString().startsWith("spec.updateStrategy"))
          .containsExactly(
              new ApiServerDefaults.Stripped(
                  FieldPath.of("spec.updateStrategy"),
                  yaml("{type: RollingUpdate, rollingUpdate: {maxUnavailable: 1, maxSurge: 0}}")));
    }
  }
}
