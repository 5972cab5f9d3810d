package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.adopt.Adoption;
import io.unboundedcloud.racer.krm.adopt.AdoptionOutcome;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.memory.HeldOutput;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm adopt [--function-config FILE] [--chart-values FILE] [--fail-on-rollout]
 * PATH...}: live dumps in, manifests for Git on stdout, the verdict on stderr. On error nothing
 * reaches stdout and no values file is written.
 */
final class AdoptMode {
  private static final String FUNCTION_CONFIG = "--function-config";
  private static final String CHART_VALUES = "--chart-values";
  private static final String FAIL_ON_ROLLOUT = "--fail-on-rollout";

  private AdoptMode() {}

  static int run(List<String> args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    List<String> paths = new ArrayList<>();
    Path functionConfigFile = null;
    Path chartValuesFile = null;
    boolean failOnRollout = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals(FUNCTION_CONFIG) || arg.equals(CHART_VALUES)) {
        if (i + 1 >= args.size()) {
          throw new UsageException(arg + " needs a file");
        }
        Path file = Path.of(args.get(++i));
        if (arg.equals(FUNCTION_CONFIG)) {
          functionConfigFile = file;
        } else {
          chartValuesFile = file;
        }
      } else if (arg.startsWith(FUNCTION_CONFIG + "=")) {
        functionConfigFile = Path.of(arg.substring(FUNCTION_CONFIG.length() + 1));
      } else if (arg.startsWith(CHART_VALUES + "=")) {
        chartValuesFile = Path.of(arg.substring(CHART_VALUES.length() + 1));
      } else if (arg.equals(FAIL_ON_ROLLOUT)) {
        failOnRollout = true;
      } else if (arg.startsWith("-") && !arg.equals("-")) {
        throw new UsageException("unknown flag " + arg);
      } else {
        paths.add(arg);
      }
    }
    if (paths.isEmpty()) {
      throw new UsageException(
          "adopt needs at least one live dump: a file, a directory, or - for stdin");
    }
    List<MappingNode> objects = new ArrayList<>();
    MappingNode functionConfig = null;
    SourceFiles sources = new SourceFiles();
    try {
      for (String path : paths) {
        objects.addAll(
            path.equals("-")
                ? YamlReader.readManifests(stdin, "stdin", YamlLimits.DEFAULT)
                : ManifestFiles.objects(List.of(Path.of(path)), "adopt", stderr, sources));
      }
      if (functionConfigFile != null) {
        functionConfig = ManifestFiles.functionConfig(functionConfigFile, sources);
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      stderr.println("error: " + unreadable.getMessage());
      return 1;
    }
    AdoptionOutcome outcome =
        Adoption.adopt(
            objects,
            new Adoption.Options(
                functionConfig,
                Usage.image(),
                failOnRollout,
                chartValuesFile == null ? null : chartValuesFile.toString()));
    for (Result result : outcome.results()) {
      stderr.println(sources.locate(result).toLine());
    }
    int exit = outcome.results().exitCode();
    if (exit != Results.SUCCESS) {
      return exit;
    }
    if (chartValuesFile != null) {
      try {
        Files.writeString(
            chartValuesFile,
            "# Values for charts/racer, written by racer-krm adopt from the live"
                + " installation: helm install racer charts/racer --values "
                + chartValuesFile.getFileName()
                + "\n"
                + YamlWriter.manifests(List.of(Nodes.fromPlainMap(outcome.helmValues()))),
            StandardCharsets.UTF_8);
      } catch (IOException unwritable) {
        stderr.println(
            "error: "
                + chartValuesFile
                + ": cannot write the chart values ("
                + (unwritable.getMessage() == null ? "I/O error" : unwritable.getMessage())
                + ")");
        return 1;
      }
      stderr.println(
          "info: helm: wrote the chart values to "
              + chartValuesFile
              + "; once the live objects are"
              + " orphaned from the operator, these commands let Helm adopt them instead of creating them:");
      outcome.helmCommands().forEach(command -> stderr.println("  " + command));
    }
    // held until whole, as render does: running out of heap while writing prints nothing
    // (krm.memory)
    HeldOutput manifests = new HeldOutput();
    YamlWriter.writeManifests(outcome.manifests(), manifests);
    try {
      manifests.writeTo(stdout);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    stdout.flush();
    return 0;
  }
}
