package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.diff.DiffOutput;
import io.unboundedcloud.racer.krm.diff.DiffReport;
import io.unboundedcloud.racer.krm.diff.DiffSide;
import io.unboundedcloud.racer.krm.diff.ManifestDiff;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm diff OLD NEW [--function-config FILE] [--output text|markdown|json]
 * [--fail-on-rollout]}: what replacing OLD by NEW does (krm.diff), printed on stdout. On an error
 * nothing reaches stdout; with {@code --fail-on-rollout} a rollout is printed, then fails the run.
 */
final class DiffMode {
  private static final String FUNCTION_CONFIG = "--function-config";
  private static final String OUTPUT = "--output";
  private static final String FAIL_ON_ROLLOUT = "--fail-on-rollout";

  private DiffMode() {}

  static int run(List<String> args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    List<String> sides = new ArrayList<>();
    Path functionConfigFile = null;
    DiffOutput output = DiffOutput.TEXT;
    boolean failOnRollout = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String value = null;
      String flag = arg;
      if (arg.startsWith("--") && arg.contains("=")) {
        flag = arg.substring(0, arg.indexOf('='));
        value = arg.substring(arg.indexOf('=') + 1);
      }
      if (flag.equals(FUNCTION_CONFIG) || flag.equals(OUTPUT)) {
        if (value == null) {
          if (i + 1 >= args.size()) {
            throw new UsageException(flag + " needs a value");
          }
          value = args.get(++i);
        }
        if (flag.equals(FUNCTION_CONFIG)) {
          functionConfigFile = Path.of(value);
        } else {
          output = DiffOutput.named(value);
          if (output == null) {
            throw new UsageException("--output " + value + " is not one of text, markdown, json");
          }
        }
      } else if (arg.equals(FAIL_ON_ROLLOUT)) {
        failOnRollout = true;
      } else if (arg.startsWith("-") && !arg.equals("-")) {
        throw new UsageException("unknown flag " + arg);
      } else {
        sides.add(arg);
      }
    }
    if (sides.size() != 2) {
      throw new UsageException(
          "diff needs two sides, OLD and NEW (each a file, a directory or -), not " + sides.size());
    }
    if (sides.get(0).equals("-") && sides.get(1).equals("-")) {
      throw new UsageException("diff reads stdin for one side only");
    }
    SourceFiles sources = new SourceFiles();
    List<List<Map<String, Object>>> read = new ArrayList<>();
    try {
      MappingNode functionConfig =
          functionConfigFile == null
              ? null
              : ManifestFiles.functionConfig(functionConfigFile, sources);
      for (String side : sides) {
        List<MappingNode> objects =
            side.equals("-")
                ? YamlReader.readManifests(stdin, "stdin", YamlLimits.DEFAULT)
                : ManifestFiles.objects(List.of(Path.of(side)), "diff", stderr, sources);
        Read<List<Map<String, Object>>> prepared = DiffSide.of(objects, functionConfig);
        for (Result result : prepared.results()) {
          stderr.println(sources.locate(result).toLine());
        }
        if (!prepared.ok()) {
          return prepared.results().exitCode();
        }
        read.add(prepared.value());
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      stderr.println("error: " + unreadable.getMessage());
      return 1;
    }
    Read<DiffReport> compared = ManifestDiff.compare(read.get(0), read.get(1));
    for (Result result : compared.results()) {
      stderr.println(result.toLine());
    }
    if (!compared.ok()) {
      return compared.results().exitCode();
    }
    // the whole report is one string before anything is printed
    stdout.print(output.write(compared.value()));
    stdout.flush();
    if (failOnRollout && compared.value().rollout()) {
      stderr.println(
          "error: --fail-on-rollout: applying "
              + sides.get(1)
              + " restarts the pods of "
              + String.join(
                  ", ", compared.value().rolling().stream().map(o -> o.key().describe()).toList()));
      return 1;
    }
    return 0;
  }
}
