package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.Customization;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Kustomize;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Every examples/helm values file against the function: {@code helm template} with the file equals
 * the KRM function's output for the same installation, its production values made as the README's
 * kustomize patches.
 */
@DisplayName(
    "helm template with each examples/helm file equals the function's output for the same installation")
@Tag("slow")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExampleParityTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(ExampleParityTest.class);
  }

  /** Examples the function has no input for, and why. */
  private static final Map<String, String> WITHOUT_TWIN =
      Map.of(
          "existing-settings.yaml",
          "the chart renders no racer-settings, which the function needs as an input");

  @BeforeAll
  static void announce() {
    Kustomize.announceMissing("ExampleParityTest");
  }

  /**
   * Each example under Helm 3 with each way to patch; under Helm 4 patched in-process only: the
   * Helm and the kustomize are checked apart, so their product would only repeat runs.
   */
  Stream<Arguments> examples() throws IOException {
    List<Kustomize> ways =
        helm == HelmRun.HELM3 ? List.of(Kustomize.values()) : List.of(Kustomize.EMULATED);
    List<Arguments> cases = new ArrayList<>();
    for (Path file : ChartInstallabilityTest.examples().toList()) {
      if (!WITHOUT_TWIN.containsKey(file.getFileName().toString())) {
        for (Kustomize kustomize : ways) {
          cases.add(Arguments.of(file.getFileName().toString(), kustomize));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "examples/helm/{0}, patched by {1}")
  @MethodSource("examples")
  @SuppressWarnings("unchecked")
  void chartEqualsFunction(String example, Kustomize kustomize) throws IOException {
    assumeTrue(kustomize.missing() == null, kustomize.missing());
    Path file = ChartUnderTest.repositoryRoot().resolve("examples/helm").resolve(example);
    Map<String, Object> values =
        new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
    Installation installation = Installation.fromValues("racer", values);
    Customization production = Customization.fromValues(example, values);

    Map<String, Map<String, Object>> chart =
        Manifests.byIdentity(Manifests.parse(helm.template(installation.namespace(), file)));
    Map<String, Map<String, Object>> function =
        Manifests.byIdentity(installation.functionOutput(production, kustomize));

    assertThat(chart.keySet()).as("objects").containsExactlyInAnyOrderElementsOf(function.keySet());
    for (String identity : function.keySet()) {
      assertThat(chart.get(identity)).as(identity).isEqualTo(function.get(identity));
    }
  }
}
