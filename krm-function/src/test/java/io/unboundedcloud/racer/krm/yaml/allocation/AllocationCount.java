package io.unboundedcloud.racer.krm.yaml.allocation;

import com.sun.management.ThreadMXBean;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * Counts the bytes the main thread allocates to read {@link MixedItems} as a ResourceList and to
 * write it back, in exact bytes from the JVM's allocation counter ({@link
 * ThreadMXBean#getThreadAllocatedBytes(long)}): no clock. Run in a JVM of its own by {@link
 * AllocationPerByteTest}, with C1 only ({@code -XX:TieredStopAtLevel=1}): C2's escape analysis
 * removes allocations depending on what it compiled when, C1 and the interpreter allocate alike, so
 * the count is the same from run to run. One unmeasured round first (class loading, lambdas' and
 * string concatenations' bootstrap), then {@code ROUNDS} measured ones, which must agree.
 *
 * <p>Prints one line per measured round: {@code round N read BYTES write BYTES input BYTES}.
 */
public final class AllocationCount {
  static final int ITEMS = 2_000;
  static final int ROUNDS = 3;

  private AllocationCount() {}

  public static void main(String[] args) {
    int items = args.length > 0 ? Integer.parseInt(args[0]) : ITEMS;
    byte[] input = MixedItems.resourceList(items);
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    threads.setThreadAllocatedMemoryEnabled(true);
    long self = Thread.currentThread().getId();
    for (int round = 0; round <= ROUNDS; round++) {
      long start = threads.getThreadAllocatedBytes(self);
      ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(input));
      long read = threads.getThreadAllocatedBytes(self);
      YamlWriter.writeResourceList(list, List.of(), OutputStream.nullOutputStream());
      long written = threads.getThreadAllocatedBytes(self);
      if (round > 0) {
        System.out.printf(
            Locale.ROOT,
            "round %d read %d write %d input %d%n",
            round,
            read - start,
            written - read,
            input.length);
      }
    }
  }
}
