/**
 * {@code racer-krm diff}: what replacing one set of manifests by another does, before it reaches
 * the nodes. {@code DiffSide} turns each side into the objects to compare (rendered first when it
 * has a function config; without the annotations that name a source and the fields a server
 * writes); {@code ManifestDiff} matches them by {@code ObjectKey} (apiVersion, kind, namespace,
 * name) and lists each object added, removed or changed with every {@code FieldChange} (API-server
 * defaults counted as written); for a changed workload it judges the rollout through {@code
 * krm.rollout.TemplateComparison}, the measure adopt's verdict uses, says why ({@code
 * RolloutCauses}, the settings keys found through {@code Settings}) and at what pace ({@code
 * krm.rollout.Pace}). {@code DiffOutput} writes the {@code DiffReport} as text, a pull-request
 * comment in Markdown, or JSON ({@code docs/diff.schema.json}). Each error and warning is a {@code
 * SideFinding} of its {@code Side}, located through that side's own record of where its objects
 * were read ({@code SideSource}): the same object is usually on both sides, and a record they
 * shared would name the file of the side read first.
 *
 * <p>It never decides what rolls on its own (that is {@code krm.rollout}), never reads files or
 * writes to stdout or stderr (that is {@code krm.cli}): every problem is a {@code Result}.
 */
package io.unboundedcloud.racer.krm.diff;
