package io.unboundedcloud.racer.chart.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Helm 3 in this JVM: helm-java's bundled Helm (3.21), a native library. */
final class InProcessHelm implements HelmRunner {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  static {
    // helm-java unpacks its native library into java.io.tmpdir, which the build points under
    // target/
    try {
      Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String missing() {
    return null;
  }

  /**
   * With a values file, which helm-java's lint cannot pass, lints a copy of the chart under {@code
   * target/} whose values.yaml is the chart's with the file merged in, as Helm merges a values file
   * (maps key by key, anything else replaced).
   */
  @Override
  @SuppressWarnings("unchecked")
  public Lint lintStrict(Path chart, Path valuesFile) {
    Path linted = chart;
    if (valuesFile != null) {
      linted =
          ChartUnderTest.workDirectory("lint")
              .resolve(valuesFile.getFileName().toString().replace(".yaml", ""))
              .resolve("racer");
      try {
        HelmRun.copyChart(chart, linted);
        Map<String, Object> defaults =
            YAML.readValue(chart.resolve("values.yaml").toFile(), Map.class);
        Map<String, Object> given = YAML.readValue(valuesFile.toFile(), Map.class);
        YAML.writeValue(
            linted.resolve("values.yaml").toFile(), StrategicPatch.apply(defaults, given));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    LintResult result = new Helm(linted).lint().strict().call();
    return new Lint(result.isFailed(), result.getMessages());
  }

  @Override
  public String template(Path chart, String namespace, Path valuesFile) {
    String rendered =
        new Helm(chart)
            .template()
            .withName(HelmRun.RELEASE)
            .withNamespace(namespace)
            .withKubeVersion(HelmRun.KUBE_VERSION)
            .withValuesFile(valuesFile)
            .call();
    return rendered == null ? "" : rendered;
  }

  @Override
  public String installDryRun(Path chart, String namespace, Path valuesFile) {
    return new Helm(chart)
        .install()
        .withName(HelmRun.RELEASE)
        .withNamespace(namespace)
        .withKubeVersion(HelmRun.KUBE_VERSION)
        .withValuesFile(valuesFile)
        .dryRun()
        .clientOnly()
        .call()
        .getOutput();
  }

  @Override
  public void packageInto(Path chart, Path destination) {
    new Helm(chart).packageIt().withDestination(destination).call();
  }

  @Override
  public String toString() {
    return "Helm 3 (helm-java, in-process)";
  }
}
