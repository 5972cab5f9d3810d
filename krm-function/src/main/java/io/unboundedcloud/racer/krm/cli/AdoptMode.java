package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.adopt.Adoption;
import io.unboundedcloud.racer.krm.adopt.AdoptionJson;
import io.unboundedcloud.racer.krm.adopt.AdoptionOutcome;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm adopt [--function-config FILE] [--chart-values FILE] [--fail-on-rollout]
 * [--output yaml|json] PATH...}: live dumps in, manifests for Git on stdout, the verdict on stderr.
 * On error nothing reaches stdout and no values file is written; with {@code --output json} stdout
 * holds the verdict, the manifests and the values as one JSON document ({@link AdoptionJson}), also
 * on error (without manifests then).
 */
final class AdoptMode implements Mode {
  private static final String FUNCTION_CONFIG = "--function-config";
  private static final String CHART_VALUES = "--chart-values";
  private static final String FAIL_ON_ROLLOUT = "--fail-on-rollout";
  private static final String OUTPUT = "--output";

  @Override
  public String name() {
    return "adopt";
  }

  @Override
  public Syntax syntax() {
    return Syntax.positionals(
            1, Integer.MAX_VALUE, "at least one live dump: a file, a directory, or - for stdin")
        .withStdin()
        .flags(
            Flag.valued(FUNCTION_CONFIG, "a file"),
            Flag.valued(CHART_VALUES, "a file"),
            Flag.toggle(FAIL_ON_ROLLOUT),
            Flag.choice(OUTPUT, "yaml", "json"));
  }

  @Override
  public Stdout stdout() {
    // --output json: the verdict, also on error; the YAML manifests are written on success only
    return Stdout.ALWAYS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    Path functionConfigFile = call.arguments().path(FUNCTION_CONFIG).orElse(null);
    Path chartValuesFile = call.arguments().path(CHART_VALUES).orElse(null);
    List<MappingNode> objects;
    MappingNode functionConfig = null;
    SourceFiles sources = new SourceFiles();
    try {
      call.admit(call.arguments().positionals(), functionConfigFile);
      objects = call.manifests(call.arguments().positionals(), name(), sources);
      if (functionConfigFile != null) {
        functionConfig = call.functionConfig(functionConfigFile, sources);
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      call.stderr().println("error: " + unreadable.getMessage());
      return 1;
    }
    AdoptionOutcome outcome =
        Adoption.adopt(
            objects,
            new Adoption.Options(
                functionConfig,
                Usage.image(),
                call.arguments().has(FAIL_ON_ROLLOUT),
                chartValuesFile == null ? null : chartValuesFile.toString()),
            sources::located);
    Results located = new Results();
    outcome.results().forEach(result -> located.add(sources.locate(result)));
    located.forEach(result -> call.stderr().println(result.toLine()));
    boolean json = call.arguments().value(OUTPUT).filter("json"::equals).isPresent();
    int exit = located.exitCode();
    if (exit == Results.SUCCESS
        && chartValuesFile != null
        && !writeChartValues(call, chartValuesFile, outcome)) {
      return 1;
    }
    if (json) {
      write(AdoptionJson.of(outcome, located), out);
    } else if (exit == Results.SUCCESS) {
      // held until whole by the envelope, as render's: running out of heap while writing prints
      // nothing (krm.memory)
      YamlWriter.writeTrees(outcome.manifests(), out);
    }
    return exit;
  }

  /**
   * Writes the chart values to {@code file} and prints the Helm commands that adopt the live
   * objects; {@code false} with the error on stderr when the file cannot be written.
   */
  static boolean writeChartValues(Invocation call, Path file, AdoptionOutcome outcome) {
    PrintStream stderr = call.stderr();
    try {
      Files.writeString(
          call.caller().resolve(file),
          "# Values for charts/racer, written by racer-krm adopt from the live"
              + " installation: helm install racer charts/racer --values "
              + file.getFileName()
              + "\n"
              + YamlWriter.trees(List.of(outcome.helmValues())),
          StandardCharsets.UTF_8);
    } catch (IOException unwritable) {
      stderr.println(
          "error: "
              + file
              + ": cannot write the chart values ("
              + (unwritable.getMessage() == null ? "I/O error" : unwritable.getMessage())
              + ")");
      return false;
    }
    stderr.println(
        "info: helm: wrote the chart values to "
            + file
            + "; once the live objects are"
            + " orphaned from the operator, these commands let Helm adopt them instead of creating them:");
    outcome.helmCommands().forEach(command -> stderr.println("  " + command));
    return true;
  }

  private static void write(String text, OutputStream out) {
    try {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
