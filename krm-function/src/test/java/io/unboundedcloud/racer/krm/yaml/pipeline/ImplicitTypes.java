package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Values of YAML 1.1's implicit int, float and timestamp types in every form snakeyaml's
 * expressions take (signs, {@code 0b}, {@code 0x}, octal, underscores, base 60, exponents,
 * fractions, timestamps with a long fraction or many blanks), each at a length chosen around and
 * beyond snakeyaml's bounds, and near misses of each (one character changed, added or cut).
 */
public final class ImplicitTypes {

  /** One generated value and the form it was made as. */
  public record Value(String form, String text) {
    @Override
    public String toString() {
      return form + " (" + text.length() + " characters)";
    }
  }

  private ImplicitTypes() {}

  /** The forms, each made with {@code length} about the length asked for. */
  public static List<Value> forms(Random random, int length) {
    List<Value> values = new ArrayList<>();
    values.add(
        new Value("decimal int", sign(random) + "1" + digits(random, length, "0123456789_")));
    values.add(new Value("binary int", sign(random) + "0b" + digits(random, length, "01_")));
    values.add(new Value("octal int", sign(random) + "0" + digits(random, length, "01234567_")));
    values.add(
        new Value(
            "hexadecimal int",
            sign(random) + "0x" + digits(random, length, "0123456789abcdefABCDEF_")));
    values.add(new Value("base-60 int", sign(random) + "1" + sixties(random, length)));
    values.add(
        new Value(
            "float with a point",
            sign(random)
                + "1"
                + digits(random, length / 2, "0123456789_")
                + "."
                + digits(random, length / 2, "0123456789_")));
    values.add(
        new Value(
            "float with a point and an exponent",
            sign(random)
                + "0."
                + digits(random, length, "0123456789_")
                + "e-"
                + digits(random, 3, "0123456789")));
    values.add(
        new Value(
            "float with an exponent",
            sign(random) + "9" + digits(random, length, "0123456789_") + "E+1"));
    values.add(
        new Value(
            "float starting with a point",
            sign(random) + "." + digits(random, length, "0123456789_")));
    values.add(new Value("base-60 float", sign(random) + "1" + sixties(random, length) + ".5"));
    values.add(
        new Value(
            "timestamp with a long fraction",
            "2001-12-14t21:59:43." + digits(random, length, "0123456789") + "Z"));
    values.add(
        new Value(
            "timestamp with many blanks",
            "2001-1-4" + " \t".repeat(length / 2 + 1) + "1:59:43.1 \t-05:00"));
    values.add(
        new Value(
            "timestamp with an offset",
            "2001-12-14 21:59:43." + digits(random, length, "0123456789") + " +5"));
    return values;
  }

  /** {@code value} with one character changed, added or cut at a random place. */
  public static String nearMiss(Random random, String value) {
    String alphabet = "0123456789_:.-+eExbZtT \tq";
    int at = random.nextInt(value.length() + 1);
    char c = alphabet.charAt(random.nextInt(alphabet.length()));
    return switch (random.nextInt(3)) {
      case 0 -> value.substring(0, at) + c + value.substring(at);
      case 1 -> at < value.length() ? value.substring(0, at) + value.substring(at + 1) : value + c;
      default ->
          at < value.length() ? value.substring(0, at) + c + value.substring(at + 1) : value + c;
    };
  }

  private static String sign(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> "-";
      case 1 -> "+";
      default -> "";
    };
  }

  private static String digits(Random random, int count, String alphabet) {
    StringBuilder out = new StringBuilder(count);
    for (int i = 0; i < count; i++) {
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return out.toString();
  }

  /** Base-60 groups ({@code :5}, {@code :59}) making about {@code length} characters. */
  private static String sixties(Random random, int length) {
    StringBuilder out = new StringBuilder(length + 3);
    while (out.length() < length) {
      out.append(':');
      if (random.nextBoolean()) {
        out.append((char) ('0' + random.nextInt(6)));
      }
      out.append((char) ('0' + random.nextInt(10)));
    }
    return out.toString();
  }
}
