package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chart as a dependency of an umbrella chart: Helm passes the umbrella's {@code global} to it
 * and a {@code condition: racer.enabled} adds {@code enabled} to its values; the schema accepts
 * both and the chart renders the same objects as alone (helm/helm#10392 is a chart whose closed
 * schema refuses them).
 */
@Tag("slow")
@DisplayName("charts/racer as the subchart of an umbrella chart")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class SubchartTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(SubchartTest.class);
  }

  private static final Map<String, Object> RACER_VALUES =
      Map.of(
          "images",
          Map.of("registry", "registry.example.com/racer"),
          "settings",
          Map.of("RACER_NVIDIA", "cdi"),
          "extraEnv",
          List.of(Map.of("name", "HTTPS_PROXY", "value", "http://proxy.example.com:3128")),
          "commonLabels",
          Map.of("team", "ml-platform"));

  /** An umbrella chart depending on a copy of the chart under test, with a condition. */
  private static Path umbrella() throws IOException {
    Path umbrella = ChartUnderTest.workDirectory("umbrella").resolve("platform");
    HelmRun.copyChart(umbrella.resolve("charts").resolve("racer"));
    Files.writeString(
        umbrella.resolve("Chart.yaml"),
        """
        apiVersion: v2
        name: platform
        version: 1.0.0
        dependencies:
          - name: racer
            version: ">=0.0.0-0"
            condition: racer.enabled
        """);
    Files.writeString(
        umbrella.resolve("values.yaml"),
        """
        global:
          imageRegistry: registry.example.com
          labels: {tier: platform}
        """);
    return umbrella;
  }

  private List<Map<String, Object>> umbrellaRender(boolean enabled) throws IOException {
    Map<String, Object> racer = new LinkedHashMap<>(RACER_VALUES);
    racer.put("enabled", enabled);
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("global", Map.of("storageClass", "fast", "nested", Map.of("list", List.of(1, 2))));
    values.put("racer", racer);
    return Manifests.parse(helm.templateChart(umbrella(), "racer", HelmRun.writeValues(values)));
  }

  @Test
  @DisplayName(
      "enabled, with global values: the same objects as the chart alone, apart from delivery labels")
  void sameObjectsAsAlone() throws IOException {
    Map<String, Map<String, Object>> alone =
        Manifests.byIdentity(Manifests.parse(helm.template("racer", RACER_VALUES)));
    Map<String, Map<String, Object>> asSubchart = Manifests.byIdentity(umbrellaRender(true));
    assertThat(asSubchart).isEqualTo(alone);
    assertThat(alone)
        .containsKeys(
            "ConfigMap racer/racer-settings",
            "ServiceAccount racer/racer",
            "DaemonSet racer/racer");
  }

  @Test
  @DisplayName("racer.enabled false: the umbrella renders none of the chart's objects")
  void disabled() throws IOException {
    assertThat(umbrellaRender(false)).isEmpty();
  }
}
