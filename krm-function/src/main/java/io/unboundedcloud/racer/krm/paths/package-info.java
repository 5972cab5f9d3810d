/**
 * Where the objects the function adds go in the orchestrator's package: the path annotations kpt
 * writes files by ({@code internal.config.kubernetes.io/path} and {@code index}, and their legacy
 * {@code config.kubernetes.io/} forms where the input uses those), so that the file names are the
 * function's decision, documented in docs/krm.md, and the same on every run.
 *
 * <pre>
 * NewObjectFiles.place(inputItems, outputItems);  // annotates outputItems beyond the input's</pre>
 *
 * <p>Never: touches an input item, an object that already has a path, or anything but the path and
 * index annotations; never used by {@code render} or {@code adopt}, whose manifests are applied as
 * they are (an annotation there would reach the cluster).
 */
package io.unboundedcloud.racer.krm.paths;
