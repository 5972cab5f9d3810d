package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.verify.Verification;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code racer-krm verify} on {@code helm template} of each examples/helm file: the chart renders
 * what the function renders, so verify finds no drift.
 */
@Tag("slow")
@DisplayName("racer-krm verify on helm template of each examples/helm file: no drift")
class HelmTemplateVerifiedTest {
  /** Examples verify cannot check alone, and what it says instead. */
  private static final Map<String, String> NOT_ALONE =
      Map.of(
          "existing-settings.yaml",
          "reads its settings from ConfigMap racer-settings, which is not among the objects");

  static Stream<String> examples() throws IOException {
    return ChartInstallabilityTest.examples().map(file -> file.getFileName().toString());
  }

  @ParameterizedTest(name = "examples/helm/{0}")
  @MethodSource("examples")
  void verified(String example) {
    Path file = ChartUnderTest.repositoryRoot().resolve("examples/helm").resolve(example);

    Results results = Verification.verify(ManifestNodes.of(HelmRun.HELM3.template("racer", file)));

    if (NOT_ALONE.containsKey(example)) {
      assertThat(results)
          .singleElement()
          .extracting(Result::message)
          .asString()
          .contains(NOT_ALONE.get(example));
    } else {
      assertThat(results).as("verify's results").isEmpty();
    }
  }
}
