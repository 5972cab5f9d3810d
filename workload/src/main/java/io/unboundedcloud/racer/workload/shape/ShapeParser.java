package io.unboundedcloud.racer.workload.shape;

import java.util.List;
import java.util.function.Function;

/**
 * How a shape key's racer-settings string becomes its {@code Config} value. A kind, not a function:
 * chart-gen writes each kind's Helm twin, so the chart reads the key as the function does.
 *
 * @param <T> the value's type in {@code Config}
 */
public sealed interface ShapeParser<T> {

  /**
   * The value of a setting. Called with a value the settings catalog accepted, or with the key's
   * default when the key is unset or empty; {@code null} only for a key without a default.
   */
  T parse(String value);

  /**
   * Every value, as racer-settings spells it, when there are few enough for the chart to render one
   * template variant each; empty for a number.
   */
  List<String> values();

  /** A whole number; {@code 0} when unset without a default. */
  record WholeNumber() implements ShapeParser<Integer> {
    @Override
    public Integer parse(String value) {
      return value == null ? 0 : Integer.parseInt(value);
    }

    @Override
    public List<String> values() {
      return List.of();
    }
  }

  /** On only for exactly {@code "true"}, as the dataplane compares the raw string. */
  record Flag() implements ShapeParser<Boolean> {
    @Override
    public Boolean parse(String value) {
      return "true".equals(value);
    }

    @Override
    public List<String> values() {
      return List.of("false", "true");
    }
  }

  /**
   * One of an enum's constants, by its racer-settings word.
   *
   * @param modes every constant, in the order the chart's variants take
   * @param word how racer-settings spells a constant
   * @param reader the enum's own reader of a word (which also says what a {@code null} means)
   */
  record Mode<E extends Enum<E>>(
      List<E> modes, Function<E, String> word, Function<String, E> reader)
      implements ShapeParser<E> {
    public Mode {
      modes = List.copyOf(modes);
    }

    @Override
    public E parse(String value) {
      return reader.apply(value);
    }

    @Override
    public List<String> values() {
      return modes.stream().map(word).toList();
    }
  }
}
