package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.Result;

/**
 * An error or warning of one side of a diff: reading or rendering it, or an object it holds twice,
 * or a change it makes that the API server refuses.
 *
 * @param side the side it is about
 * @param path that side's path as the command line gave it
 * @param result what was found, its object named with the file of that side it was read from
 * @param file the file of that side it is about: its object's file, or a file that is not read (a
 *     kustomization); {@code null} for stdin, or when it is about no file
 */
public record SideFinding(Side side, String path, Result result, String file) {
  /** A finding about an object, or about none: its file is the object's, when it has one. */
  public SideFinding(Side side, String path, Result result) {
    this(side, path, result, result.resource() == null ? null : result.resource().filePath());
  }

  /**
   * The one line on stderr: {@code warning: NEW (new): MESSAGE [ConfigMap racer/racer-settings in
   * new/racer-settings.yaml, field data.RACER_NVIDA]}.
   */
  public String toLine() {
    String line = result.toLine();
    int after = result.severity().value().length() + 2;
    return line.substring(0, after) + side + " (" + path + "): " + line.substring(after);
  }
}
