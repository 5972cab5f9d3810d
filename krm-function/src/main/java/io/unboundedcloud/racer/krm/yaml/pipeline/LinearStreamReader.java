package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

/**
 * snakeyaml's {@link StreamReader}, the same characters, positions and errors, at a cost linear in
 * the length of a scalar.
 *
 * <p>snakeyaml reads 1,024 characters at a time and copies every character not yet consumed into a
 * new window each time. The scanner consumes a run of characters without a space or a line break (a
 * long base64 value, a JSON document on one line) only at its end, so a run of n characters cost
 * about n²/2,048 copies: 5.6 s and 560 MiB of garbage for one 4 MiB value, and a 20 MiB value did
 * not finish in a minute. Here the window grows by doubling and is only copied when it is full, so
 * each character is copied a bounded number of times on average.
 *
 * <p>Windows are never changed where a {@link Mark} may point: a full window is replaced, not
 * shifted. (A mark's snippet may show more of the line before it than snakeyaml's would; messages
 * here never use snippets.) Every public method of {@link StreamReader} is overridden; the
 * superclass holds an empty reader.
 */
public final class LinearStreamReader extends StreamReader {
  /** The name snakeyaml gives a stream in its marks. */
  private static final String NAME = "'reader'";

  /** As snakeyaml reads, so that an error in the input surfaces after the same events. */
  private static final int READ_CHARS = 1023;

  private static final int FIRST_WINDOW = 16384;

  private final Reader stream;

  /** One more than a read asks for: the low surrogate of a pair split by the read. */
  private final char[] buffer = new char[READ_CHARS + 1];

  /**
   * Characters already consumed that a replaced window still holds, so that a caller that learns of
   * a position late (a flow collection's start, once the scanner looked past it) still finds it:
   * see {@link #keepFrom(int)}.
   */
  static final int HISTORY = 4096;

  /** The most a caller may keep with {@link #keepFrom(int)} before it is let go. */
  private static final int KEPT_MAX = 2 << 20;

  private int[] window = new int[0];

  /** The index of {@code window[0]}. */
  private int windowStart;

  /** The index from which windows keep what is consumed; -1 for none. */
  private int keptFrom = -1;

  private int length;
  private int pointer;
  private boolean eof;
  private int index;
  private int documentIndex;
  private int line;
  private int column;

  /**
   * @param stream the characters to read; not closed here
   */
  public LinearStreamReader(Reader stream) {
    super(new StringReader(""));
    this.stream = stream;
  }

  @Override
  public Mark getMark() {
    return new Mark(NAME, index, line, column, window, pointer);
  }

  @Override
  public void forward() {
    forward(1);
  }

  @Override
  public void forward(int count) {
    for (int i = 0; i < count && ensureEnoughData(0); i++) {
      int c = window[pointer++];
      index++;
      documentIndex++;
      if (Constant.LINEBR.has(c) || c == '\r' && ensureEnoughData(0) && window[pointer] != '\n') {
        line++;
        column = 0;
      } else if (c != 0xFEFF) {
        column++;
      }
    }
  }

  @Override
  public int peek() {
    return ensureEnoughData(0) ? window[pointer] : '\0';
  }

  @Override
  public int peek(int offset) {
    return ensureEnoughData(offset) ? window[pointer + offset] : '\0';
  }

  @Override
  public String prefix(int count) {
    if (count == 0) {
      return "";
    }
    return ensureEnoughData(count)
        ? new String(window, pointer, count)
        : new String(window, pointer, Math.min(count, length - pointer));
  }

  @Override
  public String prefixForward(int count) {
    String prefix = prefix(count);
    pointer += count;
    index += count;
    documentIndex += count;
    column += count;
    return prefix;
  }

  @Override
  public int getColumn() {
    return column;
  }

  @Override
  public int getDocumentIndex() {
    return documentIndex;
  }

  @Override
  public void resetDocumentIndex() {
    documentIndex = 0;
  }

  @Override
  public int getIndex() {
    return index;
  }

  @Override
  public int getLine() {
    return line;
  }

  /**
   * Keeps what is read from {@code index} on (up to about 2 MiB past it) until {@link #release()},
   * for {@link #text(int, int)}. Only an index at most {@link #HISTORY} characters behind the
   * current one may be asked for: then the answer does not depend on how the input arrived.
   *
   * @return whether the index was still held
   */
  public boolean keepFrom(int index) {
    if (index < windowStart || index > this.index || this.index - index > HISTORY) {
      return false;
    }
    keptFrom = index;
    return true;
  }

  /** Lets go of what {@link #keepFrom(int)} kept. */
  public void release() {
    keptFrom = -1;
  }

  /**
   * The characters from index {@code from} to {@code to} (exclusive), read already; null when they
   * are no longer held.
   */
  public String text(int from, int to) {
    if (from < windowStart || to > windowStart + length || from > to) {
      return null;
    }
    return new String(window, from - windowStart, to - from);
  }

  /**
   * Whether the character at {@code pointer + offset} exists, reading until it does or the input
   * ends.
   */
  private boolean ensureEnoughData(int offset) {
    while (!eof && pointer + offset >= length) {
      update();
    }
    return pointer + offset < length;
  }

  /**
   * Reads the next characters into the window as code points, refusing what YAML does not allow.
   */
  private void update() {
    try {
      int read = stream.read(buffer, 0, READ_CHARS);
      if (read <= 0) {
        eof = true;
        return;
      }
      if (Character.isHighSurrogate(buffer[read - 1])) {
        if (stream.read(buffer, read, 1) == -1) {
          throw new ReaderException(
              NAME,
              index + read,
              buffer[read - 1],
              "The last char is HighSurrogate (no LowSurrogate detected).");
        }
        read++;
      }
      reserve(read);
      int nonPrintable = ' ';
      for (int i = 0; i < read; ) {
        int codePoint = Character.codePointAt(buffer, i);
        window[length++] = codePoint;
        if (isPrintable(codePoint)) {
          i += Character.charCount(codePoint);
        } else {
          nonPrintable = codePoint;
          i = read;
        }
      }
      if (nonPrintable != ' ') {
        throw new ReaderException(
            NAME,
            index + (length - pointer) - 1,
            nonPrintable,
            "special characters are not allowed");
      }
    } catch (IOException e) {
      throw new YAMLException(e);
    }
  }

  /**
   * Room for {@code count} more code points after {@code length}. A full window is replaced by one
   * twice the size of what is not yet consumed, holding only that, so the copies stay linear in the
   * input.
   */
  private void reserve(int count) {
    if (length + count <= window.length) {
      return;
    }
    if (keptFrom >= 0 && index - keptFrom > KEPT_MAX) {
      keptFrom = -1;
    }
    int from = Math.max(0, pointer - HISTORY);
    if (keptFrom >= 0) {
      from = Math.min(from, keptFrom - windowStart);
    }
    int unconsumed = length - from;
    int[] next = new int[Math.max(FIRST_WINDOW, 2 * (unconsumed + count))];
    System.arraycopy(window, from, next, 0, unconsumed);
    window = next;
    windowStart += from;
    length = unconsumed;
    pointer -= from;
  }
}
