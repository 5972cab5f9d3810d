package io.unboundedcloud.racer.krm.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Test support: the memory table of docs/performance.md (section "Memory"), so that tests hold the
 * figures it gives users: the limit to set per input size is the one the tests run under.
 */
public final class MemoryTable {
  /** docs/performance.md, from the krm-function module where Maven runs the tests. */
  static final Path PAGE = Path.of("..", "docs", "performance.md").toAbsolutePath().normalize();

  private MemoryTable() {}

  /**
   * The memory limit, in MiB, docs/performance.md says to set for {@code items} items ("limit to
   * set").
   */
  public static int limitToSetMib(int items) {
    List<String> cells = row(items);
    return mebibytes(cells.get(cells.size() - 1));
  }

  /**
   * The row of the table for {@code items} items, its cells trimmed: items, input, RSS, smallest,
   * to set.
   */
  static List<String> row(int items) {
    String first = "| " + String.format(Locale.ROOT, "%,d", items) + " |";
    String text;
    try {
      text = Files.readString(PAGE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int section = text.indexOf("\n## Memory\n");
    if (section < 0) {
      throw new AssertionError("docs/performance.md has no \"## Memory\" section");
    }
    return text.substring(section)
        .lines()
        .filter(line -> line.startsWith(first))
        .findFirst()
        .map(
            line ->
                Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                    .map(String::strip)
                    .toList())
        .orElseThrow(
            () ->
                new AssertionError(
                    "the memory table of docs/performance.md has no row for " + items + " items"));
  }

  private static int mebibytes(String cell) {
    if (!cell.matches("\\d+ MiB")) {
      throw new AssertionError(
          "not a size in MiB in the memory table of docs/performance.md: " + cell);
    }
    return Integer.parseInt(cell.substring(0, cell.length() - " MiB".length()));
  }
}
