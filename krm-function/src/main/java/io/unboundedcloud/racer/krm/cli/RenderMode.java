package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.memory.HeldOutput;
import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm render PATH... [--function-config FILE]}: the same processing on YAML files and
 * directories, printing only the resulting manifests. On error nothing reaches stdout, since an
 * empty success would make Argo CD prune the installation; the manifests are held until they are
 * complete, so that running out of heap while they are written prints nothing either (krm.memory).
 */
final class RenderMode {
  private RenderMode() {}

  static int run(
      List<String> args,
      PrintStream stdout,
      PrintStream stderr,
      boolean stack,
      Read<ApplicationParameters> parameters) {
    List<Path> paths = new ArrayList<>();
    Path functionConfigFile = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--function-config")) {
        if (i + 1 >= args.size()) {
          throw new UsageException("--function-config needs a file");
        }
        functionConfigFile = Path.of(args.get(++i));
      } else if (arg.startsWith("--function-config=")) {
        functionConfigFile = Path.of(arg.substring("--function-config=".length()));
      } else if (arg.startsWith("-")) {
        throw new UsageException("unknown flag " + arg);
      } else {
        paths.add(Path.of(arg));
      }
    }
    if (paths.isEmpty()) {
      throw new UsageException("render needs at least one file or directory");
    }
    // held until complete: a run that runs out of heap while it writes must print nothing, as on
    // any error
    HeldOutput output = new HeldOutput();
    int exit;
    try {
      exit = render(paths, functionConfigFile, parameters, output, stderr);
    } catch (OutOfMemoryError outOfMemory) {
      output.discard(); // render's frames and their trees are gone
      stderr.println("error: " + OutOfMemory.message(describe(paths, functionConfigFile)));
      if (stack) {
        outOfMemory.printStackTrace(stderr);
      }
      return 1;
    }
    if (exit == 0) {
      try {
        output.writeTo(stdout);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return exit;
  }

  /** Reads, renders and writes the manifests to {@code output}; returns the exit code. */
  private static int render(
      List<Path> paths,
      Path functionConfigFile,
      Read<ApplicationParameters> parameters,
      OutputStream output,
      PrintStream stderr) {
    for (Result result : parameters.results()) {
      stderr.println(result.toLine());
    }
    if (!parameters.ok()) {
      return parameters.results().exitCode();
    }
    List<MappingNode> objects;
    MappingNode functionConfig = null;
    SourceFiles sources = new SourceFiles();
    try {
      objects = ManifestFiles.objects(paths, "render", stderr, sources);
      if (functionConfigFile != null) {
        functionConfig = ManifestFiles.functionConfig(functionConfigFile, sources);
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      stderr.println("error: " + unreadable.getMessage());
      return 1;
    }
    Read<ManifestInputs> sorted = ManifestInputs.sort(objects, functionConfig);
    for (Result result : sorted.results()) {
      stderr.println(sources.locate(result).toLine());
    }
    if (!sorted.ok()) {
      return sorted.results().exitCode();
    }
    Outcome outcome =
        Renderer.render(
            sorted.value().items(), sorted.value().functionConfig(), parameters.value());
    for (Result result : outcome.results()) {
      stderr.println(sources.locate(result).toLine());
    }
    int exit = outcome.results().exitCode();
    if (exit != Results.SUCCESS) {
      return exit;
    }
    YamlWriter.writeManifests(ManifestInputs.toApply(outcome.items()), output);
    return exit;
  }

  /** The input as the out-of-memory message names it: how many files, how many bytes. */
  private static String describe(List<Path> paths, Path functionConfigFile) {
    List<Path> files = new ArrayList<>();
    try {
      files.addAll(
          ManifestFiles.files(paths, "render", new PrintStream(OutputStream.nullOutputStream())));
    } catch (RuntimeException gone) {
      return "the input (" + String.join(", ", paths.stream().map(Path::toString).toList()) + ")";
    }
    if (functionConfigFile != null) {
      files.add(functionConfigFile);
    }
    long bytes = 0;
    for (Path file : files) {
      try {
        bytes += Files.size(file);
      } catch (IOException gone) {
        // changed since it was read: counted as empty
      }
    }
    return "the input ("
        + OutOfMemory.count(files.size(), "file")
        + ", "
        + OutOfMemory.mebibytes(bytes)
        + ")";
  }
}
