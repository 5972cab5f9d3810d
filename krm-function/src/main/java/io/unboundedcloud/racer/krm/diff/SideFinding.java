package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;

/**
 * An error or warning of one side of a diff: reading or rendering it, or an object it holds twice,
 * or a change it makes that the API server refuses.
 *
 * @param side the side it is about
 * @param path that side's path as the command line gave it
 * @param result what was found, its object named with the file of that side it was read from
 */
public record SideFinding(Side side, String path, Result result) {
  /**
   * The one line on stderr: {@code warning: NEW (new): MESSAGE [ConfigMap racer/racer-settings in
   * new/racer-settings.yaml, field data.RACER_NVIDA]}.
   */
  public String toLine() {
    String line = result.toLine();
    int after = result.severity().value().length() + 2;
    return line.substring(0, after) + side + " (" + path + "): " + line.substring(after);
  }

  /** Whether it is an error (else a warning or a note). */
  public boolean isError() {
    return result.severity() == Severity.ERROR;
  }
}
