package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.map;
import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field docs/dataplane.md gives the DaemonSet {@code racer}, for every NVIDIA mode and both
 * host-network settings. The expected values are written here from docs/dataplane.md, never taken
 * from the renderer.
 */
@DisplayName("Dataplane.daemonSet renders the DaemonSet racer of docs/dataplane.md")
class DataplaneDaemonSetTest {
  private static final String MATRIX = "io.unboundedcloud.racer.workload.RenderCase#all";
  private static final Map<String, Object> LABELS =
      map("app.kubernetes.io/name", "racer", "app.kubernetes.io/component", "dataplane");

  private static DaemonSet render(RenderCase c) {
    return Dataplane.daemonSet(c.config());
  }

  private static Map<String, Object> podSpec(RenderCase c) {
    return plain(render(c).getSpec().getTemplate().getSpec());
  }

  private static Container container(DaemonSet ds) {
    return ds.getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  private static Map<String, Object> container(RenderCase c) {
    return plain(container(render(c)));
  }

  @Nested
  @DisplayName("object, labels and selector")
  class Identity {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("is the apps/v1 DaemonSet racer in the config's namespace")
    void kindNameNamespace(RenderCase c) {
      DaemonSet ds = render(c);

      assertThat(ds.getApiVersion()).isEqualTo("apps/v1");
      assertThat(ds.getKind()).isEqualTo("DaemonSet");
      assertThat(ds.getMetadata().getName()).isEqualTo("racer");
      assertThat(ds.getMetadata().getNamespace()).isEqualTo("racer-system");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("labels = selector = template labels = Labels() = name racer, component dataplane")
    void labelsEqualSelectorEqualTemplateLabels(RenderCase c) {
      DaemonSet ds = render(c);

      assertThat(Dataplane.labels()).isEqualTo(LABELS);
      assertThat(ds.getMetadata().getLabels()).isEqualTo(LABELS);
      assertThat(plain(ds.getSpec().getSelector())).isEqualTo(map("matchLabels", LABELS));
      assertThat(ds.getSpec().getTemplate().getMetadata().getLabels()).isEqualTo(LABELS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("sets only selector, updateStrategy, minReadySeconds and template in its spec")
    void specFields(RenderCase c) {
      assertThat(plain(render(c).getSpec()))
          .containsOnlyKeys("selector", "updateStrategy", "minReadySeconds", "template");
    }

    @Test
    @DisplayName("an empty or null namespace renders no namespace")
    void noNamespace() {
      Config base = new RenderCase(NvidiaInjection.ENV, false).config();

      assertThat(plain(Dataplane.daemonSet(base.withNamespace("")).getMetadata()))
          .doesNotContainKey("namespace");
      assertThat(plain(Dataplane.daemonSet(base.withNamespace(null)).getMetadata()))
          .doesNotContainKey("namespace");
    }

    @Test
    @DisplayName("an invalid config throws instead of rendering")
    void invalidConfigThrows() {
      Config bad =
          new RenderCase(NvidiaInjection.ENV, false).config().with(ShapeKeys.PEER_PORT, 8443);

      assertThatThrownBy(() -> Dataplane.daemonSet(bad))
          .isInstanceOf(InvalidConfigurationException.class);
      assertThatThrownBy(() -> Dataplane.daemonSet(bad, "0123abcd"))
          .isInstanceOf(InvalidConfigurationException.class);
    }
  }

  @Nested
  @DisplayName("update strategy")
  class Strategy {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "rolls one node at a time without surge: RollingUpdate, maxUnavailable 1, maxSurge 0")
    void rollingUpdate(RenderCase c) {
      assertThat(plain(render(c).getSpec().getUpdateStrategy()))
          .isEqualTo(
              map(
                  "type",
                  "RollingUpdate",
                  "rollingUpdate",
                  map("maxUnavailable", 1, "maxSurge", 0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("minReadySeconds is 10")
    void minReadySeconds(RenderCase c) {
      assertThat(render(c).getSpec().getMinReadySeconds()).isEqualTo(10);
    }
  }

  @Nested
  @DisplayName("the record on the DaemonSet's metadata: its images and settings")
  class Record {
    private final Config config = RenderCase.all().findFirst().orElseThrow().config();

    private Map<String, String> annotations(String hash, String record) {
      return Dataplane.daemonSet(config, hash, record).getMetadata().getAnnotations();
    }

    @Test
    @DisplayName("with a hash and a settings record: both images and the record")
    void imagesAndSettings() {
      assertThat(annotations("abc123", "K=v\n"))
          .containsExactly(
              Map.entry("racer.unbounded-cloud.io/dataplane-image", config.dataplaneImage()),
              Map.entry("racer.unbounded-cloud.io/object-image", config.objectImage()),
              Map.entry("racer.unbounded-cloud.io/settings", "K=v\n"));
    }

    @Test
    @DisplayName("with a hash but no record (too long to write): the images only")
    void imagesOnly() {
      assertThat(annotations("abc123", null))
          .containsOnlyKeys(
              "racer.unbounded-cloud.io/dataplane-image", "racer.unbounded-cloud.io/object-image");
    }

    @Test
    @DisplayName("without a hash: no record at all, even when a settings record is given")
    void noHash() {
      assertThat(plain(Dataplane.daemonSet(config, null, "K=v\n").getMetadata()))
          .doesNotContainKey("annotations");
    }
  }

  @Nested
  @DisplayName("pod template annotations")
  class Annotations {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("the settings-hash annotation is present only when a hash is given")
    void settingsHashOnlyWhenGiven(RenderCase c) {
      String hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

      Map<String, String> without =
          Dataplane.daemonSet(c.config()).getSpec().getTemplate().getMetadata().getAnnotations();
      Map<String, String> with =
          Dataplane.daemonSet(c.config(), hash)
              .getSpec()
              .getTemplate()
              .getMetadata()
              .getAnnotations();

      assertThat(without == null ? Map.of() : without)
          .doesNotContainKey("racer.unbounded-cloud.io/settings-hash");
      assertThat(with).containsEntry("racer.unbounded-cloud.io/settings-hash", hash);
      assertThat(
              Dataplane.daemonSet(c.config(), null)
                  .getSpec()
                  .getTemplate()
                  .getMetadata()
                  .getAnnotations())
          .isEqualTo(without);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "the CDI annotation cdi.k8s.io/racer: nvidia.com/gpu=all is present in mode cdi only")
    void cdiAnnotationOnlyInModeCdi(RenderCase c) {
      Map<String, Object> metadata = plain(render(c).getSpec().getTemplate().getMetadata());

      if (c.requestsCdi()) {
        assertThat(metadata.get("annotations"))
            .isEqualTo(map("cdi.k8s.io/racer", "nvidia.com/gpu=all"));
      } else {
        assertThat(metadata).doesNotContainKey("annotations");
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "with a hash, the annotations are exactly the hash and, in mode cdi, the CDI request")
    void exactAnnotations(RenderCase c) {
      Map<String, Object> expected = map("racer.unbounded-cloud.io/settings-hash", "abc123");
      if (c.requestsCdi()) {
        expected.put("cdi.k8s.io/racer", "nvidia.com/gpu=all");
      }

      assertThat(
              Dataplane.daemonSet(c.config(), "abc123")
                  .getSpec()
                  .getTemplate()
                  .getMetadata()
                  .getAnnotations())
          .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("the template metadata carries only labels and our annotations")
    void templateMetadataFields(RenderCase c) {
      assertThat(
              plain(
                  Dataplane.daemonSet(c.config(), "abc123").getSpec().getTemplate().getMetadata()))
          .containsOnlyKeys("labels", "annotations");
    }
  }

  @Nested
  @DisplayName("pod spec")
  class Pod {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("runs as ServiceAccount racer without automounting its token")
    void serviceAccount(RenderCase c) {
      Map<String, Object> pod = podSpec(c);

      assertThat(pod).containsEntry("serviceAccountName", "racer");
      assertThat(pod).containsEntry("automountServiceAccountToken", false);
      assertThat(pod).doesNotContainKey("serviceAccount");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("uses the node's network only when asked, with the DNS policy that goes with it")
    void hostNetworkAndDnsPolicy(RenderCase c) {
      Map<String, Object> pod = podSpec(c);

      if (c.hostNetwork()) {
        assertThat(pod).containsEntry("hostNetwork", true);
        assertThat(pod).containsEntry("dnsPolicy", "ClusterFirstWithHostNet");
      } else {
        // false is the Kubernetes default: absent and false mean the same
        assertThat(pod.getOrDefault("hostNetwork", false)).isEqualTo(false);
        assertThat(pod).containsEntry("dnsPolicy", "ClusterFirst");
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "sets restartPolicy Always, default-scheduler, no service links, PreemptLowerPriority, 30 s grace")
    void podDefaults(RenderCase c) {
      Map<String, Object> pod = podSpec(c);

      assertThat(pod).containsEntry("restartPolicy", "Always");
      assertThat(pod).containsEntry("schedulerName", "default-scheduler");
      assertThat(pod).containsEntry("enableServiceLinks", false);
      assertThat(pod).containsEntry("preemptionPolicy", "PreemptLowerPriority");
      assertThat(pod).containsEntry("terminationGracePeriodSeconds", 30);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("the pod security context is runAsUser 0 and nothing else")
    void podSecurityContext(RenderCase c) {
      assertThat(podSpec(c).get("securityContext")).isEqualTo(map("runAsUser", 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "affinity is DataplaneAffinity(): one required term, exclude DoesNotExist then os In [linux]")
    void affinity(RenderCase c) {
      Map<String, Object> expected =
          map(
              "nodeAffinity",
              map(
                  "requiredDuringSchedulingIgnoredDuringExecution",
                  map(
                      "nodeSelectorTerms",
                      List.of(
                          map(
                              "matchExpressions",
                              List.of(
                                  map(
                                      "key",
                                      "racer.unbounded-cloud.io/exclude",
                                      "operator",
                                      "DoesNotExist"),
                                  map(
                                      "key",
                                      "kubernetes.io/os",
                                      "operator",
                                      "In",
                                      "values",
                                      List.of("linux"))))))));

      assertThat(plain(Dataplane.dataplaneAffinity())).isEqualTo(expected);
      assertThat(podSpec(c).get("affinity")).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "sets only the fields of docs/dataplane.md: no node selector, tolerations or priority class")
    void onlyDocumentedFields(RenderCase c) {
      List<String> expected =
          new ArrayList<>(
              List.of(
                  "serviceAccountName",
                  "automountServiceAccountToken",
                  "dnsPolicy",
                  "restartPolicy",
                  "schedulerName",
                  "enableServiceLinks",
                  "preemptionPolicy",
                  "terminationGracePeriodSeconds",
                  "securityContext",
                  "affinity",
                  "containers",
                  "volumes"));
      Map<String, Object> pod = podSpec(c);
      if (c.hostNetwork() || pod.containsKey("hostNetwork")) {
        expected.add("hostNetwork");
      }

      assertThat(pod).containsOnlyKeys(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("has the one container dataplane and no init containers")
    void oneContainer(RenderCase c) {
      PodSpec pod = render(c).getSpec().getTemplate().getSpec();

      assertThat(pod.getContainers()).extracting(Container::getName).containsExactly("dataplane");
      assertThat(pod.getInitContainers()).isNullOrEmpty();
    }
  }

  @Nested
  @DisplayName("container dataplane")
  class DataplaneContainer {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("runs the dataplane image, IfNotPresent, with the image's own command and args")
    void imageAndCommand(RenderCase c) {
      Map<String, Object> container = container(c);

      assertThat(container)
          .containsEntry("image", "ghcr.io/unbounded-cloud/racer-dataplane:0.19.0");
      assertThat(container).containsEntry("imagePullPolicy", "IfNotPresent");
      assertThat(container).doesNotContainKeys("command", "args", "workingDir");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("writes its termination message to /dev/termination-log, policy File")
    void terminationMessage(RenderCase c) {
      Map<String, Object> container = container(c);

      assertThat(container).containsEntry("terminationMessagePath", "/dev/termination-log");
      assertThat(container).containsEntry("terminationMessagePolicy", "File");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("reads every setting from the ConfigMap racer-settings (envFrom)")
    void envFrom(RenderCase c) {
      assertThat(container(c).get("envFrom"))
          .isEqualTo(List.of(map("configMapRef", map("name", "racer-settings"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("requests 1Gi of memory only: no limits, no CPU, no nvidia.com/gpu")
    void resources(RenderCase c) {
      assertThat(container(c).get("resources")).isEqualTo(map("requests", map("memory", "1Gi")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("is privileged, may escalate, and has a read-only root filesystem")
    void securityContext(RenderCase c) {
      assertThat(container(c).get("securityContext"))
          .isEqualTo(
              map(
                  "privileged",
                  true,
                  "allowPrivilegeEscalation",
                  true,
                  "readOnlyRootFilesystem",
                  true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "is ready when GET /readyz on port diagnostics answers: period 5, timeout 2, 1 success, 1 failure")
    void readinessProbe(RenderCase c) {
      assertThat(container(c).get("readinessProbe"))
          .isEqualTo(
              map(
                  "httpGet", map("path", "/readyz", "port", "diagnostics", "scheme", "HTTP"),
                  "periodSeconds", 5,
                  "timeoutSeconds", 2,
                  "successThreshold", 1,
                  "failureThreshold", 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("has no liveness or startup probe: readiness may wait on enrollment indefinitely")
    void noLivenessOrStartupProbe(RenderCase c) {
      assertThat(container(c)).doesNotContainKeys("livenessProbe", "startupProbe");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("sets only the fields of docs/dataplane.md")
    void onlyDocumentedFields(RenderCase c) {
      assertThat(container(c))
          .containsOnlyKeys(
              "name",
              "image",
              "imagePullPolicy",
              "terminationMessagePath",
              "terminationMessagePolicy",
              "envFrom",
              "env",
              "ports",
              "resources",
              "securityContext",
              "readinessProbe",
              "volumeMounts");
    }
  }

  @Nested
  @DisplayName("ports")
  class Ports {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "are peer 8082, diagnostics 9090, control 8443, webhook 9443, all TCP, in that order")
    void defaultPorts(RenderCase c) {
      assertThat(container(c).get("ports"))
          .isEqualTo(
              List.of(
                  map("name", "peer", "containerPort", 8082, "protocol", "TCP"),
                  map("name", "diagnostics", "containerPort", 9090, "protocol", "TCP"),
                  map("name", "control", "containerPort", 8443, "protocol", "TCP"),
                  map("name", "webhook", "containerPort", 9443, "protocol", "TCP")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("never claim a host port or a host IP")
    void noHostPort(RenderCase c) {
      container(render(c))
          .getPorts()
          .forEach(
              port -> {
                assertThat(port.getHostPort()).as("hostPort of %s", port.getName()).isNull();
                assertThat(port.getHostIP()).as("hostIP of %s", port.getName()).isNull();
              });
    }

    @Test
    @DisplayName("when the peer port is 9090 and diagnostics unset, diagnostics moves to 9091")
    void diagnosticsMovesAwayFromPeer9090() {
      Config config =
          new RenderCase(NvidiaInjection.ENV, false).config().with(ShapeKeys.PEER_PORT, 9090);

      assertThat(container(Dataplane.daemonSet(config)).getPorts())
          .extracting(p -> p.getName() + "=" + p.getContainerPort())
          .containsExactly("peer=9090", "diagnostics=9091", "control=8443", "webhook=9443");
    }

    @Test
    @DisplayName("an explicit diagnostics port and a custom peer port are rendered as given")
    void explicitPorts() {
      Config config =
          new RenderCase(NvidiaInjection.ENV, true)
              .config()
              .with(ShapeKeys.PEER_PORT, 7000)
              .with(ShapeKeys.DIAGNOSTICS_PORT, 7001);

      assertThat(container(Dataplane.daemonSet(config)).getPorts())
          .extracting(p -> p.getName() + "=" + p.getContainerPort())
          .containsExactly("peer=7000", "diagnostics=7001", "control=8443", "webhook=9443");
    }
  }
}
