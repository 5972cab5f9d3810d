package io.unboundedcloud.racer.krm.memory;

import java.util.Locale;

/**
 * The one line that reports a run that ran out of heap, as an input error: how big the input was,
 * how much heap the run had ({@link Runtime#maxMemory()}), and what to change: the memory limit of
 * the container, or the JVM's heap through {@code RACER_KRM_JAVA_OPTS}.
 */
public final class OutOfMemory {
  private OutOfMemory() {}

  /**
   * The message, without a severity prefix.
   *
   * @param input the input as the mode describes it: {@code the input (12.6 MiB, 50,000 items)}
   * @param maxHeapBytes the heap the run had, {@link Runtime#maxMemory()}
   */
  public static String message(String input, long maxHeapBytes) {
    long twice = Math.max(64, (2 * maxHeapBytes + (1 << 20) - 1) >> 20);
    // -Xmx, not -XX:MaxRAMPercentage: under about 250 MiB of memory the JVM gives the heap half of
    // it (MinRAMPercentage) whatever MaxRAMPercentage says, so only -Xmx always does what it says
    return "out of memory: "
        + input
        + " needs more than the "
        + mebibytes(maxHeapBytes)
        + " of Java heap this run"
        + " had. Give racer-krm more memory: raise the memory limit of its container (the JVM sizes its heap from"
        + " it), or set RACER_KRM_JAVA_OPTS=-Xmx<size> within the memory there is, for example -Xmx"
        + twice
        + "m (twice this heap)";
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
