package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.diff.DiffOutput;
import io.unboundedcloud.racer.krm.diff.DiffReport;
import io.unboundedcloud.racer.krm.diff.DiffSide;
import io.unboundedcloud.racer.krm.diff.ManifestDiff;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm diff OLD NEW [--function-config FILE] [--output text|markdown|json]
 * [--fail-on-rollout]}: what replacing OLD by NEW does (krm.diff), the report on stdout. On an
 * error nothing reaches stdout; with {@code --fail-on-rollout} a rollout is reported, then fails
 * the run (exit 1).
 */
final class DiffMode implements Mode {
  private static final String FUNCTION_CONFIG = "--function-config";
  private static final String OUTPUT = "--output";
  private static final String FAIL_ON_ROLLOUT = "--fail-on-rollout";

  @Override
  public String name() {
    return "diff";
  }

  @Override
  public Syntax syntax() {
    return Syntax.positionals(
            2, 2, "two sides, OLD and NEW: each a file, a directory, or - for stdin")
        .withStdin()
        .flags(
            Flag.valued(FUNCTION_CONFIG, "a file"),
            Flag.choice(OUTPUT, "text", "markdown", "json"),
            Flag.toggle(FAIL_ON_ROLLOUT));
  }

  @Override
  public Stdout stdout() {
    return Stdout.ALWAYS; // --fail-on-rollout: the report, and exit 1
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    List<String> sides = call.arguments().positionals();
    if (sides.get(0).equals("-") && sides.get(1).equals("-")) {
      throw new UsageException("diff reads stdin for one side only");
    }
    DiffOutput output =
        DiffOutput.valueOf(call.arguments().value(OUTPUT).orElse("text").toUpperCase(Locale.ROOT));
    PrintStream stderr = call.stderr();
    SourceFiles sources = new SourceFiles();
    List<List<Map<String, Object>>> read = new ArrayList<>();
    try {
      call.admit(sides, call.arguments().path(FUNCTION_CONFIG).orElse(null));
      MappingNode functionConfig =
          call.arguments().path(FUNCTION_CONFIG).isEmpty()
              ? null
              : call.functionConfig(call.arguments().path(FUNCTION_CONFIG).get(), sources);
      for (String side : sides) {
        Read<List<Map<String, Object>>> prepared =
            DiffSide.of(call.manifests(List.of(side), name(), sources), functionConfig);
        call.report(prepared.results(), sources);
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
    call.report(compared.results(), sources);
    if (!compared.ok()) {
      return compared.results().exitCode();
    }
    byte[] report = output.write(compared.value()).getBytes(StandardCharsets.UTF_8);
    try {
      out.write(report);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (call.arguments().has(FAIL_ON_ROLLOUT) && compared.value().rollout()) {
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

  @Override
  public String input(Invocation call) {
    return "the input (" + String.join(" and ", call.arguments().positionals()) + ")";
  }
}
