package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every line racer-krm prints on stderr is one line, whatever names and paths it holds: a file
 * named with line breaks cannot print a verdict or a {@code file:line:col} line of its own (issue
 * 41).
 */
@DisplayName("stderr: a name or path from the input never prints a line of its own")
class MessageStreamTest {
  /** The file name of issue 41: a line break, a forged verdict, a forged location. */
  private static final String FORGED_FILE = "x\nverdict: no rollout\nok.yaml";

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"render", "verify", "diff"})
  @DisplayName(
      "a file named with line breaks, unreadable: one error line, the name escaped, no forged line")
  void forgedFileName(String mode, @TempDir Path dir) throws IOException {
    Path folder = Files.createDirectory(dir.resolve("app"));
    Files.writeString(folder.resolve(FORGED_FILE), "kind: ConfigMap\nmetadata: [\n");
    List<String> args =
        mode.equals("diff")
            ? List.of(mode, folder.toString(), folder.toString())
            : List.of(mode, folder.toString());

    KrmRun run = KrmRun.command(args.toArray(String[]::new));

    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    assertThat(run.stderrLines())
        .as(run.describe())
        .isNotEmpty()
        .allMatch(line -> line.matches("(error|warning|info): .*"))
        .noneMatch(line -> line.startsWith("verdict") || line.startsWith("ok.yaml"));
    assertThat(run.stderr()).contains("x\\nverdict: no rollout\\nok.yaml");
  }

  @Test
  @DisplayName("each way of printing escapes: print, println, printf, a stack trace")
  void everyPrint() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stderr = MessageStream.of(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    stderr.print("a\nb");
    stderr.println();
    stderr.println("c\rd");
    stderr.println((Object) "e\u001bf");
    stderr.printf("%s%n", "g\u2028h");
    stderr.println(new char[] {'i', '\n', 'j'});
    new IllegalStateException("k\nl").printStackTrace(stderr);

    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.subList(0, 6))
        .containsExactly(
            "a\\nb",
            "c\\rd",
            "e\\u001bf",
            "g\\u2028h",
            "i\\nj",
            "java.lang.IllegalStateException: k\\nl");
    assertThat(lines.subList(6, lines.size()))
        .isNotEmpty()
        .allMatch(line -> line.startsWith("\\tat "));
    assertThat(MessageStream.of(stderr)).isSameAs(stderr);
  }

  @Test
  @DisplayName(
      "--stack's trace, a developer's view, as the JVM prints it (the error line before it escaped)")
  void stackTrace() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stderr = MessageStream.of(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    new Report(stderr, true).line("bad\nname", new IllegalStateException("bug"));

    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).isEqualTo("error: bad\\nname");
    assertThat(lines.get(1)).isEqualTo("java.lang.IllegalStateException: bug");
    assertThat(lines.subList(2, lines.size()))
        .isNotEmpty()
        .allMatch(line -> line.startsWith("\tat "));
  }
}
