package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A default install stays byte for byte what it was: a new value of the chart must render nothing
 * while it is left at its default. The committed rendering is itself checked against the KRM
 * function, so it is not a copy of the chart's output taken on trust.
 */
@Tag("slow")
@DisplayName("A default install (the defaults plus a registry)")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class DefaultInstallTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(DefaultInstallTest.class);
  }

  /** The committed rendering; {@value #VERSION} stands for the chart version in helm.sh/chart. */
  static final String EXPECTED = "chart-gen/src/test/resources/rendered/default-install.yaml";

  private static final String VERSION = "@version@";
  private static final Installation DEFAULT = Installation.of("racer");

  @Test
  @DisplayName("renders byte for byte as the committed rendering")
  void byteForByte() throws IOException {
    String rendered = helm.template(DEFAULT.namespace(), DEFAULT.chartValues());
    Path actual = ChartUnderTest.workDirectory("rendered").resolve("default-install.yaml");
    Files.writeString(actual, rendered);

    assertThat(rendered)
        .as(
            "helm template of the default install differs from %s (this run's is in %s). Only a change to the"
                + " builders may change it: then review the difference and copy this run's over it",
            EXPECTED, actual)
        .isEqualTo(expected());
  }

  @Test
  @DisplayName("the committed rendering is the KRM function's output for the same installation")
  void committedRenderingIsTheFunctions() throws IOException {
    Map<String, Map<String, Object>> committed = Manifests.byIdentity(Manifests.parse(expected()));
    Map<String, Map<String, Object>> function = Manifests.byIdentity(DEFAULT.functionOutput());

    assertThat(committed.keySet()).containsExactlyInAnyOrderElementsOf(function.keySet());
    for (String identity : function.keySet()) {
      assertThat(committed.get(identity)).as(identity).isEqualTo(function.get(identity));
    }
  }

  private static String expected() throws IOException {
    return Files.readString(ChartUnderTest.repositoryRoot().resolve(EXPECTED))
        .replace(VERSION, System.getProperty("racer.project.version"));
  }
}
