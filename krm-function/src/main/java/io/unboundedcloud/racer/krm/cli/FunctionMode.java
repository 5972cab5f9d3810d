package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.memory.HeldOutput;
import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.ResourceListOutline;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The KRM function: one ResourceList on stdin, one on stdout. Any error result exits 1 with every
 * input item unchanged in the output, and each error also on stderr, since kustomize shows only
 * stderr.
 *
 * <p>The output is held until it is complete (krm.memory): when the heap runs out, stdout gets the
 * input back as it came, with the error appended to its results where its text allows, or nothing
 * at all when not even that can be written; never a part of a ResourceList.
 */
final class FunctionMode {
  private static final String SOURCE = "stdin";

  private FunctionMode() {}

  static int run(
      InputStream stdin,
      PrintStream stdout,
      PrintStream stderr,
      boolean stack,
      Read<ApplicationParameters> parameters) {
    KeptInput input;
    try {
      input = KeptInput.read(stdin, SOURCE, YamlLimits.DEFAULT);
    } catch (YamlInputException unreadable) {
      HeldOutput output = new HeldOutput();
      refuse(unreadable, output, stderr);
      write(output, stdout);
      return 1;
    } catch (KeptInput.ReadOutOfMemory tooLarge) {
      String read =
          "the input (at least "
              + OutOfMemory.mebibytes(tooLarge.bytesRead())
              + " read from stdin)";
      report(OutOfMemory.message(read), tooLarge.getCause(), stderr, stack);
      return 1;
    }
    HeldOutput output = new HeldOutput();
    int exit;
    try {
      exit = render(input, parameters, output, stderr);
    } catch (OutOfMemoryError outOfMemory) {
      // render's frames, and the trees they held, are gone: only the kept input is still reachable
      output.discard();
      return writeBack(input, outOfMemory, stdout, stderr, stack);
    }
    write(output, stdout);
    return exit;
  }

  /** The run itself, its ResourceList written to {@code output}; returns the exit code. */
  private static int render(
      KeptInput input,
      Read<ApplicationParameters> parameters,
      OutputStream output,
      PrintStream stderr) {
    ResourceList list;
    try {
      list = YamlReader.readResourceList(input.open());
    } catch (YamlInputException unreadable) {
      refuse(unreadable, output, stderr);
      return 1;
    }
    // parameters that cannot be read: every item back unchanged, with their errors
    Outcome outcome =
        parameters.ok()
            ? Renderer.render(list.items(), list.functionConfig().orElse(null), parameters.value())
            : new Outcome(list.items(), parameters.results());
    for (Result result : outcome.results()) {
      stderr.println(result.toLine());
    }
    List<Map<String, Object>> results = outcome.results().stream().map(Result::toTree).toList();
    // bytes, always UTF-8, whatever the platform's default encoding (a bare container has none)
    YamlWriter.writeResourceList(
        new ResourceList(outcome.items(), list.functionConfig().orElse(null)), results, output);
    return outcome.results().exitCode();
  }

  /**
   * An input that is not a ResourceList: its items as parsed, when there are any, and the error.
   */
  private static void refuse(
      YamlInputException unreadable, OutputStream output, PrintStream stderr) {
    Result error = Result.error("input is not a ResourceList: " + unreadable.getMessage());
    stderr.println(error.toLine());
    if (unreadable.items().isPresent()) {
      YamlWriter.writeUnusedItems(unreadable.items().get(), List.of(error.toTree()), output);
    } else {
      YamlWriter.writeResourceList(
          new ResourceList(List.of(), null), List.of(error.toTree()), output);
    }
  }

  /**
   * The heap ran out: the input goes back out as it came, read once more as events only (no tree),
   * with the error appended to its results where its text allows; nothing when it is not one
   * ResourceList.
   */
  private static int writeBack(
      KeptInput input,
      OutOfMemoryError cause,
      PrintStream stdout,
      PrintStream stderr,
      boolean stack) {
    String size = OutOfMemory.mebibytes(input.size());
    ResourceListOutline outline;
    try {
      outline = ResourceListOutline.read(input.open(), SOURCE);
    } catch (YamlInputException broken) {
      report(OutOfMemory.message("the input (" + size + ")"), cause, stderr, stack);
      stderr.println(Result.error("input is not a ResourceList: " + broken.getMessage()).toLine());
      return 1;
    } catch (OutOfMemoryError again) {
      report(OutOfMemory.message("the input (" + size + ")"), cause, stderr, stack);
      return 1;
    }
    Result error =
        Result.error(
            OutOfMemory.message(
                "the input (" + size + ", " + OutOfMemory.count(outline.items(), "item") + ")"));
    report(error.toLine(), cause, stderr, stack);
    if (!outline.writable()) {
      return 1;
    }
    byte[] results =
        outline.appendable()
            ? ResourceListOutline.resultsText(List.of(error.toTree()))
                .getBytes(StandardCharsets.UTF_8)
            : new byte[0];
    try {
      input.writeTo(stdout);
      stdout.write(results);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    stdout.flush();
    return 1;
  }

  private static void report(String line, Throwable cause, PrintStream stderr, boolean stack) {
    stderr.println(line.startsWith("error: ") ? line : "error: " + line);
    if (stack) {
      cause.printStackTrace(stderr);
    }
  }

  private static void write(HeldOutput output, PrintStream stdout) {
    try {
      output.writeTo(stdout);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
