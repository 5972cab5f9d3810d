package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.verify.Verification;
import io.unboundedcloud.racer.krm.verify.Verified;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm verify} on {@code helm template} of each examples/helm file: the chart renders
 * what the function renders, so verify finds no drift, and nothing the function would warn about:
 * {@code verify --strict} passes on each, as the docs run it. An example whose racer-settings live
 * outside the chart ({@code settingsConfigMap.create: false}) is verified with that ConfigMap given
 * apart ({@code --settings}), its data the example's settings, as the chart requires.
 */
@Tag("slow")
@DisplayName("racer-krm verify on helm template of each examples/helm file: no drift")
class HelmTemplateVerifiedTest {
  static Stream<String> examples() throws IOException {
    return ChartInstallabilityTest.examples().map(file -> file.getFileName().toString());
  }

  @ParameterizedTest(name = "examples/helm/{0}")
  @MethodSource("examples")
  void verified(String example) throws IOException {
    Path file = ChartUnderTest.repositoryRoot().resolve("examples/helm").resolve(example);
    List<MappingNode> stream = ManifestNodes.of(HelmRun.HELM3.template("racer", file));
    Map<String, Object> values = new Yaml().load(Files.readString(file));

    Verified verdict = Verification.check(stream, outsideSettings(values));

    // nothing at all, so that verify --strict passes, as the README and examples/helm run it
    assertThat(verdict.results().list()).as("verify's results").isEmpty();
    assertThat(verdict.checked()).startsWith("verified DaemonSet ");
  }

  /**
   * The racer-settings an example keeps outside the chart, its data the settings value; or none.
   */
  @SuppressWarnings("unchecked")
  private static List<MappingNode> outsideSettings(Map<String, Object> values) {
    Map<String, Object> configMap = (Map<String, Object>) values.get("settingsConfigMap");
    if (configMap == null || !Boolean.FALSE.equals(configMap.get("create"))) {
      return List.of();
    }
    StringBuilder yaml =
        new StringBuilder(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n"
                + "data:\n");
    ((Map<String, Object>) values.get("settings"))
        .forEach(
            (key, value) ->
                yaml.append("  ").append(key).append(": \"").append(value).append("\"\n"));
    return ManifestNodes.of(yaml.toString());
  }
}
