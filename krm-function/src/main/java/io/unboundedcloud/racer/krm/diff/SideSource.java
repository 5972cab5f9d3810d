package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a diff as it was given: which side, its path as the command line gave it, and its own
 * record of the file each of its objects was read from. The same object is often on both sides (the
 * racer-settings of two commits), so a shared record would name the file of the side read first: a
 * result of a side is located only through the side's own record, and said with the side.
 *
 * @param side OLD or NEW
 * @param path the path as given: a file, a directory, or {@code -} for stdin
 * @param record where each object of this side was read; nothing else is recorded in it
 */
public record SideSource(Side side, String path, SourceFiles record) {
  /** A side with an empty record of its own. */
  public static SideSource of(Side side, String path) {
    return new SideSource(side, path, new SourceFiles());
  }

  /** {@code result} as a finding of this side, its object named with this side's file. */
  public SideFinding finding(Result result) {
    return new SideFinding(side, path, record.locate(result));
  }

  /**
   * A warning about a file of this side that is not read (a kustomization in a folder of
   * manifests), which names the file in its message.
   */
  public SideFinding unreadFile(String file, String warning) {
    return new SideFinding(side, path, Result.of(Severity.WARNING, warning, null, null), file);
  }

  /** Each result as a finding of this side, in order. */
  public List<SideFinding> findings(Iterable<Result> results) {
    List<SideFinding> findings = new ArrayList<>();
    results.forEach(result -> findings.add(finding(result)));
    return findings;
  }

  /** {@code NEW (deploy/racer)}, as messages name the side. */
  public String describe() {
    return side + " (" + QuotedText.cutPath(String.valueOf(path)) + ")";
  }
}
