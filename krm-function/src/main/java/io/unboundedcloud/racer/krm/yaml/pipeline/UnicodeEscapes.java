package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.Locale;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.scanner.ScannerException;
import org.yaml.snakeyaml.tokens.ScalarToken;

/**
 * Refuses a double-quoted scalar whose backslash-u escapes leave half of a UTF-16 surrogate pair: a
 * lone high or low surrogate, or a pair written the wrong way round. Such an escape stands for no
 * Unicode character, so nothing that reads it can keep it: snakeyaml would hand the half on, and
 * kyaml refuses it ("found invalid Unicode character escape code"). A high and a low surrogate
 * written as two escapes in that order make one character (as JSON writes them), which is read and
 * written back as that character.
 *
 * <p>Only double-quoted scalars can hold an escape; UTF-8 cannot encode a surrogate, so a lone one
 * reaches a scalar through an escape alone. Keys are scalars too: this sees every scalar token the
 * scanner gives, in block and flow context.
 */
final class UnicodeEscapes {
  private UnicodeEscapes() {}

  /**
   * @throws ScannerException naming the first escape that leaves half a pair, and the scalar's
   *     start, when {@code token} is a double-quoted scalar that holds one
   */
  static void check(ScalarToken token) {
    if (token.getStyle() != DumperOptions.ScalarStyle.DOUBLE_QUOTED) {
      return;
    }
    String value = token.getValue();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!Character.isSurrogate(c)) {
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
        continue;
      }
      throw new ScannerException(
          "while scanning a double-quoted scalar",
          token.getStartMark(),
          "found invalid Unicode character escape code \\u"
              + String.format(Locale.ROOT, "%04X", (int) c)
              + ", half of a surrogate pair with no "
              + (Character.isHighSurrogate(c) ? "low half after it" : "high half before it")
              + ", which stands for no character. Write the character itself, or its code point"
              + " as one escape (\\U0001F600), or a high surrogate escape followed by a low one",
          token.getStartMark());
    }
  }
}
