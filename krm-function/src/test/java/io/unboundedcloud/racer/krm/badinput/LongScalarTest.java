package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One very long value (a base64 blob, a JSON document on one line) costs memory in proportion to
 * its length, whatever its style. snakeyaml's own reader copied the unread part of a long run of
 * characters again for every 1,024 characters it read: 5.6 s and 560 MiB of churn for 4 MiB, over a
 * minute for 20 MiB. The bound is judged by the bytes the run allocates (not by time, which depends
 * on the machine): reading, rendering and writing a 20 MiB value allocates about 560 MB here (27
 * bytes per character), where snakeyaml's reader alone would have allocated some 800 GB. How long
 * it takes is measured by bench/long-scalar.sh.
 */
@Tag("slow")
@DisplayName("A 20 MiB value is read and written back in memory linear in its length")
class LongScalarTest {
  private static final int LENGTH = 20 << 20;

  /**
   * Linear, with room to spare: 64 bytes per character of the value (1.3 GB); quadratic is 600
   * times more.
   */
  private static final long MEMORY_BOUND = 64L * LENGTH;

  /** A hang guard only: minutes on a loaded 2-core machine for what takes a few seconds. */
  private static final Duration GUARD = Duration.ofMinutes(5);

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      plain                     | ''   | ''
      double-quoted             | '"'  | '"'
      single-quoted             | ''''   | ''''
      literal block, one line   | '|-\n      ' | ''
      """)
  @DisplayName(
      "in a bystander ConfigMap: rendered, the value kept byte for byte, bounded allocation")
  void keptInLinearMemory(String style, String open, String close) {
    String value = "QUJD".repeat(LENGTH / 4);
    String input =
        ResourceLists.resourceList(
            List.of(
                ResourceLists.settingsEntry(ResourceLists.NAMESPACE, java.util.Map.of()),
                "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: blob\n    namespace: apps\n  data:\n    blob: "
                    + open.replace("\\n", "\n")
                    + value
                    + close
                    + "\n"),
            ResourceLists.FUNCTION_CONFIG);

    KrmRun run = KrmRun.run(input.getBytes(StandardCharsets.UTF_8), GUARD);

    assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.stderr()).isZero();
    assertThat(run.stdout().indexOf(value)).as("the value, whole, in the output").isPositive();
    if (run.allocatedBytes() >= 0) {
      assertThat(run.allocatedBytes()).as("bytes allocated by the run").isLessThan(MEMORY_BOUND);
    }
  }
}
