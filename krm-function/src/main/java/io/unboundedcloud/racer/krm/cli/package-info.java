/**
 * The command line: the same processing reached three ways (a KRM function on stdin/stdout, {@code
 * render PATH...} for people and the Argo CD plugin, {@code --help}/{@code --version}), {@code
 * adopt PATH...}, which turns a live installation into manifests, {@code announce PATH}, the Argo
 * CD plugin's parameter announcements, and {@code verify PATH...}, which checks that a rendered
 * stream is what the function renders ({@code krm.verify}). The process environment reaches the
 * modes through {@code Invocation}: the function and render read the Argo CD Application's
 * parameters from it ({@code ARGOCD_APP_PARAMETERS}), decoded as UTF-8 whatever the locale ({@code
 * ProcessEnvironment}).
 *
 * <p>Every mode runs through one {@code RunEnvelope}, after kyaml's {@code framework.Execute}: its
 * command line parsed by one parser ({@code Syntax}), its input read within the limits, its output
 * held until whole and written once, running out of heap and internal errors reported in one line
 * each ({@code --stack} for the trace), and the exit codes: 2 for a command line that cannot be
 * run, 1 when a run breaks, the run's own otherwise ({@code Results.exitCode}). A mode ({@code
 * Mode}) owns only what is its own: its name, its flags, what it reads and writes, and what reaches
 * stdout ({@code Mode.Stdout}); it is registered in {@code Command.MODES}. docs/krm.md, "Adding a
 * mode", says how to add one. stdout carries only the ResourceList, the manifests or the
 * announcements, stderr everything else.
 *
 * <p>It never renders, adopts, verifies or reads items itself: {@code krm.render}, {@code
 * krm.adopt}, {@code krm.verify} and {@code krm.inputs} do.
 */
package io.unboundedcloud.racer.krm.cli;
