package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.diff.DiffOutput;
import io.unboundedcloud.racer.krm.diff.DiffReport;
import io.unboundedcloud.racer.krm.diff.DiffSide;
import io.unboundedcloud.racer.krm.diff.ManifestDiff;
import io.unboundedcloud.racer.krm.diff.ObjectChange;
import io.unboundedcloud.racer.krm.diff.Side;
import io.unboundedcloud.racer.krm.diff.SideFinding;
import io.unboundedcloud.racer.krm.diff.SideSource;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm diff OLD NEW [--function-config FILE] [--output text|markdown|json]
 * [--fail-on-rollout] [--allow-empty]}: what replacing OLD by NEW does (krm.diff), the report on
 * stdout. On an error nothing reaches stdout; a side with no object is an error unless {@code
 * --allow-empty}; with {@code --fail-on-rollout} a rollout, or the deletion of the dataplane or a
 * cache origin, is reported, then fails the run (exit 1).
 */
final class DiffMode implements Mode {
  private static final String FUNCTION_CONFIG = "--function-config";
  private static final String OUTPUT = "--output";
  private static final String FAIL_ON_ROLLOUT = "--fail-on-rollout";
  private static final String ALLOW_EMPTY = "--allow-empty";

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
            Flag.toggle(FAIL_ON_ROLLOUT),
            Flag.toggle(ALLOW_EMPTY));
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
    List<SideSource> given =
        List.of(SideSource.of(Side.OLD, sides.get(0)), SideSource.of(Side.NEW, sides.get(1)));
    List<List<Map<String, Object>>> read = new ArrayList<>();
    List<SideFinding> warnings = new ArrayList<>();
    Path functionConfigFile = call.arguments().path(FUNCTION_CONFIG).orElse(null);
    SideSource reading = null;
    try {
      call.admit(sides, functionConfigFile);
      // read once, and recorded in each side's own record: it serves both
      MappingNode functionConfig =
          functionConfigFile == null
              ? null
              : call.functionConfig(functionConfigFile, new SourceFiles());
      for (SideSource side : given) {
        if (reading != null) {
          // the new side is a set of inputs of its own: the floor of what aliases may stand for
          call.budget().startInputSet();
        }
        reading = side;
        if (functionConfig != null) {
          side.record().read(functionConfigFile, List.of(functionConfig));
        }
        // a kustomization beside the manifests is a warning of this side, as its other findings
        List<SideFinding> found = new ArrayList<>();
        List<MappingNode> objects =
            call.manifests(
                List.of(side.path()),
                name(),
                side.record(),
                skipped ->
                    found.add(side.unreadFile(skipped.file().toString(), skipped.warning())));
        ReadOutcome<List<Map<String, Object>>> prepared =
            DiffSide.of(objects, functionConfig, side);
        found.addAll(side.findings(prepared.results()));
        report(found, stderr);
        warnings.addAll(found);
        if (!prepared.ok()) {
          return prepared.results().exitCode();
        }
        if (prepared.value().isEmpty() && !call.arguments().has(ALLOW_EMPTY)) {
          stderr.println(
              "error: "
                  + side.describe()
                  + " holds no objects to apply (a build that failed or printed nothing?):"
                  + " against it every object would read as "
                  + (side.side() == Side.OLD ? "added" : "removed, the dataplane with it")
                  + "; pass "
                  + ALLOW_EMPTY
                  + " to compare with nothing");
          return 1;
        }
        read.add(prepared.value());
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      // before a side is read: the budget of both sides together, a path or the function config
      // file, which the message names
      stderr.println(
          "error: " + (reading == null ? "" : reading.describe() + ": ") + unreadable.getMessage());
      return 1;
    }
    ManifestDiff.Compared compared =
        ManifestDiff.compare(given.get(0), read.get(0), given.get(1), read.get(1));
    report(compared.findings(), stderr);
    if (compared.report() == null) {
      return 1;
    }
    DiffReport verdict = compared.report().withFindings(warnings);
    byte[] report = output.write(verdict).getBytes(StandardCharsets.UTF_8);
    try {
      out.write(report);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (call.arguments().has(FAIL_ON_ROLLOUT) && verdict.disrupts()) {
      if (verdict.stops()) {
        stderr.println(
            "error: --fail-on-rollout: applying "
                + sides.get(1)
                + " deletes "
                + described(verdict.stopping())
                + ": the Racer cache stops on every node");
      }
      if (verdict.rollout()) {
        stderr.println(
            "error: --fail-on-rollout: applying "
                + sides.get(1)
                + " restarts the pods of "
                + described(verdict.rolling()));
      }
      return 1;
    }
    return 0;
  }

  /** Each finding on stderr, one line each, with its side. */
  private static void report(List<SideFinding> findings, PrintStream stderr) {
    findings.forEach(finding -> stderr.println(finding.toLine()));
  }

  private static String described(List<ObjectChange> objects) {
    return String.join(", ", objects.stream().map(o -> o.key().describe()).toList());
  }

  @Override
  public String input(Invocation call) {
    return "the input (" + String.join(" and ", call.arguments().positionals()) + ")";
  }
}
