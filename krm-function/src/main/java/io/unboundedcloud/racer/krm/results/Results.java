package io.unboundedcloud.racer.krm.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The results of a run, or of one step of it, in the order the ResourceList and stderr show them:
 * the errors first, then the warnings, then the infos ({@link Severity}'s order), each severity in
 * the order its results took it (found, or made errors by {@link #makeStrict}, after every error so
 * far). So the error that stops a run is its first line, whatever step found it and whatever
 * warnings earlier steps found; the order is this type's, never the callers'. Nothing here drops or
 * merges a result. The one place that decides whether they make the run fail ({@link #hasError()})
 * and with what exit code ({@link #exitCode()}).
 *
 * <p>{@code new Results()} is a list a step adds to; {@link #of} and {@link #copyOf} give fixed
 * ones, as an outcome holds them, which refuse {@link #add} and {@link #makeStrict}.
 */
public final class Results implements Iterable<Result> {
  /** The exit code of a run with no error result. */
  public static final int SUCCESS = 0;

  /** The exit code of a run with an error result. */
  public static final int FAILURE = 1;

  private static final Severity[] ORDER = Severity.values();

  /** The results of each severity, by its ordinal, each in the order they took it. */
  private final List<List<Result>> bySeverity = new ArrayList<>(ORDER.length);

  private boolean fixed;

  /** All of them in order, made when asked and until the next change. */
  private List<Result> ordered;

  /** An empty list to add to. */
  public Results() {
    for (int i = 0; i < ORDER.length; i++) {
      bySeverity.add(new ArrayList<>());
    }
  }

  /** A fixed list of these results, in the order of their severities, each as given. */
  public static Results of(Result... results) {
    return copyOf(List.of(results));
  }

  /** A fixed copy of {@code results}, in the order of their severities, each as given. */
  public static Results copyOf(Iterable<Result> results) {
    Results copy = new Results();
    copy.addAll(results);
    copy.fixed = true;
    return copy;
  }

  /**
   * Adds a result after those of its severity found so far.
   *
   * @throws UnsupportedOperationException on a fixed list
   */
  public Results add(Result result) {
    Objects.requireNonNull(result, "result");
    changing();
    bySeverity.get(result.severity().ordinal()).add(result);
    return this;
  }

  /** Adds results, each after those of its severity found so far, in their order. */
  public Results addAll(Iterable<Result> results) {
    results.forEach(this::add);
    return this;
  }

  /**
   * Strict mode: every warning found so far becomes an error ({@link Result#strict()}), in their
   * order, after the errors found so far.
   *
   * @throws UnsupportedOperationException on a fixed list
   */
  public Results makeStrict() {
    return strictWith(Result::strict);
  }

  /** The same, strict mode turned on by {@code why} ({@link Result#strict(String)}). */
  public Results makeStrict(String why) {
    return strictWith(result -> result.strict(why));
  }

  private Results strictWith(UnaryOperator<Result> strict) {
    changing();
    List<Result> warnings = bySeverity.get(Severity.WARNING.ordinal());
    List<Result> made = warnings.stream().map(strict).toList();
    warnings.clear();
    made.forEach(this::add);
    return this;
  }

  private void changing() {
    if (fixed) {
      throw new UnsupportedOperationException("a fixed list of results");
    }
    ordered = null;
  }

  /**
   * Whether any result is an error: the run then fails, and the function gives its items back
   * unchanged.
   */
  public boolean hasError() {
    return !bySeverity.get(Severity.ERROR.ordinal()).isEmpty();
  }

  /**
   * The exit code these results give a run: {@link #FAILURE} with any error, else {@link #SUCCESS}.
   */
  public int exitCode() {
    return hasError() ? FAILURE : SUCCESS;
  }

  /** The results in order, unmodifiable. */
  public List<Result> list() {
    if (ordered == null) {
      List<Result> all = new ArrayList<>();
      bySeverity.forEach(all::addAll);
      ordered = Collections.unmodifiableList(all);
    }
    return ordered;
  }

  public Stream<Result> stream() {
    return list().stream();
  }

  public boolean isEmpty() {
    return list().isEmpty();
  }

  /** The first result: the first error when there is one. There must be a result. */
  public Result first() {
    if (isEmpty()) {
      throw new IllegalStateException("no results");
    }
    return list().get(0);
  }

  @Override
  public Iterator<Result> iterator() {
    return list().iterator();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Results results && list().equals(results.list());
  }

  @Override
  public int hashCode() {
    return list().hashCode();
  }

  @Override
  public String toString() {
    return list().toString();
  }
}
