package io.unboundedcloud.racer.chart.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the committed chart snapshot and the repository are, as the Maven build says. */
public final class ChartUnderTest {
  private ChartUnderTest() {}

  /** {@code charts/racer}. */
  public static Path directory() {
    return Path.of(System.getProperty("racer.chart.directory", "../charts/racer"))
        .toAbsolutePath()
        .normalize();
  }

  /** The repository root. */
  public static Path repositoryRoot() {
    return Path.of(System.getProperty("racer.repository.root", "..")).toAbsolutePath().normalize();
  }

  /** chart-gen's {@code target} directory. */
  public static Path buildDirectory() {
    return Path.of(System.getProperty("racer.build.directory", "target"))
        .toAbsolutePath()
        .normalize();
  }

  /** A fresh directory under {@code target/} for files a test writes (values files, packages). */
  public static Path workDirectory(String name) {
    try {
      Path directory = buildDirectory().resolve("chart-tests").resolve(name);
      Files.createDirectories(directory);
      return directory;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
