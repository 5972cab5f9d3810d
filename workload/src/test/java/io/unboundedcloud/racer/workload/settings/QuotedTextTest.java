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

  @Test
  @DisplayName("settings messages quote values through it")
  void settingsQuote() {
    assertThat(SettingsValidation.quote("v".repeat(500))).isEqualTo(QuotedText.of("v".repeat(500)));
  }
}
