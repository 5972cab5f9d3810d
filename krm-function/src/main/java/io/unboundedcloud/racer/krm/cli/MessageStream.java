package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.results.PrintableText;
import java.io.PrintStream;

/**
 * stderr as every mode prints on it: each string printed goes through {@link PrintableText} on its
 * way, so a name, a path or a message from the input can never print a line of its own, whichever
 * mode, result or exception it comes in. One wrapper where stderr enters the command, rather than a
 * call at each of the many places that print a line, so a line added later is escaped too. Bytes
 * written as bytes pass as they are (nothing here writes them).
 */
final class MessageStream extends PrintStream {
  private final PrintStream lines;

  private MessageStream(PrintStream lines) {
    super(lines, true);
    this.lines = lines;
  }

  /** {@code stderr}, escaping what is printed on it. */
  static PrintStream of(PrintStream stderr) {
    return stderr instanceof MessageStream ? stderr : new MessageStream(stderr);
  }

  @Override
  public void print(String text) {
    lines.print(PrintableText.of(String.valueOf(text)));
  }

  @Override
  public void print(Object object) {
    print(String.valueOf(object));
  }

  @Override
  public void print(char c) {
    print(String.valueOf(c));
  }

  @Override
  public void print(char[] text) {
    print(new String(text));
  }

  @Override
  public void println(String text) {
    lines.println(PrintableText.of(String.valueOf(text)));
  }

  @Override
  public void println(Object object) {
    println(String.valueOf(object));
  }

  @Override
  public void println(char c) {
    println(String.valueOf(c));
  }

  @Override
  public void println(char[] text) {
    println(new String(text));
  }

  @Override
  public void println() {
    lines.println();
  }

  @Override
  public void flush() {
    lines.flush();
  }
}
