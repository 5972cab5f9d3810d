/**
 * The command line: the same processing reached three ways (a KRM function on stdin/stdout, {@code render
 * PATH...} for people and the Argo CD plugin, {@code --help}/{@code --version}). It owns exit codes and
 * what goes to stdout (only the ResourceList or the manifests) and stderr (everything else).
 *
 * <p>It never renders or reads items itself: {@code krm.render} and {@code krm.inputs} do.
 */
package io.unboundedcloud.racer.krm.cli;
