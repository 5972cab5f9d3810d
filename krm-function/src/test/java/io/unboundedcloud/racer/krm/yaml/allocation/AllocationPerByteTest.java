package io.unboundedcloud.racer.krm.yaml.allocation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * No rise in the reader's and the writer's work goes unseen: the bytes they allocate per input
 * byte, counted exactly ({@link AllocationCount}, in a JVM of its own with C1 only), stay within
 * 10% of the committed baseline ({@code allocation/baseline.properties}). A change that lowers a
 * figure by more than 10% fails too, asking for the lower baseline in the same commit, so that the
 * next rise is measured from the gain. Times stay in the benchmarks ({@code bench/reader.sh}).
 */
@DisplayName("The bytes allocated per input byte by reading and writing a ResourceList")
class AllocationPerByteTest {
  static final double TOLERANCE = 1.10;

  private static List<long[]> rounds;
  private static Properties baseline;

  @BeforeAll
  static void count() throws Exception {
    rounds = run();
    baseline = new Properties();
    try (InputStream in =
        AllocationPerByteTest.class.getResourceAsStream("/allocation/baseline.properties")) {
      baseline.load(in);
    }
  }

  @Nested
  @DisplayName("are counted exactly")
  class Exact {
    @Test
    @DisplayName("every measured round allocates the same bytes, to the byte")
    void roundsAgree() {
      assertEquals(AllocationCount.ROUNDS, rounds.size(), "rounds printed");
      for (long[] round : rounds) {
        assertEquals(rounds.get(0)[0], round[0], "bytes allocated by reading, round to round");
        assertEquals(rounds.get(0)[1], round[1], "bytes allocated by writing, round to round");
      }
    }
  }

  @Nested
  @DisplayName("stay within 10% of the committed baseline")
  class AgainstBaseline {
    @Test
    @DisplayName("reading")
    void reading() {
      holds("read", perInputByte(0));
    }

    @Test
    @DisplayName("writing")
    void writing() {
      holds("write", perInputByte(1));
    }
  }

  /** The bytes allocated per input byte, by reading (0) or by writing (1), in the first round. */
  private static double perInputByte(int stage) {
    long[] first = rounds.get(0);
    return (double) first[stage] / first[2];
  }

  private static void holds(String stage, double measured) {
    double committed = Double.parseDouble(baseline.getProperty(stage + ".bytesPerInputByte"));
    String figures =
        String.format(
            Locale.ROOT,
            "%s allocates %.3f bytes per input byte; the baseline is %.3f (ratio %.3f)",
            stage,
            measured,
            committed,
            measured / committed);
    assertTrue(
        measured <= committed * TOLERANCE,
        figures
            + ": more than 10% above it. Find what allocates more (a profiler's allocation view, or"
            + " AllocationCount under JFR) and remove it, or, when the rise buys something worth it,"
            + " raise the baseline in the commit that says what and why.");
    assertTrue(
        measured >= committed / TOLERANCE,
        figures
            + ": more than 10% below it. Lower "
            + stage
            + ".bytesPerInputByte in allocation/baseline.properties to "
            + String.format(Locale.ROOT, "%.3f", measured)
            + " in this commit, so that the next rise counts from the gain, and give the ratio in"
            + " the commit's note.");
  }

  /** Runs {@link AllocationCount} in a JVM of its own, C1 only, and reads its rounds. */
  private static List<long[]> run() throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process =
        new ProcessBuilder(
                java.toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx512m",
                "-Xshare:auto",
                "-cp",
                System.getProperty("java.class.path"),
                AllocationCount.class.getName())
            .redirectErrorStream(true)
            .start();
    String output;
    try (InputStream in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("AllocationCount did not finish in 5 minutes:\n" + output);
    }
    assertEquals(0, process.exitValue(), () -> "AllocationCount failed:\n" + output);
    List<long[]> parsed = new ArrayList<>();
    for (String line : output.lines().toList()) {
      String[] words = line.split(" ");
      if (words.length == 8 && words[0].equals("round")) {
        parsed.add(
            new long[] {
              Long.parseLong(words[3]), Long.parseLong(words[5]), Long.parseLong(words[7])
            });
      }
    }
    if (parsed.isEmpty()) {
      throw new UncheckedIOException(
          new IOException("AllocationCount printed no rounds:\n" + output));
    }
    return parsed;
  }
}
