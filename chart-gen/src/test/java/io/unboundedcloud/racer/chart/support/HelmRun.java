package io.unboundedcloud.racer.chart.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.unboundedcloud.racer.krm.toolchain.PinnedTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Real Helm on the chart under test, under one of the Helms the chart supports: Helm 3 in-process
 * ({@link #HELM3}) or a pinned Helm 4 binary ({@link #HELM4}, {@link #HELM42}). The chart's
 * contract tests run under each ({@code @ParameterizedClass} with {@link #each()}); where Helm 4
 * cannot be had, each of their tests is skipped and the class prints one SKIPPED line.
 */
public final class HelmRun {
  /**
   * The Kubernetes version templates are rendered for (helm-java's default, 1.20, is below
   * kubeVersion).
   */
  public static final String KUBE_VERSION = "1.30.0";

  /** The release name tests install. */
  public static final String RELEASE = "racer";

  /** Helm 3, in-process (helm-java). */
  public static final HelmRun HELM3 = new HelmRun(new InProcessHelm(), TemplateLayout.PLAIN);

  /** Helm 4.1, the binary tools/toolchain.sh pins. */
  public static final HelmRun HELM4 =
      new HelmRun(new HelmBinary(PinnedTool.HELM4), TemplateLayout.PLAIN);

  /**
   * Helm 4.2, the newer binary tools/toolchain.sh pins. Its {@code helm template} ends each
   * template file's output but the last with an empty line, read away ({@link TemplateLayout}) so
   * that the byte-for-byte tests hold it to every other byte.
   */
  public static final HelmRun HELM42 =
      new HelmRun(new HelmBinary(PinnedTool.HELM42), TemplateLayout.EMPTY_LINE_AFTER_EACH_FILE);

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final AtomicInteger FILES = new AtomicInteger();
  private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();

  private final HelmRunner helm;
  private final TemplateLayout layout;

  private HelmRun(HelmRunner helm, TemplateLayout layout) {
    this.helm = helm;
    this.layout = layout;
  }

  /** Every Helm the chart's contract tests run under. */
  public static Stream<HelmRun> each() {
    return Stream.of(HELM3, HELM4, HELM42);
  }

  /** How this Helm lays out {@code helm template}'s documents. */
  public TemplateLayout layout() {
    return layout;
  }

  /**
   * Aborts the running test (reported skipped) when this Helm cannot run here; the first time for
   * {@code testClass}, prints the one SKIPPED line that says why.
   */
  public void assumeAvailable(Class<?> testClass) {
    String missing = helm.missing();
    if (missing != null && ANNOUNCED.add(testClass.getName() + " " + this)) {
      System.out.println(
          "SKIPPED: " + testClass.getSimpleName() + " under " + this + ": " + missing);
    }
    assumeTrue(missing == null, missing);
  }

  /** {@code helm lint --strict} of the chart under test, with its own values. */
  public HelmRunner.Lint lintStrict() {
    return helm.lintStrict(ChartUnderTest.directory(), null);
  }

  /** {@code helm lint --strict -f valuesFile} of the chart under test. */
  public HelmRunner.Lint lintStrict(Path valuesFile) {
    return helm.lintStrict(ChartUnderTest.directory(), valuesFile);
  }

  /** Replaces {@code copy} by a copy of the chart under test. */
  public static void copyChart(Path copy) throws IOException {
    copyChart(ChartUnderTest.directory(), copy);
  }

  /** Replaces {@code copy} by a copy of {@code chart}. */
  static void copyChart(Path chart, Path copy) throws IOException {
    if (Files.exists(copy)) {
      try (var old = Files.walk(copy)) {
        for (Path path : old.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
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
  public String failure(String namespace, Map<String, ?> values) {
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
  public String failureWithImages(Map<String, Object> values) {
    Map<String, Object> withImages =
        new LinkedHashMap<>(Map.of("images", Map.of("registry", "r.example.com")));
    withImages.putAll(values);
    return failure("racer", withImages);
  }

  /**
   * {@code helm template} of the chart in {@code chartDirectory} with a values file; "" when it
   * renders nothing.
   */
  public String templateChart(Path chartDirectory, String namespace, Path valuesFile) {
    return layout.read(templatePrinted(chartDirectory, namespace, valuesFile));
  }

  /** {@code helm template} as this Helm prints it, its {@link #layout()} unread. */
  public String templatePrinted(Path chartDirectory, String namespace, Path valuesFile) {
    return helm.template(chartDirectory, namespace, valuesFile);
  }

  /**
   * {@code helm template} with {@code values} (written to a values file) in {@code namespace}.
   *
   * @throws IllegalStateException with Helm's error when rendering fails
   */
  public String template(String namespace, Map<String, ?> values) {
    return template(namespace, writeValues(values));
  }

  /** {@code helm template} with a values file. */
  public String template(String namespace, Path valuesFile) {
    return templateChart(ChartUnderTest.directory(), namespace, valuesFile);
  }

  /**
   * The output of {@code helm install --dry-run} (client only): the release status with NOTES.txt.
   */
  public String installDryRun(String namespace, Map<String, ?> values) {
    return helm.installDryRun(ChartUnderTest.directory(), namespace, writeValues(values));
  }

  /** {@code helm package} of the chart into {@code destination}; returns the package file. */
  public Path packageInto(Path destination) {
    helm.packageInto(ChartUnderTest.directory(), destination);
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

  @Override
  public String toString() {
    return helm.toString();
  }
}
