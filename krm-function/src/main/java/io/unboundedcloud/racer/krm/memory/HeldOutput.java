package io.unboundedcloud.racer.krm.memory;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Output held back until it is complete, then written in one go: a run that runs out of heap while
 * it writes has put nothing on stdout yet, so stdout never carries half a ResourceList or half a
 * manifest stream. It costs the output's size in heap while the run's trees are still alive.
 */
public final class HeldOutput extends OutputStream {
  private ChunkedBytes bytes = new ChunkedBytes();

  @Override
  public void write(int b) {
    bytes.write(b);
  }

  @Override
  public void write(byte[] buffer, int offset, int length) {
    bytes.write(buffer, offset, length);
  }

  /** Writes everything held to {@code out}, allocating nothing, and flushes it. */
  public void writeTo(OutputStream out) throws IOException {
    bytes.writeTo(out);
    out.flush();
  }

  /** Drops what is held: when the run failed, it must never reach stdout. */
  public void discard() {
    bytes = new ChunkedBytes();
  }
}
