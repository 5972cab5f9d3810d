package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("Text from the input, as messages quote it")
class QuotedTextTest {
  @Nested
  @DisplayName("quoted")
  class Quoted {
    @Test
    @DisplayName("short text whole, in double quotes")
    void whole() {
      assertThat(QuotedText.of("pool=models")).isEqualTo("\"pool=models\"");
      assertThat(QuotedText.of("")).isEqualTo("\"\"");
    }

    @Test
    @DisplayName("quotes, backslashes, line breaks and controls escaped: always one line")
    void escaped() {
      assertThat(QuotedText.of("a\"b\\c\nd\te\rf\u0007"))
          .isEqualTo("\"a\\\"b\\\\c\\nd\\te\\rf\\u0007\"");
    }

    @Test
    @DisplayName("exactly 80 characters whole; 81 cut after 80, with the length")
    void boundary() {
      assertThat(QuotedText.of("a".repeat(80))).isEqualTo("\"" + "a".repeat(80) + "\"");
      assertThat(QuotedText.of("a".repeat(81)))
          .isEqualTo("\"" + "a".repeat(80) + "…\" (81 characters)");
    }

    @ParameterizedTest(name = "{0} characters")
    @ValueSource(ints = {81, 1_000, 1 << 20, 1 << 24})
    @DisplayName("a long text, however long: one short line naming its whole length")
    void longText(int length) {
      String quoted = QuotedText.of("x".repeat(length));
      assertThat(quoted)
          .startsWith("\"" + "x".repeat(80) + "…\" (")
          .endsWith(String.format(java.util.Locale.ROOT, "(%,d characters)", length))
          .hasSizeLessThan(110)
          .doesNotContain("\n");
    }

    @Test
    @DisplayName("never cuts a character in half")
    void surrogates() {
      String text = "a".repeat(79) + "\uD83D\uDE00" + "b".repeat(10); // an emoji at 80 and 81
      assertThat(QuotedText.of(text)).isEqualTo("\"" + "a".repeat(79) + "…\" (91 characters)");
    }
  }

  @Nested
  @DisplayName("cut, for a message that sets the text apart itself")
  class Cut {
    @Test
    @DisplayName("short text as it is; long text cut after 80, with the length")
    void cut() {
      assertThat(QuotedText.cut("pool")).isEqualTo("pool");
      assertThat(QuotedText.cut("y".repeat(1 << 20)))
          .isEqualTo("y".repeat(80) + "… (1,048,576 characters)");
    }
  }

  @Nested
  @DisplayName("unprintable: what would break the line or reorder the text around it")
  class Unprintable {
    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"061C", "200E", "200F", "202A", "202E", "2066", "2069", "2028", "2029"})
    @DisplayName("the bidirectional formatting characters (each range's ends) and the separators")
    void bidiAndSeparators(String hex) {
      char c = (char) Integer.parseInt(hex, 16);
      assertThat(QuotedText.isUnprintable("a" + c, 1)).isTrue();
      assertThat(QuotedText.of("a" + c + "b"))
          .isEqualTo("\"a\\u" + hex.toLowerCase(java.util.Locale.ROOT) + "b\"");
    }

    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"200D", "2027", "2065", "206A", "202F", "00E9"})
    @DisplayName("the characters beside those ranges are printed as they are")
    void besideTheRanges(String hex) {
      char c = (char) Integer.parseInt(hex, 16);
      assertThat(QuotedText.isUnprintable("a" + c, 1)).isFalse();
      assertThat(QuotedText.of("a" + c)).isEqualTo("\"a" + c + "\"");
    }

    @Test
    @DisplayName(
        "a surrogate pair is printed; half of one, at either end or beside another half, not")
    void surrogates() {
      String pair = "\uD83D\uDE00";
      assertThat(QuotedText.isUnprintable(pair, 0)).isFalse();
      assertThat(QuotedText.isUnprintable(pair, 1)).isFalse();
      assertThat(QuotedText.isUnprintable("\uD83D", 0)).as("high, last").isTrue();
      assertThat(QuotedText.isUnprintable("\uD83Dx", 0)).as("high, then no low").isTrue();
      assertThat(QuotedText.isUnprintable("\uD83D\uD83D", 0)).as("high, then high").isTrue();
      assertThat(QuotedText.isUnprintable("\uDE00", 0)).as("low, first").isTrue();
      assertThat(QuotedText.isUnprintable("x\uDE00", 1)).as("low after no high").isTrue();
      assertThat(QuotedText.isUnprintable("\uDE00\uDE00", 1)).as("low after low").isTrue();
      assertThat(QuotedText.of("a\uDE00" + pair)).isEqualTo("\"a\\ude00" + pair + "\"");
    }

    @Test
    @DisplayName("80 characters ending in a lone high surrogate: whole, the half escaped")
    void loneHalfAtTheLimit() {
      assertThat(QuotedText.of("a".repeat(79) + "\uD83D"))
          .isEqualTo("\"" + "a".repeat(79) + "\\ud83d\"");
    }
  }

  @Nested
  @DisplayName("a file's path")
  class Path {
    @Test
    @DisplayName("4,096 characters (PATH_MAX) as it is; 4,097 cut after 4,096, with the length")
    void pathMax() {
      assertThat(QuotedText.cutPath("p".repeat(4096))).isEqualTo("p".repeat(4096));
      assertThat(QuotedText.cutPath("p".repeat(4097)))
          .isEqualTo("p".repeat(4096) + "… (4,097 characters)");
    }
  }

  @Test
  @DisplayName("settings messages quote values through it")
  void settingsQuote() {
    assertThat(SettingsValidation.quote("v".repeat(500))).isEqualTo(QuotedText.of("v".repeat(500)));
  }
}
