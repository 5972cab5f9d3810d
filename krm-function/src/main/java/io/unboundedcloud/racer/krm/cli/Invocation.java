package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import io.unboundedcloud.racer.krm.parameters.ParametersJson;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * One run of a mode: its parsed command line, its input read within the limits ({@link
 * YamlLimits#DEFAULT}), and stderr for its results.
 */
final class Invocation {
  static final String STDIN = "stdin";

  private final Arguments arguments;
  private final InputStream stdin;
  private final PrintStream stderr;
  private final Map<String, String> environment;
  private KeptInput kept;

  Invocation(Arguments arguments, InputStream stdin, PrintStream stderr) {
    this(arguments, stdin, stderr, Map.of());
  }

  Invocation(
      Arguments arguments, InputStream stdin, PrintStream stderr, Map<String, String> environment) {
    this.arguments = arguments;
    this.stdin = stdin;
    this.stderr = stderr;
    this.environment = environment;
  }

  /**
   * The Argo CD Application's parameters, from {@code ARGOCD_APP_PARAMETERS} in the environment:
   * none when it is not set.
   */
  Read<ApplicationParameters> parameters() {
    return ParametersJson.read(environment.get(ParameterNames.ENVIRONMENT_VARIABLE));
  }

  Arguments arguments() {
    return arguments;
  }

  /** Where results, warnings and notes go, one line each. */
  PrintStream stderr() {
    return stderr;
  }

  /**
   * Stdin, read whole before anything is parsed and kept until the run ends, so that a run that
   * breaks can write it back as it came ({@link Mode.Stdout#RESOURCE_LIST}).
   *
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when it is too long or unreadable
   * @throws KeptInput.ReadOutOfMemory when the heap cannot hold it (the envelope reports it)
   */
  KeptInput keptStdin() {
    if (kept == null) {
      kept = KeptInput.read(stdin, STDIN, YamlLimits.DEFAULT);
    }
    return kept;
  }

  /** Stdin as {@link #keptStdin()} read it, when it did. */
  Optional<KeptInput> kept() {
    return Optional.ofNullable(kept);
  }

  /**
   * The objects of each path in order: a file, every .yaml/.yml file of a directory, or {@code -}
   * for the stream on stdin.
   *
   * @param command the mode reading them, for the warning about skipped kustomizations
   * @param sources told which file each object came from
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when one is not valid YAML of
   *     objects
   * @throws ManifestFiles.Unusable when a path does not exist
   */
  List<MappingNode> manifests(List<String> paths, String command, SourceFiles sources) {
    List<MappingNode> objects = new ArrayList<>();
    for (String path : paths) {
      objects.addAll(
          path.equals("-")
              ? YamlReader.readManifests(stdin, STDIN, YamlLimits.DEFAULT)
              : ManifestFiles.objects(List.of(Path.of(path)), command, stderr, sources));
    }
    return objects;
  }

  /** Prints each result on stderr, located in the file it came from. */
  void report(Iterable<Result> results, SourceFiles sources) {
    for (Result result : results) {
      stderr.println(sources.locate(result).toLine());
    }
  }
}
