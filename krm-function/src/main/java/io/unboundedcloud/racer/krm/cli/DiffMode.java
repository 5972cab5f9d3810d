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
    List<SideSource> given =
        List.of(SideSource.of(Side.OLD, sides.get(0)), SideSource.of(Side.NEW, sides.get(1)));
    SidesRead read = readSides(call, given);
    if (read.exitCode() != 0) {
      return read.exitCode();
    }
    ManifestDiff.Compared compared =
        ManifestDiff.compare(
            given.get(0), read.objects().get(0), given.get(1), read.objects().get(1));
    report(compared.findings(), call.stderr());
    if (compared.report() == null) {
      return 1;
    }
    DiffReport verdict = compared.report().withFindings(read.warnings());
    write(output(call).write(verdict), out);
    return failOnRollout(call, sides.get(1), verdict);
  }

  /**
   * Both sides' objects and warnings, or the exit code of the first side that could not be read.
   */
  private record SidesRead(
      List<List<Map<String, Object>>> objects, List<SideFinding> warnings, int exitCode) {
    static SidesRead failed(int exitCode) {
      return new SidesRead(List.of(), List.of(), exitCode);
    }
  }

  /**
   * Reads OLD then NEW, each finding reported on stderr as it is found; a side that cannot be read,
   * or holds nothing without {@code --allow-empty}, ends the reading with its exit code.
   */
  private SidesRead readSides(Invocation call, List<SideSource> given) {
    List<List<Map<String, Object>>> read = new ArrayList<>();
    List<SideFinding> warnings = new ArrayList<>();
    Path functionConfigFile = call.arguments().path(FUNCTION_CONFIG).orElse(null);
    SideSource reading = null;
    try {
      call.admit(call.arguments().positionals(), functionConfigFile);
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
        ReadOutcome<List<Map<String, Object>>> prepared =
            readSide(call, side, functionConfig, warnings);
        if (!prepared.ok()) {
          return SidesRead.failed(prepared.results().exitCode());
        }
        if (prepared.value().isEmpty() && !call.arguments().has(ALLOW_EMPTY)) {
          call.stderr().println(nothingToApply(side));
          return SidesRead.failed(1);
        }
        read.add(prepared.value());
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      // before a side is read: the budget of both sides together, a path or the function config
      // file, which the message names
      call.stderr()
          .println(
              "error: "
                  + (reading == null ? "" : reading.describe() + ": ")
                  + unreadable.getMessage());
      return SidesRead.failed(1);
    }
    return new SidesRead(read, warnings, 0);
  }

  /** One side's objects, its findings on stderr and in {@code warnings}. */
  private ReadOutcome<List<Map<String, Object>>> readSide(
      Invocation call, SideSource side, MappingNode functionConfig, List<SideFinding> warnings) {
    // a kustomization beside the manifests is a warning of this side, as its other findings
    List<SideFinding> found = new ArrayList<>();
    List<MappingNode> objects =
        call.manifests(
            List.of(side.path()),
            name(),
            side.record(),
            skipped -> found.add(side.unreadFile(skipped.file().toString(), skipped.warning())));
    ReadOutcome<List<Map<String, Object>>> prepared = DiffSide.of(objects, functionConfig, side);
    found.addAll(side.findings(prepared.results()));
    report(found, call.stderr());
    warnings.addAll(found);
    return prepared;
  }

  /** The error of a side that holds no object, which against the other reads as all added. */
  static String nothingToApply(SideSource side) {
    return "error: "
        + side.describe()
        + " holds no objects to apply (a build that failed or printed nothing?):"
        + " against it every object would read as "
        + (side.side() == Side.OLD ? "added" : "removed, the dataplane with it")
        + "; pass "
        + ALLOW_EMPTY
        + " to compare with nothing";
  }

  private static DiffOutput output(Invocation call) {
    return DiffOutput.valueOf(
        call.arguments().value(OUTPUT).orElse("text").toUpperCase(Locale.ROOT));
  }

  private static void write(String report, OutputStream out) {
    try {
      out.write(report.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * With {@code --fail-on-rollout}, exit 1 when applying {@code newSide} restarts pods or deletes
   * the dataplane or a cache origin, each reason on stderr; else 0.
   */
  static int failOnRollout(Invocation call, String newSide, DiffReport verdict) {
    if (!call.arguments().has(FAIL_ON_ROLLOUT) || !verdict.disrupts()) {
      return 0;
    }
    if (verdict.stops()) {
      call.stderr()
          .println(
              "error: --fail-on-rollout: applying "
                  + newSide
                  + " deletes "
                  + described(verdict.stopping())
                  + ": the Racer cache stops on every node");
    }
    if (verdict.rollout()) {
      call.stderr()
          .println(
              "error: --fail-on-rollout: applying "
                  + newSide
                  + " restarts the pods of "
                  + described(verdict.rolling()));
    }
    return 1;
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
