package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.results.PrintableText;
import java.io.PrintStream;
import java.util.Locale;

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

  /**
   * The stream under {@code stderr}, for the stack trace {@code --stack} asks for: a developer's
   * view, printed as the JVM prints it (its lines start with a tab, which tests look for).
   */
  static PrintStream unescaped(PrintStream stderr) {
    return stderr instanceof MessageStream messages ? messages.lines : stderr;
  }

  /**
   * Formats, then prints the text escaped; a line separator at its end ({@code %n}) still ends the
   * line.
   */
  @Override
  public PrintStream format(Locale locale, String format, Object... args) {
    String text = String.format(locale, format, args);
    String separator = System.lineSeparator();
    if (text.endsWith(separator)) {
      println(text.substring(0, text.length() - separator.length()));
    } else {
      print(text);
    }
    return this;
  }

  @Override
  public PrintStream format(String format, Object... args) {
    return format(Locale.getDefault(Locale.Category.FORMAT), format, args);
  }

  @Override
  public PrintStream printf(Locale locale, String format, Object... args) {
    return format(locale, format, args);
  }

  @Override
  public PrintStream printf(String format, Object... args) {
    return format(format, args);
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
