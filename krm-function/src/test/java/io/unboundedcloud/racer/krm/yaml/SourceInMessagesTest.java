package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The source a message names (a file's path, which the input chooses): cut like any input text. */
@DisplayName("The file a YAML error names")
class SourceInMessagesTest {

  private static final String PATH = "deploy/" + "p".repeat(10_000) + ".yaml";

  /** What a message shows of {@link #PATH}: Linux's PATH_MAX of it, then its length. */
  private static final String SHOWN = PATH.substring(0, 4_096) + "… (10,012 characters)";

  private static YamlInputException refusal(String text) {
    return refusal(text.getBytes(StandardCharsets.UTF_8));
  }

  private static YamlInputException refusal(byte[] bytes) {
    return catchThrowableOfType(
        () -> YamlReader.readManifests(new ByteArrayInputStream(bytes), PATH, YamlLimits.DEFAULT),
        YamlInputException.class);
  }

  @Test
  @DisplayName(
      "with a line: cut after 4,096 characters (no real path is longer), with its length, then line"
          + " and column")
  void withLine() {
    YamlInputException refused = refusal("kind: A\na: 1\na: 2\n");

    assertThat(refused.getMessage())
        .startsWith(SHOWN + ":3:1: duplicate key 'a' in one")
        .hasSizeLessThan(4_096 + 400);
    assertThat(refused.getMessage()).startsWith(refused.location());
    assertThat(refused.location()).endsWith(":3:1: ");
    assertThat(refused.source()).isEqualTo(PATH);
  }

  @Test
  @DisplayName("without a line (bytes that are not UTF-8): cut the same way")
  void withoutLine() {
    YamlInputException refused = refusal(new byte[] {'a', ':', ' ', (byte) 0xff, '\n'});

    assertThat(refused.getMessage()).startsWith(SHOWN + ": ").hasSizeLessThan(4_096 + 400);
  }
}
