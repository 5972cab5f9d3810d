package io.unboundedcloud.racer.krm.yaml;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes one run may read, all its files and stdin together ({@link
 * YamlLimits#maxInputBytes()}), aliases expanded: what each read spends is taken from it, so that
 * many inputs cost no more than one input at the limit. A run that knows its files' sizes
 * {@linkplain #admits admits} them before parsing any; a stream is {@linkplain #metered metered} as
 * it is read and refused as soon as it passes what is left; each alias {@linkplain #spendExpanded
 * spends} what it stands for once expanded, so that a small file cannot stand for more than the
 * budget admits as files.
 *
 * <p>It also keeps the run's measure of <b>what aliases may stand for beside what was sent</b>: the
 * characters of the run's documents as written ({@linkplain #written() written}: the text of every
 * scalar, at least one character each, and one for each mapping and list, aliases not expanded),
 * over every document the run checked, whichever file, stream or side of a diff it came from. What
 * all the run's aliases stand for together may be at most {@link #EXPANSION_FLOOR} plus {@link
 * #EXPANSION_RATIO} times that ({@link #expansionAllowed()}): a run sent 1 MB holds about 17 MiB
 * once its aliases are expanded, never the 128 MiB a file of that size would be, so that its memory
 * follows what it was sent. It is measured from the documents, not from the bytes read, so that it
 * never depends on how much of a stream was read ahead. A run that compares two sets of inputs
 * (diff's sides) {@linkplain #startInputSet() starts} the second with a floor of its own, so that
 * it refuses no side its render would admit. Not thread-safe: one run reads its inputs one after
 * another.
 */
public final class ByteBudget {
  /** What a run's aliases may stand for whatever its documents' size: 1 MiB of characters. */
  public static final long EXPANSION_FLOOR = 1L << 20;

  /** What a run's aliases may stand for per character its documents hold as written. */
  public static final long EXPANSION_RATIO = 16;

  private final long total;
  private long spent;
  private long expanded;
  private long written;
  private long inputSets = 1;

  /** A budget of {@code total} bytes, none spent. */
  public ByteBudget(long total) {
    if (total < 1) {
      throw new IllegalArgumentException("a byte budget must be positive: " + total);
    }
    this.total = total;
  }

  /** The budget of one run: {@code limits.maxInputBytes()}. */
  public static ByteBudget of(YamlLimits limits) {
    return new ByteBudget(limits.maxInputBytes());
  }

  /** The bytes the whole run may read. */
  public long total() {
    return total;
  }

  /** The bytes read so far, and those that aliases stand for once expanded. */
  public long spent() {
    return spent;
  }

  /** Of {@link #spent()}, the bytes that aliases stand for once expanded. */
  public long expanded() {
    return expanded;
  }

  /**
   * The characters of the documents the run checked, as written: aliases not expanded (see the
   * class comment).
   */
  public long written() {
    return written;
  }

  /**
   * What the run's aliases may stand for together, once expanded: {@link #expansionFloor()} plus
   * {@link #EXPANSION_RATIO} times {@link #written()}.
   */
  public long expansionAllowed() {
    return expansionFloor() + EXPANSION_RATIO * written;
  }

  /** {@link #EXPANSION_FLOOR} for each set of inputs the run reads (diff's sides: two). */
  public long expansionFloor() {
    return EXPANSION_FLOOR * inputSets;
  }

  /**
   * The run goes on to another set of inputs, which brings its own {@link #EXPANSION_FLOOR}: diff
   * reads its second side after its first, within one budget, and each side read alone would have
   * had the floor. With it, a diff refuses for what aliases stand for only where one of its sides
   * is refused on its own: each side within its floor and ratio keeps the sum within the two.
   */
  public void startInputSet() {
    inputSets++;
  }

  /**
   * Counts the characters of one more document as written, once it has been checked whole.
   *
   * @return whether what the run's aliases stand for ({@link #expanded()}) is still within {@link
   *     #expansionAllowed()}
   */
  boolean writtenFits(long characters) {
    if (characters < 0) {
      throw new IllegalArgumentException("characters written cannot be negative: " + characters);
    }
    // a run reads at most its budget of bytes; capped far below overflow all the same
    written = Math.min(Long.MAX_VALUE / (4 * EXPANSION_RATIO), written + characters);
    return expanded <= expansionAllowed();
  }

  /**
   * Spends {@code bytes} that an alias stands for once expanded: text the run was not sent but
   * holds as if it had been, charged like the bytes of a file.
   *
   * @return whether they fit: false once the run's input, aliases expanded, passes the budget (the
   *     bytes are spent all the same, so that every later read fails too)
   */
  public boolean spendExpanded(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes spent cannot be negative: " + bytes);
    }
    long room = total - spent;
    expanded = Math.min(Long.MAX_VALUE / 2, expanded + bytes);
    spent = bytes > room ? total + 1 : spent + bytes;
    return bytes <= room;
  }

  /**
   * Whether {@code bytes} more still fit, beside what was read already: the check a run makes from
   * its files' sizes before it parses any of them.
   */
  public boolean admits(long bytes) {
    return bytes <= total - spent;
  }

  /**
   * {@code in}, each byte read from it spent from this budget; past the budget a read fails with
   * {@link Exceeded}. Closing the stream returned does not close {@code in}.
   */
  public InputStream metered(InputStream in) {
    return new Metered(in);
  }

  private void spend(int bytes) throws Exceeded {
    spent += bytes;
    if (spent > total) {
      throw new Exceeded();
    }
  }

  /** A read passed the budget. */
  public static final class Exceeded extends IOException {
    private static final long serialVersionUID = 1L;

    Exceeded() {
      super("the byte budget of the run is spent");
    }
  }

  private final class Metered extends FilterInputStream {
    Metered(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        spend(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        spend(n);
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      // skipped bytes are read all the same: through read, so that they are counted
      byte[] buffer = new byte[(int) Math.min(8192, Math.max(0, n))];
      int read = buffer.length == 0 ? -1 : read(buffer, 0, buffer.length);
      return Math.max(0, read);
    }

    @Override
    public void close() {
      // the caller owns the stream (stdin above all)
    }
  }
}
