package io.unboundedcloud.racer.chart.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Real Helm (helm-java's bundled Helm 3) on the chart under test. */
public final class HelmRun {
  /**
   * The Kubernetes version templates are rendered for (helm-java's default, 1.20, is below
   * kubeVersion).
   */
  public static final String KUBE_VERSION = "1.30.0";

  /** The release name tests install. */
  public static final String RELEASE = "racer";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final AtomicInteger FILES = new AtomicInteger();

  static {
    // helm-java unpacks its native library into java.io.tmpdir, which the build points under
    // target/
    try {
      Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HelmRun() {}

  /** {@code helm lint --strict} of the chart under test, with its own values. */
  public static LintResult lintStrict() {
    return new Helm(ChartUnderTest.directory()).lint().strict().call();
  }

  /**
   * {@code helm lint --strict} as with {@code -f valuesFile}, which helm-java's lint cannot pass:
   * lints a copy of the chart under {@code target/} whose values.yaml is the chart's with the
   * file's merged in, as Helm merges a values file (maps key by key, anything else replaced).
   */
  @SuppressWarnings("unchecked")
  public static LintResult lintStrict(Path valuesFile) {
    Path copy =
        ChartUnderTest.workDirectory("lint")
            .resolve(valuesFile.getFileName().toString().replace(".yaml", ""))
            .resolve("racer");
    try {
      copyChart(copy);
      Map<String, Object> defaults =
          YAML.readValue(ChartUnderTest.directory().resolve("values.yaml").toFile(), Map.class);
      Map<String, Object> given = YAML.readValue(valuesFile.toFile(), Map.class);
      YAML.writeValue(copy.resolve("values.yaml").toFile(), StrategicPatch.apply(defaults, given));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Helm(copy).lint().strict().call();
  }

  /** Replaces {@code copy} by a copy of the chart under test. */
  public static void copyChart(Path copy) throws IOException {
    if (Files.exists(copy)) {
      try (var old = Files.walk(copy)) {
        for (Path path : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    Path chart = ChartUnderTest.directory();
    try (var files = Files.walk(chart)) {
      for (Path file : files.toList()) {
        Path target = copy.resolve(chart.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  /**
   * The message of {@code helm template} with {@code values} in {@code namespace}, which must fail.
   *
   * @throws AssertionError when it renders
   */
  public static String failure(String namespace, Map<String, ?> values) {
    try {
      template(namespace, values);
    } catch (IllegalStateException e) {
      return e.getMessage();
    }
    throw new AssertionError("helm template must fail with " + values);
  }

  /**
   * The message of {@code helm template} in namespace racer with images from a registry and {@code
   * values}, which must fail.
   */
  public static String failureWithImages(Map<String, Object> values) {
    Map<String, Object> withImages =
        new LinkedHashMap<>(Map.of("images", Map.of("registry", "r.example.com")));
    withImages.putAll(values);
    return failure("racer", withImages);
  }

  /**
   * {@code helm template} of the chart in {@code chartDirectory} with a values file; "" when it
   * renders nothing (helm-java then returns null).
   */
  public static String templateChart(Path chartDirectory, String namespace, Path valuesFile) {
    String rendered =
        new Helm(chartDirectory)
            .template()
            .withName(RELEASE)
            .withNamespace(namespace)
            .withKubeVersion(KUBE_VERSION)
            .withValuesFile(valuesFile)
            .call();
    return rendered == null ? "" : rendered;
  }

  /**
   * {@code helm template} with {@code values} (written to a values file) in {@code namespace}.
   *
   * @throws IllegalStateException with Helm's error when rendering fails
   */
  public static String template(String namespace, Map<String, ?> values) {
    return template(namespace, writeValues(values));
  }

  /** {@code helm template} with a values file. */
  public static String template(String namespace, Path valuesFile) {
    return templateChart(ChartUnderTest.directory(), namespace, valuesFile);
  }

  /**
   * The output of {@code helm install --dry-run} (client only): the release status with NOTES.txt.
   */
  public static String installDryRun(String namespace, Map<String, ?> values) {
    return new Helm(ChartUnderTest.directory())
        .install()
        .withName(RELEASE)
        .withNamespace(namespace)
        .withKubeVersion(KUBE_VERSION)
        .withValuesFile(writeValues(values))
        .dryRun()
        .clientOnly()
        .call()
        .getOutput();
  }

  /** {@code helm package} of the chart into {@code destination}; returns the package file. */
  public static Path packageInto(Path destination) {
    new Helm(ChartUnderTest.directory()).packageIt().withDestination(destination).call();
    try (var files = Files.list(destination)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".tgz"))
          .findFirst()
          .orElseThrow(() -> new AssertionError("helm package wrote no .tgz into " + destination));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes values as a YAML file under {@code target/}. */
  public static Path writeValues(Map<String, ?> values) {
    Path file =
        ChartUnderTest.workDirectory("values")
            .resolve("values-" + FILES.incrementAndGet() + ".yaml");
    try {
      YAML.writeValue(file.toFile(), values);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }
}
