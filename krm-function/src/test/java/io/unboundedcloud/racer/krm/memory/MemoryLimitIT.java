package io.unboundedcloud.racer.krm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image's runtime (target/runtime/bin/racer-krm, its class-data archive required) under a
 * container's memory limit: each run in a memory cgroup of its own (bench/memory-cgroup.sh, cgroup
 * v1 or v2). Needs root; without it, or without a memory cgroup to create, it prints one SKIPPED
 * line.
 */
@DisplayName("The runtime under a container's memory limit")
class MemoryLimitIT {
  private static final Path RUNTIME =
      Path.of("target", "runtime", "bin", "racer-krm").toAbsolutePath();
  private static final Path CGROUP = BenchInput.BENCH.resolve("memory-cgroup.sh");
  private static final Map<String, String> ARCHIVE_REQUIRED =
      Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1");

  /**
   * A limit too small for 50,000 items (over its 46 MiB of heap; 20,000 items, once too many,
   * render within it since function mode holds the items it gives back as text), well above what
   * the JVM itself needs.
   */
  private static final int SMALL_MIB = 96;

  private static final int TOO_MANY_ITEMS = 50_000;
  private static final Pattern HEAP =
      Pattern.compile("needs more than the (\\d+\\.\\d) MiB of Java heap");

  @TempDir static Path temp;
  private static String skip;

  /**
   * One run under a limit: what it printed, the cgroup's peak charge and the kernel's OOM kills.
   */
  record Limited(CommandRun run, long peakBytes, int oomKills) {
    String describe() {
      return run.command()
          + ": exit "
          + run.exit()
          + ", peak "
          + (peakBytes >> 20)
          + " MiB, OOM kills "
          + oomKills
          + "\nstderr:\n"
          + run.stderr();
    }
  }

  @BeforeAll
  static void canRun() {
    if (!Files.isExecutable(RUNTIME)) {
      skip = "target/runtime not assembled (built with -Dracer.runtime.skip?): run mvn package";
    } else {
      CommandRun check = CommandRun.of(temp, Map.of(), List.of("sh", CGROUP.toString(), "check"));
      if (check.exit() != 0) {
        skip = check.stdoutText().strip();
      }
    }
    if (skip != null) {
      System.out.println("SKIPPED: MemoryLimitIT: " + skip);
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  private static Limited limited(int mib, Map<String, String> env, byte[] stdin, String... args) {
    Path report = temp.resolve("report-" + System.nanoTime());
    List<String> command =
        new ArrayList<>(
            List.of(
                "sh",
                CGROUP.toString(),
                "run",
                Integer.toString(mib),
                report.toString(),
                RUNTIME.toString()));
    command.addAll(List.of(args));
    CommandRun run = CommandRun.of(temp, env, stdin, command);
    String[] figures;
    try {
      figures = Files.readString(report).strip().split(" ");
    } catch (IOException e) {
      throw new UncheckedIOException("no report of the run: " + run.stderr(), e);
    }
    Limited limited = new Limited(run, Long.parseLong(figures[0]), Integer.parseInt(figures[1]));
    assertThat(limited.oomKills())
        .as("the kernel's OOM killer ended it (no message, exit 137): %s", limited.describe())
        .isZero();
    return limited;
  }

  private static CommandRun unlimited(byte[] stdin) {
    return CommandRun.of(temp, ARCHIVE_REQUIRED, stdin, List.of(RUNTIME.toString())).succeeded();
  }

  /** The JVM's largest heap under a limit of {@code mib} MiB, from its own flags. */
  private static long maxHeapUnder(int mib) {
    Map<String, String> env =
        Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1", "RACER_KRM_JAVA_OPTS", "-XX:+PrintFlagsFinal");
    Limited version = limited(mib, env, new byte[0], "--version");
    assertThat(version.run().exit()).as(version.describe()).isZero();
    Matcher flag =
        Pattern.compile("(?m)^\\s*size_t MaxHeapSize\\s*=\\s*(\\d+)")
            .matcher(version.run().stderr());
    assertThat(flag.find()).as("MaxHeapSize among the flags: %s", version.run().stderr()).isTrue();
    return Long.parseLong(flag.group(1));
  }

  @Nested
  @DisplayName("the heap")
  class Heap {
    @Test
    @DisplayName("is 75% of a container's limit, with the archive still used")
    void threeQuarters() {
      assertThat(maxHeapUnder(512)).isEqualTo(384L << 20);
    }

    @Test
    @DisplayName(
        "is half of a limit under 250 MiB (the JVM's rule for small containers), leaving the rest of the JVM room")
    void halfOfASmallLimit() {
      assertThat(maxHeapUnder(128)).isEqualTo(64L << 20);
    }
  }

  @Nested
  @DisplayName("renders")
  class Renders {
    @Test
    @DisplayName("5,000 items under a 128 MiB limit, byte for byte as without a limit")
    void fiveThousand() {
      byte[] input = BenchInput.read(BenchInput.generate(5000, temp));
      CommandRun reference = unlimited(input);

      Limited run = limited(128, ARCHIVE_REQUIRED, input);

      assertThat(run.run().exit()).as(run.describe()).isZero();
      run.run().assertSameAs(reference, "5,000 items under 128 MiB");
    }

    @Test
    @DisplayName(
        "50,000 items under the limit docs/performance.md gives for them, byte for byte as without a limit")
    void fiftyThousand() {
      int mib = MemoryTable.limitToSetMib(50_000);
      byte[] small = BenchInput.read(BenchInput.generate(5000, temp));
      byte[] large = BenchInput.read(BenchInput.generate(50_000, temp));

      Limited run = limited(mib, ARCHIVE_REQUIRED, large);

      assertThat(run.run().exit()).as(run.describe()).isZero();
      assertThat(run.run().stderr()).isEmpty();
      // One run of 50,000 items in the suite, not two: what it prints without a limit is known from
      // the 5,000-item run without one. The ConfigMaps come out as they came (the generator writes
      // them in the function's style), and the rest (settings, cache origin, rendered objects) does
      // not depend on how many ConfigMaps there are.
      byte[] expected = unlimitedOutputOf(large, small);
      if (!Arrays.equals(run.run().stdout(), expected)) {
        assertThat(run.run().stdoutText()).isEqualTo(new String(expected, StandardCharsets.UTF_8));
      }
    }

    /**
     * What the runtime prints without a limit for {@code large}: the 5,000-item run without a
     * limit, its ConfigMaps replaced by those of {@code large}. Checks first that the ConfigMaps
     * are there as they came.
     */
    private byte[] unlimitedOutputOf(byte[] large, byte[] small) {
      String smallOutput = unlimited(small).stdoutText();
      String smallConfigMaps = configMaps(new String(small, StandardCharsets.UTF_8));
      int at = smallOutput.indexOf(smallConfigMaps);
      assertThat(at).as("the ConfigMaps come out as they came").isPositive();
      assertThat(smallOutput.indexOf(smallConfigMaps, at + 1)).as("once").isNegative();
      return (smallOutput.substring(0, at)
              + configMaps(new String(large, StandardCharsets.UTF_8))
              + smallOutput.substring(at + smallConfigMaps.length()))
          .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The generated ConfigMaps of an input, as they are written there: from the first to the
     * function config.
     */
    private String configMaps(String input) {
      int start =
          input.indexOf("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: app-config-");
      int end = input.indexOf("\nfunctionConfig:\n");
      assertThat(start).as("the generated ConfigMaps").isPositive();
      assertThat(end).as("the function config comes last").isGreaterThan(start);
      return input.substring(start, end + 1);
    }
  }

  @Nested
  @DisplayName("an input too big for the limit")
  class TooBig {
    @Test
    @DisplayName(
        "50,000 items under 96 MiB: one line with the input's size, the heap and what to change; exit 1;"
            + " no stack trace; the input back with the error")
    void refused() {
      byte[] input = BenchInput.read(BenchInput.generate(TOO_MANY_ITEMS, temp));

      Limited run = limited(SMALL_MIB, ARCHIVE_REQUIRED, input);

      assertThat(run.run().exit()).as(run.describe()).isEqualTo(1);
      String stderr = run.run().stderr();
      assertThat(stderr)
          .as(run.describe())
          .startsWith(
              "error: out of memory: the input (12.6 MiB, 50,000 items) needs more than the ")
          .contains("raise the memory limit of its container", "RACER_KRM_JAVA_OPTS=-Xmx<size>")
          .doesNotContain("\tat ", "internal error", "Exception");
      assertThat(stderr.lines().count()).as("one line").isEqualTo(1);
      Matcher heap = HEAP.matcher(stderr);
      assertThat(heap.find()).isTrue();
      assertThat(Double.parseDouble(heap.group(1)))
          .as("the heap of a 96 MiB limit: half of it, a little less")
          .isBetween(SMALL_MIB * 0.45, SMALL_MIB * 0.5);

      assertThat(Arrays.copyOf(run.run().stdout(), input.length))
          .as("the input, as it came")
          .isEqualTo(input);
      ResourceList output =
          YamlReader.readResourceList(new ByteArrayInputStream(run.run().stdout()));
      assertThat(output.items()).hasSize(TOO_MANY_ITEMS);
      assertThat(output.results()).hasSize(1);
    }
  }
}
