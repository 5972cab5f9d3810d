/**
 * The command line: the same processing reached three ways (a KRM function on stdin/stdout, {@code
 * render PATH...} for people and the Argo CD plugin, {@code --help}/{@code --version}), and {@code
 * adopt PATH...}, which turns a live installation into manifests. It owns the exit codes of a
 * command line that cannot be run (2) and of files that cannot be read (1), while a run's results
 * give theirs ({@code Results.exitCode}); the files it reads and writes; and what goes to stdout
 * (only the ResourceList or the manifests) and stderr (everything else).
 *
 * <p>It never renders, adopts or reads items itself: {@code krm.render}, {@code krm.adopt} and
 * {@code krm.inputs} do.
 */
package io.unboundedcloud.racer.krm.cli;
