package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.ByteBudget;
import io.unboundedcloud.racer.krm.yaml.ResourceListOutline;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A ResourceList run that broke (out of heap, an internal error) or whose aliases stand for more
 * than it may read still answers with every item: the kept input goes back out as it came, read
 * once more as events only (no tree), with the error appended to its results where its text allows;
 * nothing when it is not one ResourceList.
 */
final class InputEcho {
  private InputEcho() {}

  /** The heap ran out: the error names the input's size and items. */
  static void outOfMemory(
      KeptInput input,
      ByteBudget budget,
      OutOfMemoryError cause,
      PrintStream stdout,
      Report report) {
    String size = OutOfMemory.mebibytes(input.size());
    ResourceListOutline outline;
    try {
      outline = ResourceListOutline.read(input.open(), Invocation.STDIN);
    } catch (YamlInputException broken) {
      report.line(OutOfMemory.message("the input (" + size + ")", budget), cause);
      report.line(
          Result.error("input is not a ResourceList: " + broken.getMessage()).toLine(), null);
      return;
    } catch (OutOfMemoryError again) {
      report.line(OutOfMemory.message("the input (" + size + ")", budget), cause);
      return;
    }
    Result error =
        Result.error(
            OutOfMemory.message(
                "the input (" + size + ", " + OutOfMemory.count(outline.items(), "item") + ")",
                budget));
    report.line(error.toLine(), cause);
    write(input, outline, error, stdout);
  }

  /**
   * Writes the input back with {@code error} appended to its results, when it is one ResourceList;
   * nothing otherwise.
   *
   * @return whether it was written back
   */
  static boolean echo(KeptInput input, Result error, OutputStream stdout) {
    ResourceListOutline outline;
    try {
      outline = ResourceListOutline.read(input.open(), Invocation.STDIN);
    } catch (YamlInputException | OutOfMemoryError notOne) {
      return false;
    }
    return write(input, outline, error, stdout);
  }

  private static boolean write(
      KeptInput input, ResourceListOutline outline, Result error, OutputStream stdout) {
    if (!outline.writable()) {
      return false;
    }
    byte[] results =
        outline.appendable()
            ? ResourceListOutline.resultsText(List.of(error.toTree()))
                .getBytes(StandardCharsets.UTF_8)
            : new byte[0];
    try {
      input.writeTo(stdout);
      stdout.write(results);
      stdout.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return true;
  }
}
