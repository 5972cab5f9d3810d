package io.unboundedcloud.racer.krm.cli;

import java.nio.file.Path;

/**
 * What the process that asked for a run gives it beside its command line, streams and environment:
 * the folder its relative paths start from, whether its stdin is a terminal, and who admits the
 * bytes its files hold before they are parsed. A cold run is its own caller ({@link #process}); the
 * warm renderer ({@code krm.warm}) runs each request with the caller's folder, so that one JVM
 * serves processes that stand in different folders, and with an admission that may stop a run too
 * large for its shared heap before it reads anything.
 *
 * @param workingDirectory what relative paths resolve against: the empty path for this process's
 *     own working directory, else an absolute folder
 * @param stdinIsTerminal whether stdin is a terminal: a mode then says on stderr that it reads it
 * @param admission told the bytes of a run's files before any is parsed
 */
public record Caller(Path workingDirectory, boolean stdinIsTerminal, InputAdmission admission) {
  /** This process: its own working directory, every input admitted. */
  public static Caller process(boolean stdinIsTerminal) {
    return new Caller(Path.of(""), stdinIsTerminal, InputAdmission.ANY);
  }

  /** {@code path} as this caller's process would open it. */
  public Path resolve(Path path) {
    return workingDirectory.resolve(path);
  }

  /**
   * Told what a run will read before it reads it. A cold run admits everything (the byte budget of
   * {@code YamlLimits} still bounds it); the warm renderer reserves room in its heap, and stops a
   * run it cannot hold by throwing an {@link Error} that no mode catches, so that the caller runs
   * cold instead and prints what a cold run prints.
   */
  @FunctionalInterface
  public interface InputAdmission {
    /** Admits every input. */
    InputAdmission ANY = bytes -> {};

    /**
     * The run's files hold {@code bytes} together, and will be parsed next.
     *
     * @throws Error (never an exception a mode catches) when the run must not go on here
     */
    void admit(long bytes);
  }
}
