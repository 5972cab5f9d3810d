package io.unboundedcloud.racer.krm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Running out of heap, on the packaged launcher with a heap far too small for the input
 * (RACER_KRM_JAVA_OPTS -Xmx): the same code path as a container's limit, without needing root.
 * MemoryLimitIT runs the image's runtime under real memory limits.
 */
@DisplayName("Out of memory is an input error")
class OutOfMemoryIT {
  private static final Path LAUNCHER = Path.of("target", "racer-krm").toAbsolutePath();

  /** A heap the 5,000-item input needs three times over: the run fails within a second or two. */
  private static final String SMALL_HEAP = "-Xms4m -Xmx6m";

  private static final Pattern LINE =
      Pattern.compile(
          "error: out of memory: the input \\(1\\.3 MiB, 5,000 items\\) needs"
              + " more than the \\d+\\.\\d MiB of Java heap this run had\\. Give racer-krm more memory: raise the memory limit of"
              + " its container \\(the JVM sizes its heap from it\\), or set RACER_KRM_JAVA_OPTS=-Xmx<size> within the memory"
              + " there is, for example -Xmx64m \\(twice this heap\\)\n");
  private static final String STACK_FRAME = "\tat ";

  @TempDir static Path temp;
  private static Path input;
  private static byte[] bytes;

  @BeforeAll
  static void inputs() {
    boolean built = Files.isExecutable(LAUNCHER);
    if (!built) {
      System.out.println(
          "SKIPPED: OutOfMemoryIT: " + LAUNCHER + " not found: run the tests after package");
    }
    Assumptions.assumeTrue(built, "needs target/racer-krm");
    input = BenchInput.generate(5000, temp);
    bytes = BenchInput.read(input);
  }

  private static CommandRun run(String heap, byte[] stdin, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of(LAUNCHER.toString()));
    command.addAll(List.of(args));
    return CommandRun.of(temp, Map.of("RACER_KRM_JAVA_OPTS", heap), stdin, command);
  }

  private static ResourceList read(byte[] text) {
    return YamlReader.readResourceList(new ByteArrayInputStream(text));
  }

  @Nested
  @DisplayName("in function mode")
  class FunctionMode {
    @Test
    @DisplayName(
        "one line with the input's size, the heap and what to change; exit 1; no stack trace")
    void message() {
      CommandRun run = run(SMALL_HEAP, bytes);

      assertThat(run.exit()).as("exit code; stderr: %s", run.stderr()).isEqualTo(1);
      assertThat(run.stderr())
          .matches(LINE)
          .doesNotContain(STACK_FRAME)
          .doesNotContain("internal error");
    }

    @Test
    @DisplayName(
        "the input goes back out byte for byte, with the same line as its error result appended")
    void inputWrittenBack() {
      CommandRun run = run(SMALL_HEAP, bytes);

      assertThat(Arrays.copyOf(run.stdout(), bytes.length))
          .as("stdout starts with the input")
          .isEqualTo(bytes);
      ResourceList output = read(run.stdout());
      assertThat(WrittenResourceList.itemsOf(output))
          .isEqualTo(WrittenResourceList.itemsOf(read(bytes)));
      assertThat(output.results()).hasSize(1);
      Map<String, Object> result = Nodes.toPlainMap(output.results().get(0));
      assertThat(result).containsEntry("severity", "error");
      assertThat("error: " + result.get("message") + "\n").isEqualTo(run.stderr());
    }

    @Test
    @DisplayName("with --stack: the same line, then where the heap ran out")
    void stack() {
      CommandRun run = run(SMALL_HEAP, bytes, "--stack");

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr())
          .startsWith(run(SMALL_HEAP, bytes).stderr())
          .contains("java.lang.OutOfMemoryError", STACK_FRAME);
    }

    @Test
    @DisplayName(
        "an input whose text cannot take a results list (no line break at its end) goes back exactly as it came")
    void notAppendable() {
      byte[] unterminated = Arrays.copyOf(bytes, bytes.length - 1);
      assertThat(bytes[bytes.length - 1]).isEqualTo((byte) '\n');

      CommandRun run = run(SMALL_HEAP, unterminated);

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr()).matches(LINE);
      assertThat(run.stdout()).isEqualTo(unterminated);
    }

    @Test
    @DisplayName(
        "an input that is also broken YAML: nothing on stdout, the memory line and the YAML error with its line")
    void brokenYaml() {
      String broken = new String(bytes, StandardCharsets.UTF_8) + "results: [\n";

      CommandRun run = run(SMALL_HEAP, broken.getBytes(StandardCharsets.UTF_8));

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      List<String> lines = run.stderr().lines().toList();
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0))
          .startsWith("error: out of memory: the input (1.3 MiB) needs more than");
      assertThat(lines.get(1))
          .startsWith(
              "error: input is not a ResourceList: stdin:" + (broken.lines().count() + 1) + ":");
    }

    @Test
    @DisplayName(
        "an input larger than the whole heap, which runs out while it is read: nothing on stdout, what was read")
    void largerThanTheHeap() {
      StringBuilder text = new StringBuilder("kind: ResourceList\nitems:\n");
      String item = "- kind: ConfigMap\n  data:\n    payload: " + "x".repeat(1000) + "\n";
      while (text.length() < 24 << 20) {
        text.append(item);
      }

      CommandRun run = run(SMALL_HEAP, text.toString().getBytes(StandardCharsets.UTF_8));

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .matches(
              "error: out of memory: the input \\(at least \\d+\\.\\d MiB read from stdin\\) needs more than .*\n")
          .doesNotContain(STACK_FRAME);
    }

    /**
     * On this machine's Java 17, the heap ran out while reading at 8 MiB and while writing at 15
     * and 16 MiB.
     */
    @ParameterizedTest(name = "-Xmx{0}m")
    @ValueSource(ints = {8, 16})
    @DisplayName(
        "whatever step the heap runs out in, stdout is the whole output or the input with the error, never a part")
    void neverAPart(int heap) {
      CommandRun run = run("-Xms4m -Xmx" + heap + "m", bytes);

      if (run.exit() == 0) {
        assertThat(read(run.stdout()).items()).hasSize(5002);
      } else {
        assertThat(run.stderr()).startsWith("error: out of memory: ");
        assertThat(Arrays.copyOf(run.stdout(), bytes.length)).isEqualTo(bytes);
        assertThat(read(run.stdout()).results()).hasSize(1);
      }
    }
  }

  @Nested
  @DisplayName("in render mode")
  class RenderMode {
    @Test
    @DisplayName(
        "one line with the files' size, the heap and what to change; exit 1; nothing on stdout")
    void message() throws IOException {
      Path folder = Files.createDirectories(temp.resolve("app"));
      Files.copy(input, folder.resolve("items.yaml"));

      CommandRun run = run(SMALL_HEAP, new byte[0], "render", folder.toString());

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .matches(
              "error: out of memory: the input \\(1 file, 1\\.3 MiB\\) needs more than the \\d+\\.\\d MiB of Java"
                  + " heap this run had\\. .* RACER_KRM_JAVA_OPTS=-Xmx<size> .*\n")
          .doesNotContain(STACK_FRAME);
    }
  }

  @Nested
  @DisplayName("in adopt")
  class AdoptMode {
    @Test
    @DisplayName("the same line, exit 1, nothing on stdout, no stack trace")
    void message() throws IOException {
      Path dump = temp.resolve("live.yaml");
      if (!Files.exists(dump)) {
        Files.copy(input, dump);
      }

      CommandRun run = run(SMALL_HEAP, new byte[0], "adopt", dump.toString());

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .matches(
              "error: out of memory: the input needs more than the \\d+\\.\\d MiB of Java heap this run had\\."
                  + " .* RACER_KRM_JAVA_OPTS=-Xmx<size> .*\n")
          .doesNotContain(STACK_FRAME);
    }
  }
}
