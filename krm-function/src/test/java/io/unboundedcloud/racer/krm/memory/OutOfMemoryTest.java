package io.unboundedcloud.racer.krm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The out-of-memory message")
class OutOfMemoryTest {
  @Test
  @DisplayName(
      "one line: the input's size, the heap there was, the container's limit and RACER_KRM_JAVA_OPTS with a size")
  void message() {
    String message = OutOfMemory.message("the input (12.6 MiB, 50,000 items)", 64L << 20);

    assertThat(message)
        .startsWith(
            "out of memory: the input (12.6 MiB, 50,000 items) needs more than the 64.0 MiB of Java heap")
        .contains(
            "memory limit of its container",
            "RACER_KRM_JAVA_OPTS=-Xmx<size>",
            "-Xmx128m (twice this heap)")
        .doesNotContain("\n");
  }

  @Test
  @DisplayName("sizes and counts as people read them")
  void sizes() {
    assertThat(OutOfMemory.mebibytes(512)).isEqualTo("512 bytes");
    assertThat(OutOfMemory.mebibytes(5632)).isEqualTo("5.5 KiB");
    assertThat(OutOfMemory.mebibytes(13_200_350)).isEqualTo("12.6 MiB");
    assertThat(OutOfMemory.count(50_000, "item")).isEqualTo("50,000 items");
    assertThat(OutOfMemory.count(1, "file")).isEqualTo("1 file");
  }

  @Test
  @DisplayName("never suggests less than 64 MiB, and rounds the suggestion up")
  void suggestion() {
    assertThat(OutOfMemory.message("the input", 10L << 20)).contains("-Xmx64m");
    assertThat(OutOfMemory.message("the input", (100L << 20) + 1)).contains("-Xmx201m");
  }

  @Test
  @DisplayName(
      "an input whose aliases expanded: says what they stand for against the budget, and to write them out")
  void expanded() {
    String message = OutOfMemory.message("the input (1.0 MiB)", 100L << 20, 128L << 20, 192L << 20);

    assertThat(message)
        .startsWith(
            "out of memory: the input (1.0 MiB), whose aliases stand for 100.0 MiB more once"
                + " expanded (counted against the 128.0 MiB one run reads), needs more than the"
                + " 192.0 MiB of Java heap this run had.")
        .contains("Write the aliased values out once or make them smaller, or give racer-krm more")
        .doesNotContain("\n");
  }

  @Test
  @DisplayName(
      "a heap that holds whatever the budget admits: the input is the cause, no larger heap advised")
  void inputIsTheCause() {
    long budget = 128L << 20;
    long enough = OutOfMemory.HEAP_PER_INPUT_BYTE * budget;

    String message = OutOfMemory.message("the input (1.0 MiB)", 100L << 20, budget, enough);

    assertThat(message)
        .contains(
            "That heap holds any input within the 128.0 MiB one run reads, so a larger one does"
                + " not help: the input is too large or expands too much",
            "write each aliased value out once")
        .doesNotContain("RACER_KRM_JAVA_OPTS", "-Xmx");
    assertThat(OutOfMemory.message("the input", 0, budget, enough - 1))
        .contains("RACER_KRM_JAVA_OPTS=-Xmx<size>");
  }
}
