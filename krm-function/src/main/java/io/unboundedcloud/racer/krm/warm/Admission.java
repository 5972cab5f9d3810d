package io.unboundedcloud.racer.krm.warm;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * What the renderer runs at once: a render slot per request (as many as it has processors, so that
 * requests do not share a core while others wait), and room in its heap for each request's input,
 * at {@link #HEAP_PER_INPUT_BYTE} bytes of heap per byte of input beside {@link #HEAP_PER_RUN}
 * (docs/performance.md: a tree of short fields takes about 10 bytes of heap per byte of YAML, and a
 * run keeps its input's bytes and its held output beside it). A request waits for both at most
 * {@link #WAIT_MILLIS}; one that does not get them then, or whose input could never fit, is
 * {@linkplain Declined declined}, and its client runs cold: larger inputs queue or fall back, and
 * never run the shared heap out.
 */
final class Admission {
  /** Heap a run takes whatever its input: its readers, writers and the render's own objects. */
  static final long HEAP_PER_RUN = 4L << 20;

  /** Heap per byte of a run's input. */
  static final long HEAP_PER_INPUT_BYTE = 12;

  /** The longest a request waits for a slot or for room. */
  static final long WAIT_MILLIS = 2_000;

  private static final int KIB = 1024;

  private final Semaphore slots;
  private final Semaphore heap;
  private final int heapKib;
  private final long waitMillis;

  /**
   * @param slots requests that run at once
   * @param heapBytes the heap the requests' inputs may take together
   */
  Admission(int slots, long heapBytes) {
    this(slots, heapBytes, WAIT_MILLIS);
  }

  /** The same, a request waiting at most {@code waitMillis} for a slot or for room. */
  Admission(int slots, long heapBytes, long waitMillis) {
    this.waitMillis = waitMillis;
    this.slots = new Semaphore(slots, true);
    this.heapKib = (int) Math.min(Integer.MAX_VALUE, heapBytes / KIB);
    this.heap = new Semaphore(heapKib, true);
  }

  /** A request turned away: why, in the words of the line the client prints. */
  static final class Declined extends Error {
    private static final long serialVersionUID = 1L;

    Declined(String reason) {
      super(reason, null, false, false);
    }
  }

  /** One admitted request's slot and room, given back by {@link #close()}. */
  final class Ticket implements AutoCloseable {
    private int heldKib;
    private boolean slot;

    /**
     * Takes a slot and room for {@code bytes} of stdin.
     *
     * @throws Declined when it gets neither within {@link #WAIT_MILLIS}
     */
    Ticket(long bytes) throws InterruptedException {
      if (!slots.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
        throw new Declined("busy: every render slot stayed taken for " + waitMillis + " ms");
      }
      slot = true;
      try {
        reserve(HEAP_PER_RUN + HEAP_PER_INPUT_BYTE * bytes);
      } catch (Declined | InterruptedException | RuntimeException refused) {
        close();
        throw refused;
      }
    }

    /**
     * Room for {@code bytes} more of input (the files a run is about to parse).
     *
     * @throws Declined when it could never fit, or does not within {@link #WAIT_MILLIS}
     */
    void admit(long bytes) {
      try {
        reserve(HEAP_PER_INPUT_BYTE * bytes);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new Declined("stopped while waiting for heap");
      }
    }

    private void reserve(long heapBytes) throws InterruptedException {
      long kib = (heapBytes + KIB - 1) / KIB;
      if (kib + heldKib > heapKib) {
        throw new Declined(
            "the input needs about "
                + kib * KIB / (1 << 20)
                + " MiB of heap, more than the renderer gives its requests ("
                + (long) heapKib * KIB / (1 << 20)
                + " MiB)");
      }
      if (!heap.tryAcquire((int) kib, waitMillis, TimeUnit.MILLISECONDS)) {
        throw new Declined(
            "busy: no room for the input in the renderer's heap within " + waitMillis + " ms");
      }
      heldKib += (int) kib;
    }

    @Override
    public void close() {
      heap.release(heldKib);
      heldKib = 0;
      if (slot) {
        slots.release();
        slot = false;
      }
    }
  }
}
