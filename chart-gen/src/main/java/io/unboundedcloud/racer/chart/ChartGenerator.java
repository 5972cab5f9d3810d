package io.unboundedcloud.racer.chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the racer chart into a directory, replacing what was there: {@code mvn -B -pl chart-gen
 * -am -Pgenerate-chart process-test-classes} writes the snapshot {@code charts/racer}.
 */
public final class ChartGenerator {
  private ChartGenerator() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: ChartGenerator <chart directory>   (e.g. charts/racer)");
      System.exit(2);
    }
    Path directory = Path.of(args[0]).toAbsolutePath().normalize();
    write(RacerChart.files(), directory);
    System.out.println("wrote the racer chart to " + directory);
  }

  /**
   * Replaces the contents of {@code directory} by {@code files}.
   *
   * @throws IllegalStateException when the directory holds something that is not a racer chart
   */
  public static void write(Map<String, String> files, Path directory) throws IOException {
    if (Files.exists(directory)) {
      requireChartOrEmpty(directory);
      try (Stream<Path> walk = Files.walk(directory)) {
        List<Path> old =
            walk.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(directory)).toList();
        for (Path path : old) {
          Files.delete(path);
        }
      }
    }
    for (Map.Entry<String, String> file : files.entrySet()) {
      Path path = directory.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
    }
  }

  private static void requireChartOrEmpty(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      if (entries.findAny().isEmpty()) {
        return;
      }
    }
    Path chart = directory.resolve("Chart.yaml");
    if (!Files.isRegularFile(chart)
        || !Files.readString(chart).contains("name: " + "racer" + "\n")) {
      throw new IllegalStateException(
          directory + " is not empty and holds no racer Chart.yaml: not replacing it");
    }
  }
}
