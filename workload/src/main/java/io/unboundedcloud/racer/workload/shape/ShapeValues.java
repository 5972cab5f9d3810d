package io.unboundedcloud.racer.workload.shape;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The value of every shape key, as {@code Config} holds them: read from racer-settings data here
 * and nowhere else.
 */
public final class ShapeValues {
  private final Map<ShapeKey<?>, Object> values;

  private ShapeValues(Map<ShapeKey<?>, Object> values) {
    this.values = Map.copyOf(values);
  }

  /**
   * Every shape key read from racer-settings data that passed the settings catalog's checks; an
   * unset key takes its default.
   */
  public static ShapeValues read(Map<String, String> settings) {
    Map<ShapeKey<?>, Object> values = new LinkedHashMap<>();
    for (ShapeKey<?> key : ShapeKeys.all()) {
      values.put(key, key.read(settings));
    }
    return new ShapeValues(values);
  }

  /** The value of {@code key}. */
  public <T> T get(ShapeKey<T> key) {
    @SuppressWarnings("unchecked") // put only by read and with, each with the key's own type
    T value = (T) values.get(key);
    return value;
  }

  /** A copy with {@code key} set to {@code value}. */
  public <T> ShapeValues with(ShapeKey<T> key, T value) {
    Map<ShapeKey<?>, Object> copy = new LinkedHashMap<>(values);
    copy.put(key, Objects.requireNonNull(value, key.name()));
    return new ShapeValues(copy);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ShapeValues that && values.equals(that.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("{");
    for (ShapeKey<?> key : ShapeKeys.all()) {
      text.append(text.length() == 1 ? "" : ", ").append(key.component()).append('=');
      text.append(values.get(key));
    }
    return text.append('}').toString();
  }
}
