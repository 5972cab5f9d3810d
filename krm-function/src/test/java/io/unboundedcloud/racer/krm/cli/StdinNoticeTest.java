package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The notice before stdin is read from a terminal, the terminal given to the run (the launcher's
 * own check on a pseudo-terminal: StdinTerminalIT).
 */
@DisplayName("Reading stdin from a terminal")
class StdinNoticeTest {
  private static String stderr(boolean terminal, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Command.run(
        Command.MODES,
        args,
        new ByteArrayInputStream(new byte[0]),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of(),
        terminal);
    return err.toString(StandardCharsets.UTF_8);
  }

  private static final String VERIFY =
      "verify: reading manifests from standard input (Ctrl-D to end; give a file or folder to read"
          + " instead)\n";

  @Test
  @DisplayName("verify with no path, or -, says so first on stderr, once")
  void verify() {
    assertThat(stderr(true, "verify")).startsWith(VERIFY);
    assertThat(stderr(true, "verify", "-")).startsWith(VERIFY);
    assertThat(stderr(true, "verify", "-", "-").split("reading", -1)).hasSize(2);
  }

  @Test
  @DisplayName("each mode that reads stdin names itself: adopt, diff, announce, the function")
  void everyMode() {
    assertThat(stderr(true, "adopt", "-")).startsWith("adopt: reading manifests");
    assertThat(stderr(true, "diff", "-", "../examples/quickstart"))
        .startsWith("diff: reading manifests");
    assertThat(stderr(true, "announce", "-")).startsWith("announce: reading manifests");
    assertThat(stderr(true))
        .startsWith(
            "racer-krm: reading a KRM ResourceList from standard input (Ctrl-D to end; racer-krm"
                + " --help lists the commands that read files)\n");
  }

  @Test
  @DisplayName("nothing when stdin is not a terminal, or when the mode reads only files")
  void silent() {
    assertThat(stderr(false, "verify")).doesNotContain("reading");
    assertThat(stderr(false)).doesNotContain("reading");
    assertThat(stderr(true, "verify", "../examples/quickstart")).doesNotContain("reading");
    assertThat(stderr(true, "render", "../examples/quickstart")).doesNotContain("reading");
  }
}
