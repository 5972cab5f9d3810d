package io.unboundedcloud.racer.krm.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * The renderer's wire format, which {@code racer-krm-client.c} speaks too: big-endian unsigned
 * 32-bit lengths and counts, byte strings as a length and the bytes. A request is {@link #MAGIC},
 * the working directory, the argument count and arguments, the environment's entry count and {@code
 * NAME=VALUE} entries, and stdin's length; the renderer answers one byte ({@link #GO}: send stdin;
 * {@link #FALL_BACK} and a reason: run cold and say why; {@link #COLD}: run cold without a word, a
 * command the renderer does not serve), then, after stdin, {@link #DONE}, the exit code, stdout and
 * stderr, or {@link #FALL_BACK} and a reason.
 */
final class Wire {
  /** The first bytes of a request: "RKW1". */
  static final int MAGIC = 0x524b5731;

  static final int GO = 'G';
  static final int FALL_BACK = 'F';
  static final int COLD = 'C';
  static final int DONE = 'D';

  /** The most arguments, and environment entries, a request may carry (Linux's own is lower). */
  static final int MAX_ENTRIES = 1 << 16;

  /** The most bytes of all a request's strings together: Linux's ARG_MAX for both is 2 MiB. */
  static final int MAX_STRINGS = 8 << 20;

  private Wire() {}

  /** A byte string of at most {@code room} bytes. */
  static byte[] bytes(DataInputStream in, int room) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > room) {
      throw new IOException("a string of " + Integer.toUnsignedString(length) + " bytes");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }

  /** A count of at most {@link #MAX_ENTRIES}. */
  static int count(DataInputStream in) throws IOException {
    int count = in.readInt();
    if (count < 0 || count > MAX_ENTRIES) {
      throw new IOException("a count of " + Integer.toUnsignedString(count));
    }
    return count;
  }

  static void bytes(DataOutputStream out, byte[] bytes) throws IOException {
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** The magic number, or end of stream before it. */
  static void magic(DataInputStream in) throws IOException {
    if (in.readInt() != MAGIC) {
      throw new EOFException("not a racer-krm renderer request");
    }
  }
}
