package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.codec.TreeShapeException;

/** Short, user-facing text from the exceptions of reading an object. */
final class Diagnostics {
  private Diagnostics() {}

  /** The first line of an exception's message. */
  static String firstLine(Exception exception) {
    String message =
        exception.getMessage() == null
            ? exception.getClass().getSimpleName()
            : exception.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  /**
   * The field a value that does not fit sits in, or the fallback when the exception does not say.
   */
  static String field(Exception exception, String fallback) {
    return exception instanceof TreeShapeException shape && !shape.field().isEmpty()
        ? shape.field()
        : fallback;
  }
}
