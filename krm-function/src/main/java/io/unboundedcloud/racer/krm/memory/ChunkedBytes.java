package io.unboundedcloud.racer.krm.memory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes in a list of arrays that grow from 16 KiB to 1 MiB each: appending never copies what is
 * there (a doubling array would need twice the text at its last growth), and a small text touches
 * few pages.
 */
final class ChunkedBytes {
  private static final int FIRST = 16 << 10;
  private static final int LARGEST = 1 << 20;

  private final List<byte[]> full = new ArrayList<>();
  private byte[] current = new byte[0];
  private int used;
  private long size;

  long size() {
    return size;
  }

  void write(int b) {
    room();
    current[used++] = (byte) b;
    size++;
  }

  void write(byte[] bytes, int offset, int length) {
    while (length > 0) {
      room();
      int n = Math.min(length, current.length - used);
      System.arraycopy(bytes, offset, current, used, n);
      used += n;
      offset += n;
      length -= n;
      size += n;
    }
  }

  /** Reads {@code in} to its end, or until more than {@code max} bytes are held. */
  void readFrom(InputStream in, long max) throws IOException {
    while (size <= max) {
      room();
      int n = in.read(current, used, current.length - used);
      if (n < 0) {
        return;
      }
      used += n;
      size += n;
    }
  }

  void writeTo(OutputStream out) throws IOException {
    for (byte[] chunk : full) {
      out.write(chunk);
    }
    out.write(current, 0, used);
  }

  /** The last byte, or -1 when there is none. */
  int last() {
    if (used > 0) {
      return current[used - 1] & 0xff;
    }
    if (full.isEmpty()) {
      return -1;
    }
    byte[] lastFull = full.get(full.size() - 1);
    return lastFull[lastFull.length - 1] & 0xff;
  }

  InputStream open() {
    return new InputStream() {
      private int chunk;
      private int position;

      @Override
      public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) {
        if (length == 0) {
          return 0;
        }
        while (true) {
          byte[] bytes =
              chunk < full.size() ? full.get(chunk) : chunk == full.size() ? current : null;
          if (bytes == null) {
            return -1;
          }
          int end = bytes == current ? used : bytes.length;
          if (position < end) {
            int n = Math.min(length, end - position);
            System.arraycopy(bytes, position, buffer, offset, n);
            position += n;
            return n;
          }
          if (bytes == current) {
            return -1;
          }
          chunk++;
          position = 0;
        }
      }
    };
  }

  private void room() {
    if (used == current.length) {
      if (used > 0) {
        full.add(current);
      }
      current = new byte[used == 0 ? FIRST : Math.min(LARGEST, current.length * 2)];
      used = 0;
    }
  }
}
