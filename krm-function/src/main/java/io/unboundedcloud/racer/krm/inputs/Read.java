package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.List;

/**
 * What one read of the inputs gave: a value, or none, and the results it raised on the way.
 *
 * @param value the value read; {@code null} when the read failed
 * @param results warnings and errors of the read, in the order found
 */
public record Read<T>(T value, List<Result> results) {
  public Read {
    results = List.copyOf(results);
  }

  static <T> Read<T> of(T value, List<Result> results) {
    return new Read<>(value, results);
  }

  static <T> Read<T> failed(Result error) {
    return new Read<>(null, List.of(error));
  }

  /** Whether the read gave a value and raised no error. */
  public boolean ok() {
    return value != null && results.stream().noneMatch(r -> r.severity() == Severity.ERROR);
  }
}
