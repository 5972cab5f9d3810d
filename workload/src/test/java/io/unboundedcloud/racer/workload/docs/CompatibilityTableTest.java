package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/compatibility.md lists a version only where CI runs it: each row's pin is found in the file
 * it names (or, for a tool of the machine, in what that tool says of its version), and every test
 * it names exists.
 */
@Tag("slow")
@DisplayName("docs/compatibility.md names only what CI runs")
class CompatibilityTableTest {
  private static final Path ROOT = RepositoryRoot.find();
  private static final String MACHINE = "machine:";

  /** One row: component, supported, how, pin, pinned in, tests. */
  record Row(String component, String supported, String pin, String pinnedIn, List<String> tests) {
    @Override
    public String toString() {
      return component + " " + supported;
    }
  }

  static List<Row> rows() throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/compatibility.md"))) {
      if (!line.startsWith("| ") || line.startsWith("| component ")) {
        continue;
      }
      String[] cells = line.substring(1, line.length() - 1).split(" \\| ", -1);
      assertThat(cells).as("cells of %s", line).hasSize(6);
      List<String> tests =
          Stream.of(cells[5].split(","))
              .map(test -> test.strip().replace("`", ""))
              .filter(test -> !test.isEmpty())
              .toList();
      rows.add(
          new Row(cells[0].strip(), cells[1].strip(), unquote(cells[3]), unquote(cells[4]), tests));
    }
    return rows;
  }

  @Test
  @DisplayName("holds the rows every supported tool needs")
  void everyTool() throws IOException {
    assertThat(rows().stream().map(Row::component))
        .contains("Kubernetes", "Helm 3", "Helm 4", "kustomize", "kpt", "Argo CD", "Flux");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  @DisplayName("each row's pin is where it says, and each test it names exists")
  void pinned(Row row) throws IOException, InterruptedException {
    assertThat(row.tests()).as("tests of %s", row).isNotEmpty();
    for (String test : row.tests()) {
      assertThat(sourceOf(test)).as("the test %s that %s names", test, row).isPresent();
    }
    if (row.pin().startsWith(MACHINE)) {
      String[] parts = row.pin().substring(MACHINE.length()).split(":", 2);
      Optional<String> said = versionOf(parts[0]);
      if (said.isEmpty()) {
        System.out.println(
            "SKIPPED: CompatibilityTableTest " + row + ": " + parts[0] + " is not on this machine");
      }
      assumeTrue(said.isPresent(), parts[0] + " missing");
      assertThat(said.get())
          .as("what this machine's %s says of its version", parts[0])
          .contains(parts[1]);
    } else {
      assertThat(Files.readString(ROOT.resolve(row.pinnedIn())))
          .as("%s, which pins %s", row.pinnedIn(), row)
          .contains(row.pin());
    }
  }

  private static String unquote(String cell) {
    String text = cell.strip();
    return text.startsWith("`") && text.endsWith("`") ? text.substring(1, text.length() - 1) : text;
  }

  /** The test's source in a module's test tree, if there is one. */
  private static Optional<Path> sourceOf(String testClass) throws IOException {
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path tests : modules.map(module -> module.resolve("src/test/java")).toList()) {
        if (Files.isDirectory(tests)) {
          try (Stream<Path> files = Files.walk(tests)) {
            Optional<Path> source =
                files
                    .filter(file -> file.getFileName().toString().equals(testClass + ".java"))
                    .findFirst();
            if (source.isPresent()) {
              return source;
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> versionOf(String tool) throws IOException, InterruptedException {
    List<String> command =
        "kubectl".equals(tool) ? List.of(tool, "version", "--client") : List.of(tool, "version");
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException notInstalled) {
      return Optional.empty();
    }
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new AssertionError(command + " failed: " + said);
    }
    return Optional.of(said);
  }
}
