package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.LiveDump;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * examples/flux: the chart from its OCI registry through Flux v2.7. The OCIRepository and the
 * HelmRelease are valid for JSON schemas of their fields written from Flux's API reference ({@code
 * src/test/resources/flux}), the OCIRepository is pinned by digest, the HelmRelease finds its chart
 * and values, and those values render the chart.
 */
@DisplayName("examples/flux")
class FluxExampleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path FLUX = ChartUnderTest.repositoryRoot().resolve("examples/flux");

  private static Map<String, Object> load(String file) {
    try {
      return new Yaml(new SafeConstructor(new LoaderOptions()))
          .load(Files.readString(FLUX.resolve(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The messages of validating {@code object} against a schema of the test resources. */
  private static Set<String> violations(String schema, Map<String, Object> object) {
    try (InputStream in = FluxExampleTest.class.getResourceAsStream("/flux/" + schema)) {
      JsonSchema validator =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
      JsonNode tree = JSON.valueToTree(object);
      return validator.validate(tree).stream()
          .map(ValidationMessage::getMessage)
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(Map<String, Object> object) {
    return (Map<String, Object>) object.get("spec");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.get("metadata");
  }

  @Nested
  @DisplayName("against Flux v2.7's API")
  class Schemas {
    @Test
    @DisplayName("the OCIRepository is a valid source.toolkit.fluxcd.io/v1 OCIRepository")
    void ociRepository() {
      assertThat(violations("ocirepository-v1.schema.json", load("ocirepository.yaml"))).isEmpty();
    }

    @Test
    @DisplayName("the HelmRelease is a valid helm.toolkit.fluxcd.io/v2 HelmRelease")
    void helmRelease() {
      assertThat(violations("helmrelease-v2.schema.json", load("helmrelease.yaml"))).isEmpty();
    }

    @Test
    @DisplayName(
        "the schemas refuse what Flux refuses: a misspelt field, a values source of another kind,"
            + " a tag for a digest, a release without a chart")
    void refusals() {
      Map<String, Object> misspelt = load("helmrelease.yaml");
      spec(misspelt).put("valueFrom", spec(misspelt).remove("valuesFrom"));
      assertThat(violations("helmrelease-v2.schema.json", misspelt)).isNotEmpty();

      Map<String, Object> lowercase = load("helmrelease.yaml");
      @SuppressWarnings("unchecked")
      Map<String, Object> source =
          ((List<Map<String, Object>>) spec(lowercase).get("valuesFrom")).get(0);
      source.put("kind", "configmap");
      assertThat(violations("helmrelease-v2.schema.json", lowercase)).isNotEmpty();

      Map<String, Object> noChart = load("helmrelease.yaml");
      spec(noChart).remove("chartRef");
      assertThat(violations("helmrelease-v2.schema.json", noChart)).isNotEmpty();

      Map<String, Object> tagAsDigest = load("ocirepository.yaml");
      spec(tagAsDigest).put("ref", Map.of("digest", "0.1.0"));
      assertThat(violations("ocirepository-v1.schema.json", tagAsDigest)).isNotEmpty();
    }
  }

  @Test
  @DisplayName("the OCIRepository pins the chart of tools/release.sh's registry by digest alone")
  void pinnedByDigest() {
    Map<String, Object> spec = spec(load("ocirepository.yaml"));
    assertThat(spec.get("url")).isEqualTo("oci://ghcr.io/unbounded-cloud/charts/racer");
    assertThat(spec.get("ref"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsOnlyKeys("digest");
  }

  @Test
  @DisplayName(
      "until the chart is published, the digest is a placeholder that cannot pass for a real one,"
          + " and its line says so")
  void placeholderDigest() throws IOException {
    Map<?, ?> ref = (Map<?, ?>) spec(load("ocirepository.yaml")).get("ref");
    String placeholder = "sha256:" + "0".repeat(64);
    assertThat(ref.get("digest")).isEqualTo(placeholder);
    assertThat(Files.readAllLines(FLUX.resolve("ocirepository.yaml")))
        .filteredOn(line -> line.contains(placeholder))
        .singleElement()
        .asString()
        .contains("PLACEHOLDER");
  }

  @Test
  @DisplayName(
      "the HelmRelease takes its chart from the OCIRepository and its values from the ConfigMap's key,"
          + " all in one namespace, which the kustomization lists")
  @SuppressWarnings("unchecked")
  void references() {
    Map<String, Object> release = load("helmrelease.yaml");
    Map<String, Object> repository = load("ocirepository.yaml");
    Map<String, Object> values = load("racer-values.yaml");
    Map<String, Object> chartRef = (Map<String, Object>) spec(release).get("chartRef");
    assertThat(chartRef)
        .containsEntry("kind", repository.get("kind"))
        .containsEntry("name", metadata(repository).get("name"));
    Map<String, Object> source =
        ((List<Map<String, Object>>) spec(release).get("valuesFrom")).get(0);
    assertThat(source)
        .containsEntry("kind", values.get("kind"))
        .containsEntry("name", metadata(values).get("name"));
    assertThat((Map<String, Object>) values.get("data"))
        .containsKey((String) source.get("valuesKey"));
    assertThat(List.of(metadata(repository), metadata(values)))
        .allSatisfy(
            m -> assertThat(m.get("namespace")).isEqualTo(metadata(release).get("namespace")));
    assertThat((List<String>) load("kustomization.yaml").get("resources"))
        .containsExactlyInAnyOrder("ocirepository.yaml", "racer-values.yaml", "helmrelease.yaml");
  }

  @Test
  @DisplayName(
      "the ConfigMap's values render the chart in the release's target namespace, with the runtime"
          + " class and grace period they set")
  @SuppressWarnings("unchecked")
  void valuesRender() {
    Map<String, Object> release = load("helmrelease.yaml");
    Map<String, Object> data = (Map<String, Object>) load("racer-values.yaml").get("data");
    Map<String, Object> values =
        new Yaml(new SafeConstructor(new LoaderOptions())).load((String) data.get("values.yaml"));
    String namespace = (String) spec(release).get("targetNamespace");
    Map<String, Object> daemonSet =
        LiveDump.find(
            Manifests.parse(HelmRun.HELM3.template(namespace, values)), "DaemonSet", "racer");
    assertThat(metadata(daemonSet).get("namespace")).isEqualTo(namespace);
    Map<String, Object> pod = (Map<String, Object>) LiveDump.template(daemonSet).get("spec");
    assertThat(pod)
        .containsEntry("runtimeClassName", "nvidia")
        .containsEntry("terminationGracePeriodSeconds", 300L);
  }
}
