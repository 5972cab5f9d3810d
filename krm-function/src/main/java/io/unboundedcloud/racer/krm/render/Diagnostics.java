package io.unboundedcloud.racer.krm.render;

/** Short, user-facing text from exceptions of the libraries we call. */
final class Diagnostics {
  private Diagnostics() {}

  /** The first line of an exception's message, without Jackson's source-location noise. */
  static String firstLine(Exception exception) {
    String message = exception.getMessage() == null ? exception.getClass().getSimpleName() : exception.getMessage();
    int newline = message.indexOf('\n');
    String line = newline < 0 ? message : message.substring(0, newline);
    int at = line.indexOf(" (through reference chain");
    return at < 0 ? line : line.substring(0, at);
  }
}
