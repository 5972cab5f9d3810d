package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import io.unboundedcloud.racer.krm.parameters.ParametersJson;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.ByteBudget;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
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
  private final ByteBudget budget;
  private final ManifestFiles files;
  private final Caller caller;
  private final StdinNotice notice;
  private KeptInput kept;

  /**
   * @param caller the folder relative paths resolve against, and the admission of files
   * @param notice says so on stderr before stdin is read from a terminal
   */
  Invocation(
      Arguments arguments,
      InputStream stdin,
      PrintStream stderr,
      Map<String, String> environment,
      Caller caller,
      StdinNotice notice) {
    this.arguments = arguments;
    this.stdin = stdin;
    this.stderr = stderr;
    this.environment = environment;
    this.notice = notice;
    this.budget = ByteBudget.of(YamlLimits.DEFAULT);
    this.caller = caller;
    this.files = new ManifestFiles(stdin, stderr, budget, notice, caller);
  }

  /**
   * The run's byte budget: what every file and stdin spend as they are read, and each alias what it
   * stands for.
   */
  ByteBudget budget() {
    return budget;
  }

  /**
   * The Argo CD Application's parameters, from {@code ARGOCD_APP_PARAMETERS} in the environment:
   * none when it is not set.
   */
  ReadOutcome<ApplicationParameters> parameters() {
    return ParametersJson.read(environment.get(ParameterNames.ENVIRONMENT_VARIABLE));
  }

  /** The process this run is for: the folder its relative paths start from. */
  Caller caller() {
    return caller;
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
      notice.reading(
          "racer-krm", "a KRM ResourceList", "racer-krm --help lists the commands that read files");
      kept = KeptInput.read(stdin, STDIN, YamlLimits.DEFAULT);
    }
    return kept;
  }

  /** Stdin as {@link #keptStdin()} read it, when it did. */
  Optional<KeptInput> kept() {
    return Optional.ofNullable(kept);
  }

  /**
   * Refuses, from their sizes and before any is parsed, the files a mode will read when together
   * they pass the run's byte budget: what a mode that reads its inputs in several calls checks
   * first.
   *
   * @param paths files, directories, or {@code -}
   * @param functionConfig the function config file, or {@code null}
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when they pass it
   * @throws ManifestFiles.Unusable when a path does not exist or a link points outside its folder
   */
  void admit(List<String> paths, Path functionConfig) {
    files.admit(paths, functionConfig);
  }

  /**
   * The objects of each path in order: a file, every .yaml/.yml file of a directory, or {@code -}
   * for the stream on stdin ({@link ManifestFiles}: inside each folder, within the run's budget).
   *
   * @param command the mode reading them, for the warning about skipped kustomizations
   * @param sources told which file each object came from
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when one is not valid YAML of
   *     objects
   * @throws ManifestFiles.Unusable when a path does not exist or a link points outside its folder
   */
  List<MappingNode> manifests(List<String> paths, String command, SourceFiles sources) {
    return files.objects(paths, command, sources);
  }

  /**
   * As {@link #manifests(List, String, SourceFiles)}, each build file in a folder that is not read
   * handed to {@code skipped} instead of printed: diff says it as a finding of its side.
   */
  List<MappingNode> manifests(
      List<String> paths,
      String command,
      SourceFiles sources,
      Consumer<ManifestFiles.Skipped> skipped) {
    return files.objects(paths, command, sources, skipped);
  }

  /** The function config file's one object, read as {@link #manifests} reads. */
  MappingNode functionConfig(Path file, SourceFiles sources) {
    return files.functionConfig(file, sources);
  }

  /** Prints each result on stderr, located in the file it came from. */
  void report(Iterable<Result> results, SourceFiles sources) {
    for (Result result : results) {
      stderr.println(sources.locate(result).toLine());
    }
  }
}
