package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.Release;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
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

  @Test
  @DisplayName(
      "says where it comes from: the repository as home and source, its owner as maintainer")
  @SuppressWarnings("unchecked")
  void provenance() {
    assertThat(chart.get("home")).isEqualTo("https://github.com/unbounded-cloud/racer-krm");
    assertThat((List<String>) chart.get("sources")).containsExactly(chart.get("home").toString());
    // chart-testing's ct lint checks each maintainer's name is a GitHub account: the repository's
    // owner
    assertThat((List<Map<String, Object>>) chart.get("maintainers"))
        .singleElement()
        .satisfies(
            maintainer -> {
              assertThat(maintainer.get("url"))
                  .isEqualTo("https://github.com/" + maintainer.get("name"));
              assertThat(chart.get("home").toString()).startsWith(maintainer.get("url") + "/");
            });
  }

  @Nested
  @DisplayName("Artifact Hub annotations")
  @SuppressWarnings("unchecked")
  class ArtifactHub {
    private final Map<String, Object> annotations = (Map<String, Object>) chart.get("annotations");

    @Test
    @DisplayName(
        "artifacthub.io/images: the dataplane and racer-object images of the appVersion, as a default"
            + " install names them")
    void images() {
      List<Map<String, Object>> images =
          new Yaml().load((String) annotations.get("artifacthub.io/images"));
      assertThat(images)
          .extracting(image -> image.get("name"))
          .containsExactly(Release.DATAPLANE_REPOSITORY, Release.OBJECT_REPOSITORY);
      assertThat(images)
          .extracting(image -> image.get("image").toString())
          .allSatisfy(
              image ->
                  assertThat(image)
                      .matches(ImageGrammar.exactly(ImageGrammar.REFERENCE))
                      .endsWith(":" + Release.RACER_VERSION));
      assertThat(images.get(0).get("image").toString())
          .contains("/" + Release.DATAPLANE_REPOSITORY + ":");
      assertThat(images.get(1).get("image").toString())
          .contains("/" + Release.OBJECT_REPOSITORY + ":");
    }

    @Test
    @DisplayName("artifacthub.io/license: an SPDX identifier")
    void license() {
      assertThat(annotations.get("artifacthub.io/license").toString()).matches("[A-Za-z0-9.+-]+");
    }

    @Test
    @DisplayName("artifacthub.io/links: each a name and an https URL")
    void links() {
      List<Map<String, Object>> links =
          new Yaml().load((String) annotations.get("artifacthub.io/links"));
      assertThat(links)
          .isNotEmpty()
          .allSatisfy(
              link -> {
                assertThat(link).containsOnlyKeys("name", "url");
                assertThat(link.get("url").toString()).startsWith("https://");
              });
    }
  }

  private static String read() {
    try {
      return Files.readString(ChartUnderTest.directory().resolve("Chart.yaml"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
