package io.unboundedcloud.racer.krm.diff;

import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Strings for the JSON reports' round trips: each character JSON must escape, alone and between
 * others; quotes and backslashes; emoji and other characters beyond the BMP; the line and paragraph
 * separators; a lone surrogate of each kind (which the reader refuses, and the reports must not
 * pass through as UTF-8 cannot carry them); and seeded random strings over every code point, a
 * superset of what the reader accepts.
 */
public final class JsonStrings {
  private JsonStrings() {}

  /** The strings, the same on every run. */
  public static List<String> all() {
    List<String> strings = new ArrayList<>();
    strings.add("");
    IntStream.rangeClosed(0, 0x1f).forEach(c -> strings.add("n" + (char) c + "m"));
    IntStream.rangeClosed(0x7f, 0x9f).forEach(c -> strings.add("n" + (char) c + "m"));
    for (String special :
        List.of("\"", "\\", "/", "\"quoted\"", "\\\"", "\u2028\u2029", "😀", "👩‍👩‍👧", "𝄞")) {
      strings.add(special);
      strings.add("a" + special + "b");
    }
    strings.add("lone \uD800 high");
    strings.add("lone \uDC00 low");
    strings.add("\uDBFF");
    Random random = new Random(53);
    for (int i = 0; i < 500; i++) {
      strings.add(randomString(random));
    }
    return strings;
  }

  private static String randomString(Random random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      int kind = random.nextInt(4);
      int codePoint =
          switch (kind) {
            case 0 -> random.nextInt(0x80); // ASCII, controls and quotes included
            case 1 -> random.nextInt(0x800); // two UTF-8 bytes
            case 2 -> 0x10000 + random.nextInt(0x100000); // beyond the BMP: a surrogate pair
            default -> random.nextInt(0x110000);
          };
      if (codePoint >= 0xD800 && codePoint <= 0xDFFF) {
        codePoint = 0xFFFD; // lone surrogates are the fixed cases above
      }
      text.appendCodePoint(codePoint);
    }
    return text.toString();
  }

  /** Whether {@code text} can be written as UTF-8 at all: no lone surrogate. */
  public static boolean isUtf8(String text) {
    try {
      StandardCharsets.UTF_8
          .newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(CharBuffer.wrap(text));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
