package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.HelmRunner.Lint;
import io.unboundedcloud.racer.chart.support.Manifests;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
@DisplayName("The committed chart installs with real Helm")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class ChartInstallabilityTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(ChartInstallabilityTest.class);
  }

  @Test
  @DisplayName("helm lint --strict passes with the default values")
  void lintStrict() {
    Lint result = helm.lintStrict();
    assertThat(result.failed()).as(String.join("\n", result.messages())).isFalse();
  }

  @Nested
  @DisplayName("helm template with the defaults plus images")
  class DefaultsPlusImages {
    private List<Map<String, Object>> objects;

    @BeforeEach
    void render() {
      objects =
          Manifests.parse(
              helm.template(
                  "racer", Map.of("images", Map.of("registry", "registry.example.com/racer"))));
    }

    @Test
    @DisplayName(
        "renders the ServiceAccount, the DaemonSet and the racer-settings ConfigMap, nothing else")
    void objects() {
      assertThat(Manifests.byIdentity(objects).keySet())
          .containsExactlyInAnyOrder(
              "ServiceAccount racer/racer",
              "DaemonSet racer/racer",
              "ConfigMap racer/racer-settings");
    }

    @Test
    @DisplayName("every object matches the Kubernetes OpenAPI schema")
    void kubernetesSchema() {
      KubernetesSchema.assertValid(objects);
    }

    @Test
    @DisplayName(
        "Helm's delivery labels are on object metadata, never in the selector or on the pods")
    @SuppressWarnings("unchecked")
    void deliveryLabels() {
      Map<String, Object> daemonSet = Manifests.byIdentity(objects).get("DaemonSet racer/racer");
      Map<String, Object> labels =
          (Map<String, Object>)
              ((Map<String, Object>)
                      objects.stream()
                          .filter(o -> "DaemonSet".equals(o.get("kind")))
                          .findFirst()
                          .orElseThrow()
                          .get("metadata"))
                  .get("labels");
      assertThat(labels).containsKeys(Manifests.DELIVERY_LABELS.toArray(String[]::new));
      Map<String, Object> spec = (Map<String, Object>) daemonSet.get("spec");
      Map<String, Object> selector =
          (Map<String, Object>) ((Map<String, Object>) spec.get("selector")).get("matchLabels");
      Map<String, Object> podLabels =
          (Map<String, Object>)
              ((Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("metadata"))
                  .get("labels");
      assertThat(selector).isEqualTo(io.unboundedcloud.racer.workload.Dataplane.labels());
      assertThat(podLabels).isEqualTo(io.unboundedcloud.racer.workload.Dataplane.labels());
    }
  }

  static Stream<Path> examples() throws IOException {
    try (Stream<Path> files =
        Files.list(ChartUnderTest.repositoryRoot().resolve("examples/helm"))) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest(name = "examples/helm/{0}")
  @MethodSource("examples")
  @DisplayName(
      "every examples/helm values file renders objects that match the Kubernetes OpenAPI schema")
  void example(Path valuesFile) {
    List<Map<String, Object>> objects = Manifests.parse(helm.template("racer", valuesFile));
    assertThat(Manifests.byIdentity(objects)).containsKey("DaemonSet racer/racer");
    KubernetesSchema.assertValid(objects);
  }

  @ParameterizedTest(name = "examples/helm/{0}")
  @MethodSource("examples")
  @DisplayName("every examples/helm values file passes helm lint --strict")
  void exampleLint(Path valuesFile) {
    Lint result = helm.lintStrict(valuesFile);
    assertThat(result.failed()).as(String.join("\n", result.messages())).isFalse();
  }

  @Test
  @DisplayName("there are examples to render, production.yaml among them")
  void examplesExist() throws IOException {
    assertThat(examples())
        .hasSizeGreaterThanOrEqualTo(5)
        .contains(ChartUnderTest.repositoryRoot().resolve("examples/helm/production.yaml"));
  }

  @Test
  @DisplayName("helm package writes the chart archive into target/")
  void helmPackage() throws IOException {
    Path packaged =
        helm.packageInto(
            Files.createTempDirectory(ChartUnderTest.workDirectory("package"), "helm"));
    assertThat(packaged.getFileName().toString())
        .isEqualTo("racer-" + System.getProperty("racer.project.version") + ".tgz");
    assertThat(packaged).startsWith(ChartUnderTest.buildDirectory());
  }
}
