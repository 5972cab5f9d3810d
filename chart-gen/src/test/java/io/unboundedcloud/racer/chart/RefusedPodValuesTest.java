package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pod additions, metadata and pacing values a user may not give: what would replace what the
 * chart renders itself (the dataplane's env, volumes and container, a selector label, a delivery
 * label), or what Kubernetes would refuse. Each fails {@code helm template} with a message naming
 * the value and, where the chart's templates refuse it, the offending entry.
 */
@Tag("slow")
@DisplayName("A refused pod addition, label or pacing value fails helm template, naming the value")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class RefusedPodValuesTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(RefusedPodValuesTest.class);
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        refused(
            "an env var named like one of the dataplane's",
            Map.of("extraEnv", List.of(Map.of("name", "RACER_PEER_LISTEN", "value", "x"))),
            "extraEnv[0].name: \"RACER_PEER_LISTEN\" is an env var the chart sets"),
        refused(
            "an NVIDIA env var, second in the list",
            Map.of(
                "extraEnv",
                List.of(
                    Map.of("name", "HTTPS_PROXY", "value", "x"),
                    Map.of("name", "NVIDIA_VISIBLE_DEVICES", "value", "0"))),
            "extraEnv[1].name: \"NVIDIA_VISIBLE_DEVICES\" is an env var the chart sets"),
        refused(
            "RACER_CONTROL_SEATS as an env var",
            Map.of("extraEnv", List.of(Map.of("name", "RACER_CONTROL_SEATS", "value", "3"))),
            "extraEnv[0].name: \"RACER_CONTROL_SEATS\" is read from racer-settings only"),
        refused(
            "an env var without a name",
            Map.of("extraEnv", List.of(Map.of("value", "x"))),
            "/extraEnv/0"),
        refused(
            "a volume named like one of the dataplane's",
            Map.of("extraVolumes", List.of(Map.of("name", "sockets", "emptyDir", Map.of()))),
            "extraVolumes[0].name: \"sockets\" is a volume the chart mounts"),
        refused(
            "a volume name that is not a DNS label",
            Map.of("extraVolumes", List.of(Map.of("name", "CA_Bundle", "emptyDir", Map.of()))),
            "extraVolumes[0].name: \"CA_Bundle\" is not a DNS-1123 label"),
        refused(
            "a mount of one of the dataplane's volumes",
            Map.of(
                "extraVolumeMounts",
                List.of(Map.of("name", "udev", "mountPath", "/elsewhere/udev"))),
            "extraVolumeMounts[0].name: \"udev\" is a volume the chart mounts"),
        refused(
            "a mount without a path",
            Map.of("extraVolumeMounts", List.of(Map.of("name", "scratch"))),
            "/extraVolumeMounts/0"),
        refused(
            "a sidecar named dataplane",
            Map.of("extraContainers", List.of(Map.of("name", "dataplane", "image", "busybox"))),
            "extraContainers[0].name: \"dataplane\" is the chart's own container"),
        refused(
            "an init container without a name",
            Map.of("initContainers", List.of(Map.of("image", "busybox"))),
            "/initContainers/0"),
        refused(
            "a common label on the dataplane's selector key",
            Map.of("commonLabels", Map.of("app.kubernetes.io/component", "cache")),
            "commonLabels: \"app.kubernetes.io/component\" is a selector label"),
        refused(
            "a common label on the cache origins' selector key",
            Map.of("commonLabels", Map.of("racer.unbounded-cloud.io/cache-origin", "models")),
            "commonLabels: \"racer.unbounded-cloud.io/cache-origin\" is a selector label"),
        refused(
            "a common label on a delivery label",
            Map.of("commonLabels", Map.of("app.kubernetes.io/managed-by", "me")),
            "commonLabels: \"app.kubernetes.io/managed-by\" is one of the labels the chart sets"),
        refused(
            "a common label value with a space",
            Map.of("commonLabels", Map.of("team", "ml platform")),
            "commonLabels[\"team\"]: \"ml platform\" is not a label value"),
        refused(
            "a DaemonSet annotation that is a number",
            Map.of("daemonSetAnnotations", Map.of("example.com/revision", 3)),
            "/daemonSetAnnotations/example.com~1revision"),
        refused(
            "a runtime class name with a capital",
            Map.of("runtimeClassName", "NVIDIA"),
            "runtimeClassName: \"NVIDIA\" is not a DNS-1123 subdomain"),
        refused(
            "a negative grace period",
            Map.of("terminationGracePeriodSeconds", -1),
            "/terminationGracePeriodSeconds"),
        refused(
            "a grace period as a string",
            Map.of("terminationGracePeriodSeconds", "300"),
            "/terminationGracePeriodSeconds"),
        refused("a fractional minReadySeconds", Map.of("minReadySeconds", 1.5), "/minReadySeconds"),
        refused(
            "a negative revision history",
            Map.of("revisionHistoryLimit", -3),
            "/revisionHistoryLimit"),
        refused(
            "serviceAccount.create as a string",
            Map.of("serviceAccount", Map.of("create", "no")),
            "/serviceAccount/create"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("a refused value")
  void refusedValue(String name, Map<String, Object> values, String naming) {
    assertThat(helm.failureWithImages(values)).contains(naming);
  }

  private static Arguments refused(String name, Map<String, Object> values, String naming) {
    return Arguments.of(name, values, naming);
  }
}
