package io.unboundedcloud.racer.krm.yaml.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("KyamlScalar")
class KyamlScalarTest {

  /**
   * Every character class the emitter's analysis tells apart: name characters, indicators first and
   * inside, blanks, breaks of each kind, characters it does not print, surrogate pairs.
   */
  private static final String ALPHABET =
      "aZ09._/-:#?!&*|>'\"%@`,[]{} \t\n\r\u0085\u2028\u2029\u0000\u007f\u00a0\u00e9\ufeff\ud83d\ude00";

  /** Every value of up to three characters of the alphabet, and longer ones drawn at random. */
  private static List<String> values() {
    List<String> values = new ArrayList<>();
    List<String> shorter = List.of("");
    for (int length = 1; length <= 3; length++) {
      List<String> longer = new ArrayList<>();
      for (String prefix : shorter) {
        for (char c : ALPHABET.toCharArray()) {
          longer.add(prefix + c);
        }
      }
      values.addAll(longer);
      shorter = longer;
    }
    Random random = new Random(50);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder value = new StringBuilder();
      int length = 4 + random.nextInt(12);
      // mostly name characters, as real values are, so that the short cut is taken and missed
      for (int k = 0; k < length; k++) {
        value.append(
            ALPHABET.charAt(random.nextInt(random.nextInt(4) == 0 ? ALPHABET.length() : 8)));
      }
      values.add(value.toString());
    }
    return values;
  }

  @Nested
  @DisplayName("short cuts give what the emitter's full analysis gives")
  class ShortCuts {
    @Test
    @DisplayName("the analysis of names, for every generated value")
    void analysis() {
      int names = 0;
      for (String value : values()) {
        if (value.isEmpty()) {
          continue;
        }
        KyamlScalar.Analysis quick = KyamlScalar.analyze(value);
        assertEquals(KyamlScalar.scan(value), quick, () -> "analysis of " + escaped(value));
        names += quick == KyamlScalar.analyze("name") ? 1 : 0;
      }
      // the generator reaches the short cut, and not only it
      assertEquals(true, names > 1_000, "values taken by the short cut: " + names);
    }

    @Test
    @DisplayName("whether a value is multiline, for every generated value")
    void multiline() {
      for (String value : values()) {
        if (!value.isEmpty()) {
          assertEquals(
              KyamlScalar.scan(value).multiline(),
              KyamlScalar.isMultiline(value),
              () -> "multiline " + escaped(value));
        }
      }
    }

    @Test
    @DisplayName("names share one analysis (no allocation per value)")
    void shared() {
      assertSame(KyamlScalar.analyze("web-000001"), KyamlScalar.analyze("apps/v1"));
    }
  }

  private static String escaped(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
    }
    return out.append('"').toString();
  }
}
