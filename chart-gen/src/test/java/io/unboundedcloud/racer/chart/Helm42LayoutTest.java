package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.TemplateLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What Helm 4.2.3's {@code helm template} prints differently from Helm 4.1.4's, on every values
 * file of examples/helm: one empty line at the end of each template file's output but the last, and
 * nothing else. This is what lets the chart's byte-for-byte tests read that line away ({@link
 * TemplateLayout}) and run under Helm 4.2 as under the others.
 */
@Tag("slow")
@DisplayName(
    "Helm 4.2.3's helm template differs from Helm 4.1.4's by one empty line per template file")
class Helm42LayoutTest {
  static Stream<Path> examples() throws IOException {
    try (Stream<Path> files =
        Files.list(ChartUnderTest.repositoryRoot().resolve("examples/helm"))) {
      List<Path> values =
          files.filter(file -> file.getFileName().toString().endsWith(".yaml")).sorted().toList();
      assertThat(values).as("the example values files").hasSizeGreaterThanOrEqualTo(10);
      return values.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  @DisplayName(
      "an example's rendering: 4.2.3's is 4.1.4's with an empty line before each --- that opens another template file")
  void onlyTheEmptyLine(Path values) {
    HelmRun.HELM4.assumeAvailable(Helm42LayoutTest.class);
    HelmRun.HELM42.assumeAvailable(Helm42LayoutTest.class);
    Path chart = ChartUnderTest.directory();
    String helm41 = HelmRun.HELM4.templatePrinted(chart, "racer", values);
    String helm42 = HelmRun.HELM42.templatePrinted(chart, "racer", values);

    assertThat(helm41).as("4.1.4 lays documents out plainly").doesNotContain("\n\n---\n");
    assertThat(helm42)
        .as("4.2.3's output, from 4.1.4's")
        .isEqualTo(TemplateLayout.EMPTY_LINE_AFTER_EACH_FILE.print(helm41));
    assertThat(TemplateLayout.EMPTY_LINE_AFTER_EACH_FILE.read(helm42))
        .as("4.2.3's output, read")
        .isEqualTo(helm41);
  }

  @Test
  @DisplayName(
      "reading takes away only an empty line right before ---: other empty lines and text stay")
  void readTakesOnlyThatLine() {
    String printed =
        "---\n# Source: racer/templates/a.yaml\na: |\n  x\n\n  y\n\n---\n# Source: racer/templates/b.yaml\nb: 1\n";
    assertThat(TemplateLayout.EMPTY_LINE_AFTER_EACH_FILE.read(printed))
        .isEqualTo(
            "---\n# Source: racer/templates/a.yaml\na: |\n  x\n\n  y\n---\n# Source: racer/templates/b.yaml\nb: 1\n");
    assertThat(TemplateLayout.PLAIN.read(printed)).isEqualTo(printed);
  }
}
