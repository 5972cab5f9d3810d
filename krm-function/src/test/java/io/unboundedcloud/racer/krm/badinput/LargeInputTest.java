package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Input size on both sides of {@link YamlLimits#DEFAULT}'s {@code maxInputBytes} (128 MiB): a 50 MB
 * ResourceList is processed with every item, an input one byte over the limit is refused with a
 * message that names the limit and says to split the input. Correctness only: nothing here asserts
 * speed.
 */
@Tag("slow")
@DisplayName("Input size")
class LargeInputTest {
  /**
   * Hang guard for inputs of 50 MB and more on a loaded 2-core machine; a run takes well under a
   * minute.
   */
  private static final Duration LARGE_GUARD = Duration.ofMinutes(10);

  private static final String HEADER =
      "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n";
  private static final String SETTINGS =
      ResourceLists.settingsEntry("racer", Map.of("RACER_NVIDIA", "off"));
  private static final int ITEM_BYTES = 1250;

  /** ConfigMap number {@code i}, {@link #ITEM_BYTES} long, in the form the function writes. */
  static String configMap(int i) {
    String head =
        String.format(
            "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-%06d\n"
                + "    namespace: apps\n  data:\n    payload: ",
            i);
    return head + "x".repeat(ITEM_BYTES - head.length() - 1) + "\n";
  }

  @Nested
  @DisplayName("a 50 MB ResourceList of 40,000 ConfigMaps, settings and function config")
  class FiftyMegabytes {
    @Test
    @DisplayName(
        "is processed: every item written back unchanged, in order, then the two rendered objects")
    void processed() {
      int count = 40_000;
      StringBuilder text =
          new StringBuilder(HEADER.length() + count * ITEM_BYTES + 1000).append(HEADER);
      text.append(SETTINGS);
      for (int i = 0; i < count; i++) {
        text.append(configMap(i));
      }
      String items = text.toString();
      String input = items + ResourceLists.FUNCTION_CONFIG;
      byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
      assertThat(bytes.length).isGreaterThan(50_000_000);

      KrmRun run = KrmRun.run(bytes, LARGE_GUARD);

      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr()).isEmpty();
      assertThat(run.stdout()).as("the items as they came, byte for byte").startsWith(items);
      ResourceList output =
          YamlReader.readResourceList(
              new ByteArrayInputStream(run.stdout().getBytes(StandardCharsets.UTF_8)),
              "stdout",
              YamlLimits.DEFAULT);
      assertThat(output.items()).hasSize(count + 3);
      assertThat(Nodes.getText(output.items().get(count), "metadata", "name"))
          .isEqualTo("cm-039999");
      assertThat(
              output.items().subList(count + 1, count + 3).stream()
                  .map(item -> Nodes.getText(item, "kind")))
          .containsExactly("ServiceAccount", "DaemonSet");
    }
  }

  @Nested
  @DisplayName("over the limit")
  class OverTheLimit {
    @Test
    @DisplayName(
        "one byte over 128 MiB of valid ConfigMaps is refused: the limit named, split the input")
    void oneByteOver() {
      long limit = YamlLimits.DEFAULT.maxInputBytes();
      assertThat(limit).isEqualTo(128L << 20);
      KrmRun run = KrmRun.run(new GeneratedResourceList(limit + 1), LARGE_GUARD);
      Map<String, Object> error = Verdict.assertUnreadable(run);
      assertThat((String) error.get("message"))
          .contains("stdin: ", "larger than 128 MiB", "refused", "Split it into smaller inputs");
    }
  }

  @Nested
  @DisplayName("at the limit, with a small limit to show the exact boundary")
  class Boundary {
    private final byte[] input =
        (HEADER + SETTINGS + configMap(0) + configMap(1) + ResourceLists.FUNCTION_CONFIG)
            .getBytes(StandardCharsets.UTF_8);

    private static YamlLimits limit(long bytes) {
      YamlLimits defaults = YamlLimits.DEFAULT;
      return new YamlLimits(bytes, defaults.maxNestingDepth(), defaults.maxPlainTreeNodes());
    }

    @Test
    @DisplayName("an input exactly as long as the limit is read")
    void exactlyTheLimit() {
      ResourceList list =
          YamlReader.readResourceList(
              new ByteArrayInputStream(input), "stdin", limit(input.length));
      assertThat(list.items()).hasSize(3);
    }

    @Test
    @DisplayName("one byte more is refused, naming the limit")
    void oneByteOver() {
      assertThatThrownBy(
              () ->
                  YamlReader.readResourceList(
                      new ByteArrayInputStream(input), "stdin", limit(input.length - 1)))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContaining("larger than " + (input.length - 1) + " bytes")
          .hasMessageContaining("Split it into smaller inputs");
    }
  }

  /**
   * A valid ResourceList of ConfigMaps, generated as it is read and cut at {@code length} bytes, so
   * that a test can send more than the limit without holding it in memory.
   */
  static final class GeneratedResourceList extends InputStream {
    private final long length;
    private long position;
    private byte[] chunk = (HEADER + SETTINGS).getBytes(StandardCharsets.UTF_8);
    private int inChunk;
    private int next;

    GeneratedResourceList(long length) {
      this.length = length;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int count) {
      if (position >= length) {
        return -1;
      }
      if (inChunk == chunk.length) {
        chunk = configMap(next++).getBytes(StandardCharsets.UTF_8);
        inChunk = 0;
      }
      int n = (int) Math.min(Math.min(count, chunk.length - inChunk), length - position);
      System.arraycopy(chunk, inChunk, buffer, offset, n);
      inChunk += n;
      position += n;
      return n;
    }
  }
}
