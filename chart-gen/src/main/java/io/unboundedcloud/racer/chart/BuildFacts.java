package io.unboundedcloud.racer.chart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Facts of the Maven build the generator runs in: the project version, which is the chart version.
 */
final class BuildFacts {
  private static final String RESOURCE = "/racer-chart/build.properties";

  private BuildFacts() {}

  static String projectVersion() {
    Properties properties = new Properties();
    try (InputStream in = BuildFacts.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing: build chart-gen with Maven");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String version = properties.getProperty("version", "");
    if (version.isEmpty() || version.contains("${")) {
      throw new IllegalStateException(RESOURCE + " was not filtered by Maven: version=" + version);
    }
    return version;
  }
}
