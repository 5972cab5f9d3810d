package io.unboundedcloud.racer.workload.settings;

import io.unboundedcloud.racer.workload.QuantityCorrection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An unsigned decimal integer in {@code min..max}, written as plain digits: no sign, unit, space or
 * leading zero ({@code 268435456}, never {@code 256Mi}, {@code +5} or {@code 0080}).
 *
 * <p>Leading zeros are refused although the dataplane would read them: a chart template's {@code
 * int} reads {@code 08082} as octal, so the canonical form is the only one every reader agrees on.
 *
 * @param min the smallest accepted value, at least 0
 * @param max the largest accepted value; {@link Long#MAX_VALUE} means "no ceiling of its own"
 */
public record IntegerRange(long min, long max) implements Rule {

  /** The ceiling of a "positive 32-bit unsigned integer" such as {@code RACER_SHARES}. */
  public static final long UINT32_MAX = 4_294_967_295L;

  public IntegerRange {
    if (min < 0 || max < min) {
      throw new IllegalArgumentException("not an unsigned range: " + min + ".." + max);
    }
  }

  /** 1 and up: the table's "positive integer". */
  public static IntegerRange positive() {
    return new IntegerRange(1, Long.MAX_VALUE);
  }

  /** {@code min} and up, e.g. the table's "integer >= 2". */
  public static IntegerRange atLeast(long min) {
    return new IntegerRange(min, Long.MAX_VALUE);
  }

  @Override
  public Optional<String> check(String value) {
    Objects.requireNonNull(value, "value");
    if (!isPlainDecimal(value)) {
      return Optional.of(
          "must be "
              + requirement()
              + ", written as plain decimal digits (no sign, unit, space or leading zero)"
              + QuantityCorrection.didYouMean(QuantityCorrection.bytes(value, min, max)));
    }
    OptionalLong number = parse(value);
    if (number.isEmpty()) {
      return Optional.of("must be " + requirement() + " (at most " + max + ")");
    }
    if (number.getAsLong() < min || number.getAsLong() > max) {
      return Optional.of("must be " + requirement());
    }
    return Optional.empty();
  }

  @Override
  public String describe() {
    if (max == Long.MAX_VALUE) {
      return min == 1 ? "positive integer" : "integer >= " + min;
    }
    if (min == 1 && max == UINT32_MAX) {
      return "positive 32-bit unsigned integer (1.." + UINT32_MAX + ")";
    }
    return min + ".." + max;
  }

  @Override
  public Map<String, Object> jsonSchema() {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "string");
    schema.put("pattern", DecimalRangePattern.of(min, max));
    return schema;
  }

  /** The rule as it follows "must be", e.g. "an integer in 1024..65535". */
  String requirement() {
    if (max == Long.MAX_VALUE) {
      return min == 1 ? "a positive integer" : "an integer >= " + min;
    }
    if (min == 1 && max == UINT32_MAX) {
      return "a positive 32-bit unsigned integer (1.." + UINT32_MAX + ")";
    }
    return "an integer in " + min + ".." + max;
  }

  /** The value of a plain decimal string, or empty when it is not one or does not fit a long. */
  static OptionalLong parse(String value) {
    if (!isPlainDecimal(value)) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(value));
    } catch (NumberFormatException tooLarge) {
      // Only overflow gets here: the digits were checked, and an overflow is a finding, not a
      // crash.
      return OptionalLong.empty();
    }
  }

  /** ASCII digits only, no leading zero unless the value is "0". */
  static boolean isPlainDecimal(String value) {
    if (value.isEmpty()) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      // Not Character.isDigit: that accepts non-ASCII digits the dataplane refuses.
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return value.length() == 1 || value.charAt(0) != '0';
  }
}
