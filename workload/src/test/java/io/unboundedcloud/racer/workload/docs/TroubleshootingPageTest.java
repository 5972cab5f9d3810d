package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/troubleshooting.md starts each entry from a message: the quoted text of its heading ("..."
 * where the message holds a value) is printed by our code, so an entry cannot outlive its message.
 * Entries marked as another program's ({@code *(kustomize)*}, {@code *(Helm)*}, {@code *(the
 * JVM)*}) quote that program and are not looked up.
 */
@Tag("slow")
@DisplayName("docs/troubleshooting.md quotes messages the code prints")
class TroubleshootingPageTest {
  private static final Path ROOT = RepositoryRoot.find();

  /** Where our messages are written: the Java sources, the chart's templates, the scripts. */
  private static final List<String> SOURCES =
      List.of(
          "workload/src/main",
          "krm-function/src/main",
          "chart-gen/src/main",
          "tools",
          "examples/ci");

  static List<String> quoted() throws IOException {
    List<String> quoted = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/troubleshooting.md"))) {
      if (line.startsWith("### \"") && !line.endsWith(")*")) {
        quoted.add(line.substring(5, line.indexOf('"', 5)));
      }
    }
    return quoted;
  }

  @Test
  @DisplayName("has entries, and each of another program names it")
  void entries() throws IOException {
    assertThat(quoted()).hasSizeGreaterThanOrEqualTo(8);
    for (String line : Files.readAllLines(ROOT.resolve("docs/troubleshooting.md"))) {
      if (line.startsWith("### ")) {
        assertThat(line).as("an entry's heading").matches("### \"[^\"]+\"( \\*\\([^)]+\\)\\*)?");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("quoted")
  @DisplayName("each quoted text is in the code, piece by piece around its ...")
  void printedByTheCode(String message) throws IOException {
    for (String piece : message.split("\\.\\.\\.")) {
      if (!piece.isBlank()) {
        assertThat(foundIn(piece)).as("a source that prints '%s'", piece).isTrue();
      }
    }
  }

  private static boolean foundIn(String piece) throws IOException {
    for (String folder : SOURCES) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(folder))) {
        for (Path file :
            files
                .filter(Files::isRegularFile)
                .filter(file -> !file.toString().contains("node_modules"))
                .toList()) {
          if (new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains(piece)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
