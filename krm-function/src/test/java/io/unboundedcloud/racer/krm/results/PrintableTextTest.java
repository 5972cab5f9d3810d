package io.unboundedcloud.racer.krm.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("PrintableText: text from the input can never break a message's line")
class PrintableTextTest {
  /** Every character that ends a line somewhere: in Java, in a terminal, in Unicode. */
  private static final String LINE_BREAKS = "\n\r\u000b\u000c\u0085\u2028\u2029";

  /**
   * Every character that must not print as itself: C0, DEL, C1, the Unicode separators, the
   * bidirectional formatting characters, and lone halves of surrogate pairs.
   */
  static Stream<Character> unprintable() {
    List<Character> characters = new ArrayList<>();
    IntStream.rangeClosed(0x00, 0x1f).forEach(c -> characters.add((char) c));
    IntStream.rangeClosed(0x7f, 0x9f).forEach(c -> characters.add((char) c));
    "\u2028\u2029\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ud800\udfff"
        .chars()
        .forEach(c -> characters.add((char) c));
    return characters.stream();
  }

  /** The escape a character is written as: by name for three, else its UTF-16 code. */
  private static String escape(char c) {
    return switch (c) {
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      default -> String.format("\\u%04x", (int) c);
    };
  }

  @Nested
  @DisplayName("escapes")
  class Escapes {
    @ParameterizedTest(name = "U+{0}")
    @MethodSource("io.unboundedcloud.racer.krm.results.PrintableTextTest#unprintable")
    @DisplayName("each unprintable character, alone, first, last and between words, as an escape")
    void each(char c) {
      for (String text : List.of("" + c, c + "x", "x" + c, "a" + c + "verdict: no rollout")) {
        String printed = PrintableText.of(text);

        assertThat(printed.chars()).as(text).noneMatch(p -> p == c);
        assertThat(printed.chars()).as(text).noneMatch(p -> LINE_BREAKS.indexOf(p) >= 0);
        assertThat(printed).as(text).contains(escape(c));
        assertThat(PrintableText.of(printed)).as("escaped once, stays").isEqualTo(printed);
      }
    }

    @Test
    @DisplayName("line breaks and tabs by name, the rest as \\uXXXX")
    void forms() {
      assertThat(PrintableText.of("x\nverdict: no rollout\nok.yaml:2:1: error"))
          .isEqualTo("x\\nverdict: no rollout\\nok.yaml:2:1: error");
      assertThat(PrintableText.of("a\r\tb")).isEqualTo("a\\r\\tb");
      assertThat(PrintableText.of("\u001b[2Jcleared")).isEqualTo("\\u001b[2Jcleared");
      assertThat(PrintableText.of("name\u202eevil")).isEqualTo("name\\u202eevil");
      assertThat(PrintableText.of("next\u0085line")).isEqualTo("next\\u0085line");
      assertThat(PrintableText.of("half\ud800")).isEqualTo("half\\ud800");
    }

    @Test
    @DisplayName("a name made of every unprintable character: one line, no character kept")
    void all() {
      StringBuilder name = new StringBuilder();
      unprintable().forEach(c -> name.append('x').append(c));

      String printed = PrintableText.of(name.toString());

      assertThat(printed.lines()).hasSize(1);
      assertThat(printed.chars())
          .allMatch(c -> c >= 0x20 && c < 0x7f)
          .as("each character after its x, as one escape")
          .isNotEmpty();
      assertThat(printed.split("x", -1)).hasSize((int) unprintable().count() + 1);
    }
  }

  @Nested
  @DisplayName("keeps")
  class Keeps {
    @Test
    @DisplayName(
        "printable text as it is: ASCII, accents, CJK, a surrogate pair, a backslash (so escaping"
            + " twice changes nothing)")
    void printable() {
      StringBuilder ascii = new StringBuilder();
      IntStream.rangeClosed(0x20, 0x7e).forEach(c -> ascii.append((char) c));
      for (String text :
          List.of(ascii.toString(), "ü é ß", "日本", "\ud83d\ude80 rocket", "C:\\racer\\n")) {
        assertThat(PrintableText.of(text)).isSameAs(text);
      }
    }
  }

  @Test
  @DisplayName(
      "a result's message and its stderr line: the object's name, its file and the field escaped"
          + " too")
  void results() {
    ResourceRef forged =
        new ResourceRef("v1", "ConfigMap", "a\nerror: forged", "racer", "x\nok.yaml", 0);
    Result result = Result.of(Severity.WARNING, "name \"a\nb\" unknown", forged, "data.\u001bkey");

    assertThat(result.message()).isEqualTo("name \"a\\nb\" unknown");
    assertThat(result.toLine())
        .isEqualTo(
            "warning: name \"a\\nb\" unknown [ConfigMap racer/a\\nerror: forged in x\\nok.yaml,"
                + " field data.\\u001bkey]");
    assertThat(result.strict().message()).doesNotContain("\n");
    // the field's values stay exact: they are data, which YAML quotes
    assertThat(result.withCurrentValue("a\nb").currentValue()).isEqualTo("a\nb");
  }

  @Test
  @DisplayName(
      "escapes exactly the characters QuotedText escapes, of all 65,536 (quotes and backslashes"
          + " aside, which only QuotedText's quoting escapes)")
  void sameSetAsQuotedText() {
    List<Character> differing = new ArrayList<>();
    for (int c = 0; c <= 0xffff; c++) {
      String alone = String.valueOf((char) c);
      if (c == '"' || c == '\\') {
        continue;
      }
      boolean printable = PrintableText.of(alone).equals(alone);
      boolean quotedAsIs = QuotedText.of(alone).equals("\"" + alone + "\"");
      if (printable != quotedAsIs) {
        differing.add((char) c);
      }
    }
    assertThat(differing).isEmpty();
  }

  @Nested
  @DisplayName("names and paths from the input in results")
  class Cut {
    private static final String LONG = "n".repeat(5_000) + "\n";
    private static final String LONGER_PATH = "p".repeat(10_000);

    @Test
    @DisplayName(
        "the object's kind, namespace and name each cut after 80 characters, its file after 4,096"
            + " (no real path is longer), each with its length")
    void resourceRef() {
      ResourceRef ref = new ResourceRef("v1", LONG, LONG, LONG, LONGER_PATH, 3);

      String described = ref.describe();
      assertThat(described)
          .isEqualTo(
              ("N… (5,001 characters) N… (5,001 characters)/N… (5,001 characters) in ")
                      .replace("N", "n".repeat(80))
                  + "p".repeat(4_096)
                  + "… (10,000 characters) (document 4)");
      Result result = Result.of(Severity.ERROR, "broken", ref, "data.x");
      assertThat(result.toLine()).hasSizeLessThan(4_096 + 600).doesNotContain("\n");
    }
  }
}
