package io.unboundedcloud.racer.krm.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every script a person runs under tools/ (an executable file with a {@code #!} line) answers
 * {@code --help} and {@code -h} with its header comment, exit 0, before it checks or runs anything:
 * never as a value ({@code REGISTRY ... got '--help'}).
 */
@DisplayName("The scripts under tools/")
class ScriptHelpTest {
  private static final Path TOOLS = Path.of("..", "tools");

  static List<Path> scripts() throws IOException {
    try (Stream<Path> walk = Files.walk(TOOLS)) {
      return walk.filter(Files::isRegularFile)
          .filter(file -> file.toString().endsWith(".sh"))
          .filter(ScriptHelpTest::hasShebang)
          .sorted()
          .toList();
    }
  }

  private static boolean hasShebang(Path file) {
    try {
      return Files.readString(file).startsWith("#!");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The comment under the #! line, each line without its "# ". */
  private static String header(Path script) throws IOException {
    return Files.readAllLines(script).stream()
            .skip(1)
            .takeWhile(line -> line.startsWith("#"))
            .map(line -> line.replaceFirst("^# ?", ""))
            .collect(Collectors.joining("\n"))
        + "\n";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scripts")
  @DisplayName("--help and -h print the header comment, exit 0, nothing on stderr")
  void help(Path script) throws Exception {
    assertThat(scripts()).hasSizeGreaterThanOrEqualTo(8);
    for (String flag : List.of("--help", "-h")) {
      Process run = new ProcessBuilder("sh", script.toString(), flag, "ignored-after-help").start();
      String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(run.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(run.exitValue()).as(err).isZero();
      assertThat(err).isEmpty();
      assertThat(out).isEqualTo(header(script)).contains("--help (or -h) prints the lines above");
    }
  }
}
