package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * Takes out, line by line, the marker character {@link NodeSerializer} put into events to get text
 * snakeyaml's emitter would not write on its own:
 *
 * <ul>
 *   <li>a line that is only {@code #} and the marker (after indentation) was a blank line of the
 *       input and becomes an empty line (the emitter writes blank lines in nested blocks with
 *       trailing spaces);
 *   <li>any other marker is dropped: it stood in front of a plain scalar with a leading zero, such
 *       as {@code defaultMode: 0644}, which the emitter otherwise rewrites as {@code !!int '0644'},
 *       or in front of a tag written out in the input and put into a plain scalar's text ({@code
 *       count: !!str 123}), which the emitter otherwise writes quoted ({@code !!str '123'}).
 * </ul>
 *
 * Only used when no scalar, key or comment of the output holds the marker character itself.
 */
final class MarkerWriter extends Writer {

  /** A Unicode noncharacter: printable for snakeyaml, absent from real manifests. */
  static final char MARKER = '\uFDD0';

  private final Writer out;
  private char[] line = new char[256];
  private int length;

  MarkerWriter(Writer out) {
    this.out = out;
  }

  @Override
  public void write(char[] buffer, int offset, int count) throws IOException {
    for (int i = offset; i < offset + count; i++) {
      take(buffer[i]);
    }
  }

  @Override
  public void write(String text, int offset, int count) throws IOException {
    for (int i = offset; i < offset + count; i++) {
      take(text.charAt(i));
    }
  }

  /**
   * Flushes what is complete; a partial line waits for its end, which may turn out to be a marker.
   */
  @Override
  public void flush() throws IOException {
    out.flush();
  }

  /** Writes the last, unterminated line (if any) and flushes; does not close the target. */
  @Override
  public void close() throws IOException {
    writeLine();
    out.flush();
  }

  private void take(char c) throws IOException {
    if (c == '\n') {
      writeLine();
      out.write('\n');
      return;
    }
    if (length == line.length) {
      line = Arrays.copyOf(line, length * 2);
    }
    line[length++] = c;
  }

  private void writeLine() throws IOException {
    if (!isBlankLineMarker()) {
      int run = 0;
      for (int i = 0; i < length; i++) {
        if (line[i] == MARKER) {
          out.write(line, run, i - run);
          run = i + 1;
        }
      }
      out.write(line, run, length - run);
    }
    length = 0;
  }

  private boolean isBlankLineMarker() {
    int i = 0;
    while (i < length && line[i] == ' ') {
      i++;
    }
    return length == i + 2 && line[i] == '#' && line[i + 1] == MARKER;
  }
}
