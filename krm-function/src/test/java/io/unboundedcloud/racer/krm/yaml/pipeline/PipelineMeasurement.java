package io.unboundedcloud.racer.krm.yaml.pipeline;

import io.unboundedcloud.racer.krm.yaml.LargeResourceLists;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.emitter.Emitter;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;
import org.yaml.snakeyaml.serializer.Serializer;

/**
 * The figures in this package's package-info: a large ResourceList (the benchmark's ConfigMaps)
 * read and written with snakeyaml's own stages and with this package's, in one JVM. Run by hand,
 * once per side so that one side's garbage never counts for the other:
 *
 * <pre>
 * mvn -q -pl krm-function -am test-compile
 * CP=krm-function/target/classes:krm-function/target/test-classes:$HOME/.m2/repository/org/yaml/snakeyaml/2.5/snakeyaml-2.5.jar
 * java -Xmx1g -XX:+UseSerialGC -cp $CP io.unboundedcloud.racer.krm.yaml.pipeline.PipelineMeasurement snakeyaml 50000
 * java -Xmx1g -XX:+UseSerialGC -cp $CP io.unboundedcloud.racer.krm.yaml.pipeline.PipelineMeasurement pipeline 50000
 * </pre>
 */
public final class PipelineMeasurement {

  private PipelineMeasurement() {}

  public static void main(String[] args) throws Exception {
    boolean ours = args[0].equals("pipeline");
    int items = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
    byte[] input = LargeResourceLists.configMaps(items);
    LoaderOptions options = YamlLimits.DEFAULT.loaderOptions();

    gc();
    long before = used();
    long start = System.nanoTime();
    Node tree =
        read(
            input,
            ours ? LinearStreamReader::new : StreamReader::new,
            parser ->
                ours
                    ? new TreeComposer(new CompactEventParser(parser, "stdin", 256), options)
                    : new Composer(parser, new Resolver(), options),
            options);
    if (ours) {
      SpareCapacity.releaseRoot(tree);
    }
    long read = System.nanoTime() - start;
    gc();
    long treeBytes = used() - before;

    long written = Long.MAX_VALUE;
    long peak = 0;
    for (int round = 0; round < 3; round++) {
      gc();
      resetPeaks();
      start = System.nanoTime();
      Writer sink = Writer.nullWriter();
      if (ours) {
        NodeSerializer.write(List.of(tree), sink, 256);
      } else {
        DumperOptions dump = new DumperOptions();
        dump.setProcessComments(true);
        dump.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        dump.setWidth(Integer.MAX_VALUE);
        dump.setSplitLines(false);
        dump.setMaxSimpleKeyLength(1024);
        Serializer serializer = new Serializer(new Emitter(sink, dump), new Resolver(), dump, null);
        serializer.open();
        serializer.serialize(tree);
        serializer.close();
      }
      written = Math.min(written, System.nanoTime() - start);
      peak = Math.max(peak, peaks() - before);
    }
    System.out.printf(
        "%s, %d items, %.1f MB: read %d ms, tree %d MB held; write %d ms (best of 3), heap peak"
            + " while writing %d MB above the start%n",
        ours ? "krm.yaml.pipeline" : "snakeyaml's own stages",
        items,
        input.length / 1e6,
        read / 1_000_000,
        treeBytes >> 20,
        written / 1_000_000,
        peak >> 20);
  }

  private static Node read(
      byte[] input,
      Function<Reader, StreamReader> reader,
      Function<Parser, Composer> composer,
      LoaderOptions options) {
    Reader text = new InputStreamReader(new ByteArrayInputStream(input), StandardCharsets.UTF_8);
    return composer.apply(new ParserImpl(reader.apply(text), options)).getSingleNode();
  }

  private static void gc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
  }

  private static long used() {
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  private static void resetPeaks() {
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  private static long peaks() {
    return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP)
        .toList();
  }
}
