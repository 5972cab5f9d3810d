package io.unboundedcloud.racer.krm.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The results of a run, or of one step of it, in a stable order: the order they were found, which
 * is the order the ResourceList and stderr show them in. Nothing here sorts, drops or merges a
 * result. The one place that decides whether they make the run fail ({@link #hasError()}) and with
 * what exit code ({@link #exitCode()}).
 *
 * <p>{@code new Results()} is a list a step adds to; {@link #of} and {@link #copyOf} give fixed
 * ones, as an outcome holds them, which refuse {@link #add}.
 */
public final class Results implements Iterable<Result> {
  /** The exit code of a run with no error result. */
  public static final int SUCCESS = 0;

  /** The exit code of a run with an error result. */
  public static final int FAILURE = 1;

  private final List<Result> found;

  /** An empty list to add to. */
  public Results() {
    this.found = new ArrayList<>();
  }

  private Results(List<Result> fixed) {
    this.found = fixed;
  }

  /** A fixed list of these results, in this order. */
  public static Results of(Result... results) {
    return new Results(List.of(results));
  }

  /** A fixed copy of {@code results}, in their order. */
  public static Results copyOf(Iterable<Result> results) {
    List<Result> copy = new ArrayList<>();
    results.forEach(copy::add);
    return new Results(Collections.unmodifiableList(copy));
  }

  /**
   * Adds a result after those found so far.
   *
   * @throws UnsupportedOperationException on a fixed list
   */
  public Results add(Result result) {
    found.add(Objects.requireNonNull(result, "result"));
    return this;
  }

  /** Adds results after those found so far, in their order. */
  public Results addAll(Iterable<Result> results) {
    results.forEach(this::add);
    return this;
  }

  /**
   * Strict mode: every warning found so far becomes an error ({@link Result#strict()}), in place
   * and in order.
   */
  public Results makeStrict() {
    found.replaceAll(Result::strict);
    return this;
  }

  /** The same, strict mode turned on by {@code why} ({@link Result#strict(String)}). */
  public Results makeStrict(String why) {
    found.replaceAll(result -> result.strict(why));
    return this;
  }

  /**
   * Whether any result is an error: the run then fails, and the function gives its items back
   * unchanged.
   */
  public boolean hasError() {
    return found.stream().anyMatch(result -> result.severity() == Severity.ERROR);
  }

  /**
   * The exit code these results give a run: {@link #FAILURE} with any error, else {@link #SUCCESS}.
   */
  public int exitCode() {
    return hasError() ? FAILURE : SUCCESS;
  }

  /** The results in order, unmodifiable. */
  public List<Result> list() {
    return Collections.unmodifiableList(found);
  }

  public Stream<Result> stream() {
    return found.stream();
  }

  public boolean isEmpty() {
    return found.isEmpty();
  }

  /** The first result found; there must be one. */
  public Result first() {
    if (found.isEmpty()) {
      throw new IllegalStateException("no results");
    }
    return found.get(0);
  }

  @Override
  public Iterator<Result> iterator() {
    return list().iterator();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Results results && found.equals(results.found);
  }

  @Override
  public int hashCode() {
    return found.hashCode();
  }

  @Override
  public String toString() {
    return found.toString();
  }
}
