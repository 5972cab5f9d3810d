package io.unboundedcloud.racer.krm.yaml;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Measures reading and writing a 50 MB ResourceList, as the function does it: from a file stream
 * (as stdin) to a file stream (as stdout). Run by hand, for instance under the smallest heap it is
 * meant to work with:
 *
 * <pre>
 * mvn -q -pl krm-function -am test-compile
 * /usr/bin/time -f "%e s, max RSS %M KB" java -Xmx512m -XX:+UseSerialGC \
 *   -cp krm-function/target/classes:krm-function/target/test-classes:$HOME/.m2/repository/org/yaml/snakeyaml/2.5/snakeyaml-2.5.jar \
 *   io.unboundedcloud.racer.krm.yaml.LargeResourceListMeasurement [items]
 * </pre>
 */
public final class LargeResourceListMeasurement {

  private LargeResourceListMeasurement() {}

  private static long gcMillis() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(GarbageCollectorMXBean::getCollectionTime)
        .sum();
  }

  public static void main(String[] args) throws Exception {
    int items = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    Path input = Files.createTempFile("resource-list-", ".yaml");
    Path output = Files.createTempFile("resource-list-out-", ".yaml");
    try {
      Files.write(input, LargeResourceLists.configMaps(items));
      System.gc();
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long gcBefore = gcMillis();
      long start = System.nanoTime();
      long startCpu = threads.getCurrentThreadCpuTime();
      ResourceList list;
      try (InputStream in = new BufferedInputStream(Files.newInputStream(input))) {
        list = YamlReader.readResourceList(in, input.toString(), YamlLimits.DEFAULT);
      }
      long read = System.nanoTime();
      long readCpu = threads.getCurrentThreadCpuTime();
      long readGc = gcMillis() - gcBefore;
      System.gc();
      Runtime runtime = Runtime.getRuntime();
      long treeBytes = runtime.totalMemory() - runtime.freeMemory();
      long gcBeforeWrite = gcMillis();
      long written = System.nanoTime();
      long writtenCpu = threads.getCurrentThreadCpuTime();
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output))) {
        YamlWriter.writeResourceList(list, List.of(), out);
      }
      long end = System.nanoTime();
      long endCpu = threads.getCurrentThreadCpuTime();
      System.out.printf(
          "%d items, %.1f MB: read %d ms (CPU %d ms, GC %d ms), write %d ms (CPU %d ms, GC %d ms);"
              + " heap held after reading %d MB (max heap %d MB); output identical: %b%n",
          list.items().size(),
          Files.size(input) / 1e6,
          (read - start) / 1_000_000,
          (readCpu - startCpu) / 1_000_000,
          readGc,
          (end - written) / 1_000_000,
          (endCpu - writtenCpu) / 1_000_000,
          gcMillis() - gcBeforeWrite,
          treeBytes >> 20,
          runtime.maxMemory() >> 20,
          Files.mismatch(input, output) == -1);
    } finally {
      Files.deleteIfExists(input);
      Files.deleteIfExists(output);
    }
  }
}
