package io.unboundedcloud.racer.chart.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The chart's {@code ci/*-values.yaml}, which chart-testing ({@code ct lint}, {@code ct install})
 * renders the chart with, one per {@code examples/helm} file: the build copies the examples onto
 * chart-gen's class path, and each becomes {@code ci/<example>-values.yaml} under a line that says
 * where it comes from.
 */
public final class ChartTestingValues {
  private static final String EXAMPLES = "/racer-chart/examples";

  private ChartTestingValues() {}

  /** The files by their path in the chart. */
  public static SortedMap<String, String> files() {
    SortedMap<String, String> files = new TreeMap<>();
    Path examples = examplesDirectory();
    try (Stream<Path> list = Files.list(examples)) {
      for (Path example : list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        String name = example.getFileName().toString();
        files.put(
            "ci/" + name.replace(".yaml", "-values.yaml"),
            "# chart-testing values: examples/helm/"
                + name
                + ", copied by chart-gen; never edit: regenerate.\n"
                + Files.readString(example, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (files.isEmpty()) {
      throw new IllegalStateException("no examples/helm/*.yaml on chart-gen's class path");
    }
    return files;
  }

  private static Path examplesDirectory() {
    URL url = ChartTestingValues.class.getResource(EXAMPLES);
    if (url == null || !"file".equals(url.getProtocol())) {
      throw new IllegalStateException(
          EXAMPLES
              + " is not a directory on the class path: build chart-gen with Maven ("
              + url
              + ")");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
