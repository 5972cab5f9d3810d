package io.unboundedcloud.racer.krm.memory;

import io.unboundedcloud.racer.krm.yaml.ByteBudget;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.util.Locale;

/**
 * The one line that reports a run that ran out of heap, as an input error: how big the input was
 * and what its aliases stand for, how much heap the run had ({@link Runtime#maxMemory()}), and what
 * to change: the memory limit of the container, or the JVM's heap through {@code
 * RACER_KRM_JAVA_OPTS}, while a larger heap can help; the input, once the heap holds whatever the
 * byte budget admits.
 */
public final class OutOfMemory {
  private OutOfMemory() {}

  /**
   * Heap a run may need per byte of input it admits: about 10 MiB per MiB for objects of many short
   * fields, the costliest measured (docs/performance.md, the memory table). A heap of this many
   * times the byte budget holds any input the budget admits.
   */
  static final long HEAP_PER_INPUT_BYTE = 10;

  /**
   * The message, without a severity prefix, for an input whose aliases expanded to nothing.
   *
   * @param input the input as the mode describes it: {@code the input (12.6 MiB, 50,000 items)}
   * @param maxHeapBytes the heap the run had, {@link Runtime#maxMemory()}
   */
  public static String message(String input, long maxHeapBytes) {
    return message(input, 0, YamlLimits.DEFAULT.maxInputBytes(), maxHeapBytes);
  }

  /**
   * The message, without a severity prefix: the input's size and what its aliases stand for, the
   * heap, and what to change. A larger heap is advised only where it can help: while the heap is
   * smaller than what an input within the run's byte budget may need. Past that, the input itself
   * is the cause, and the message says so.
   *
   * @param input the input as the mode describes it: {@code the input (12.6 MiB, 50,000 items)}
   * @param expandedBytes what the input's aliases stand for once expanded ({@link
   *     io.unboundedcloud.racer.krm.yaml.ByteBudget#expanded()}), 0 when none was read
   * @param budgetBytes the most one run reads, aliases expanded ({@link
   *     io.unboundedcloud.racer.krm.yaml.ByteBudget#total()})
   * @param maxHeapBytes the heap the run had, {@link Runtime#maxMemory()}
   */
  public static String message(
      String input, long expandedBytes, long budgetBytes, long maxHeapBytes) {
    String budget = mebibytes(budgetBytes);
    String expanded =
        expandedBytes == 0
            ? ""
            : ", whose aliases stand for "
                + mebibytes(expandedBytes)
                + " more once expanded (counted against the "
                + budget
                + " one run reads),";
    String needs =
        "out of memory: "
            + input
            + expanded
            + " needs more than the "
            + mebibytes(maxHeapBytes)
            + " of Java heap this run had.";
    if (maxHeapBytes / HEAP_PER_INPUT_BYTE >= budgetBytes) {
      return needs
          + " That heap holds any input within the "
          + budget
          + " one run reads, so a larger one does not help: the input is too large or expands too"
          + " much. Split it into smaller inputs"
          + (expandedBytes == 0 ? "" : ", and write each aliased value out once");
    }
    long twice = Math.max(64, (2 * maxHeapBytes + (1 << 20) - 1) >> 20);
    // -Xmx, not -XX:MaxRAMPercentage: under about 250 MiB of memory the JVM gives the heap half of
    // it (MinRAMPercentage) whatever MaxRAMPercentage says, so only -Xmx always does what it says
    return needs
        + (expandedBytes == 0
            ? " Give"
            : " Write the aliased values out once or make them smaller, or give")
        + " racer-krm more memory: raise the memory limit of its container (the JVM sizes its"
        + " heap from it), or set RACER_KRM_JAVA_OPTS=-Xmx<size> within the memory there is, for"
        + " example -Xmx"
        + twice
        + "m (twice this heap)";
  }

  /** {@link #message} with this JVM's heap, and what the run's aliases stood for. */
  public static String message(String input, ByteBudget run) {
    return message(input, run.expanded(), run.total(), Runtime.getRuntime().maxMemory());
  }

  /** {@link #message} with this JVM's heap. */
  public static String message(String input) {
    return message(input, Runtime.getRuntime().maxMemory());
  }

  /** A size as the messages write it: {@code 12.6 MiB}, {@code 512 bytes}. */
  public static String mebibytes(long bytes) {
    if (bytes < 1 << 20) {
      return bytes < 1024
          ? bytes + " bytes"
          : String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
  }

  /** A count as the messages write it: {@code 50,000 items}, {@code 1 item}. */
  public static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }
}
