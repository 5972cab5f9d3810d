package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;

/**
 * What one read of the inputs gave: a value, or none, and the results it raised on the way.
 *
 * @param value the value read; {@code null} when the read failed
 * @param results warnings and errors of the read, errors first ({@link Results})
 */
public record ReadOutcome<T>(T value, Results results) {
  public ReadOutcome {
    results = Results.copyOf(results);
  }

  /** A read that gave {@code value} (or none) and raised {@code results}. */
  public static <T> ReadOutcome<T> of(T value, Results results) {
    return new ReadOutcome<>(value, results);
  }

  /** A read that gave no value, for the reason {@code error} says. */
  public static <T> ReadOutcome<T> failed(Result error) {
    return new ReadOutcome<>(null, Results.of(error));
  }

  /** Whether the read gave a value and raised no error. */
  public boolean ok() {
    return value != null && !results.hasError();
  }
}
