package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.workload.Release;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

@DisplayName("Chart.yaml")
class ChartYamlTest {
  private final String text = read();
  private final Map<String, Object> chart = new Yaml().load(text);

  @Test
  @DisplayName("is apiVersion v2, named racer, an application")
  void identity() {
    assertThat(chart)
        .containsEntry("apiVersion", "v2")
        .containsEntry("name", "racer")
        .containsEntry("type", "application");
  }

  @Test
  @DisplayName("has the Maven project version as its version")
  void version() {
    assertThat(chart.get("version")).isEqualTo(System.getProperty("racer.project.version"));
  }

  @Test
  @DisplayName("has the targeted Racer release, quoted, as its appVersion")
  void appVersion() {
    assertThat(chart.get("appVersion")).isEqualTo(Release.RACER_VERSION);
    assertThat(text).contains("appVersion: \"" + Release.RACER_VERSION + "\"\n");
  }

  @Test
  @DisplayName("requires Kubernetes 1.25 or later, pre-releases included")
  void kubeVersion() {
    assertThat(chart.get("kubeVersion")).isEqualTo(">=1.25.0-0");
  }

  @Test
  @DisplayName("has only apiVersion v2 fields, extras under annotations")
  void fields() {
    assertThat(chart.keySet())
        .isSubsetOf(
            "apiVersion",
            "name",
            "version",
            "kubeVersion",
            "description",
            "type",
            "keywords",
            "home",
            "sources",
            "dependencies",
            "maintainers",
            "icon",
            "appVersion",
            "deprecated",
            "annotations");
  }

  private static String read() {
    try {
      return Files.readString(ChartUnderTest.directory().resolve("Chart.yaml"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
