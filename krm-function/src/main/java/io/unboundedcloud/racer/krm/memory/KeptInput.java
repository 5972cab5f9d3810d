package io.unboundedcloud.racer.krm.memory;

import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The input, byte for byte as it came, read whole before anything is parsed and kept until the
 * output is complete: when the heap runs out while it is rendered, these bytes are what goes back
 * out. It costs the input's size in heap (13 MB for 50,000 items, against about 170 MB for their
 * tree).
 */
public final class KeptInput {
  private final ChunkedBytes bytes;

  private KeptInput(ChunkedBytes bytes) {
    this.bytes = bytes;
  }

  /**
   * Reads {@code in} to its end. An input longer than {@code limits.maxInputBytes()} is refused as
   * soon as the limit is passed, before any of it is parsed; so is a stream that fails ({@code
   * source} names it in the message). Does not close the stream.
   *
   * @throws YamlInputException when the input is too long or cannot be read
   * @throws ReadOutOfMemory when the heap ran out before the input was read whole
   */
  public static KeptInput read(InputStream in, String source, YamlLimits limits) {
    ChunkedBytes bytes = new ChunkedBytes();
    try {
      bytes.readFrom(in, limits.maxInputBytes());
    } catch (IOException e) {
      throw YamlInputException.unreadable(source, e);
    } catch (OutOfMemoryError e) {
      long read = bytes.size();
      bytes = null; // garbage before anything else is allocated
      throw new ReadOutOfMemory(read, e);
    }
    if (bytes.size() > limits.maxInputBytes()) {
      throw YamlInputException.tooLarge(source, limits.maxInputBytes(), null);
    }
    return new KeptInput(bytes);
  }

  /** The input's length in bytes. */
  public long size() {
    return bytes.size();
  }

  /** A new stream over the input, from its first byte. */
  public InputStream open() {
    return bytes.open();
  }

  /** Writes the input as it came; allocates nothing, so it works when the heap is all but full. */
  public void writeTo(OutputStream out) throws IOException {
    bytes.writeTo(out);
  }

  /**
   * The heap ran out while the input was being read: it is larger than the heap can hold at all.
   *
   * @see #bytesRead()
   */
  public static final class ReadOutOfMemory extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long bytesRead;

    ReadOutOfMemory(long bytesRead, OutOfMemoryError cause) {
      super(cause.getMessage(), cause, false, false);
      this.bytesRead = bytesRead;
    }

    /** How many bytes had been read when it ran out: the input is at least this long. */
    public long bytesRead() {
      return bytesRead;
    }
  }
}
