package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
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
final class RenderMode implements Mode {
  private static final String FUNCTION_CONFIG = "--function-config";

  private final Rendering rendering;

  RenderMode() {
    this(Renderer::render);
  }

  RenderMode(Rendering rendering) {
    this.rendering = rendering;
  }

  @Override
  public String name() {
    return "render";
  }

  @Override
  public Syntax syntax() {
    return Syntax.positionals(1, Integer.MAX_VALUE, "at least one file or directory")
        .flags(Flag.valued(FUNCTION_CONFIG, "a file"));
  }

  @Override
  public Stdout stdout() {
    return Stdout.ON_SUCCESS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    return render(call, call.arguments().path(FUNCTION_CONFIG).orElse(null), out);
  }

  @Override
  public String input(Invocation call) {
    return describe(
        call.caller(),
        call.arguments().paths(),
        call.arguments().path(FUNCTION_CONFIG).orElse(null));
  }

  /** Reads, renders and writes the manifests to {@code output}; returns the exit code. */
  private int render(Invocation call, Path functionConfigFile, OutputStream output) {
    ReadOutcome<ApplicationParameters> parameters = call.parameters();
    PrintStream stderr = call.stderr();
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
      List<String> paths = call.arguments().positionals();
      call.admit(paths, functionConfigFile);
      objects = call.manifests(paths, name(), sources);
      if (functionConfigFile != null) {
        functionConfig = call.functionConfig(functionConfigFile, sources);
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      stderr.println("error: " + unreadable.getMessage());
      return 1;
    }
    ReadOutcome<ManifestInputs> sorted =
        ManifestInputs.sort(objects, functionConfig, sources::located);
    for (Result result : sorted.results()) {
      stderr.println(sources.locate(result).toLine());
    }
    if (!sorted.ok()) {
      return sorted.results().exitCode();
    }
    Outcome outcome =
        rendering.render(
            sorted.value().items(),
            sorted.value().functionConfig(),
            parameters.value(),
            sources::located);
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
  private static String describe(Caller caller, List<Path> paths, Path functionConfigFile) {
    List<Path> files = new ArrayList<>();
    try {
      for (ManifestFiles.Found file :
          ManifestFiles.files(
              caller, paths, "render", new PrintStream(OutputStream.nullOutputStream()))) {
        files.add(file.real());
      }
    } catch (RuntimeException gone) {
      return "the input (" + String.join(", ", paths.stream().map(Path::toString).toList()) + ")";
    }
    if (functionConfigFile != null) {
      files.add(caller.resolve(functionConfigFile));
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
