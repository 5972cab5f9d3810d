/**
 * Plain trees and the paths into them: the maps, lists and scalars that {@code krm.yaml} reads
 * nodes into and {@code krm.codec} turns fabric8 objects into. {@link
 * io.unboundedcloud.racer.krm.tree.PlainTrees} copies, merges and compares them with one rule for
 * numbers (an integer equals another of the same value whatever its Java type; a floating-point
 * number never equals an integer), and shows a value in one short line; {@link
 * io.unboundedcloud.racer.krm.tree.FieldPath} names where a value sits, in the one notation of the
 * function's results, of adopt's verdict and of {@code racer-krm diff}:
 *
 * <pre>
 * spec.template.spec.containers[name=dataplane].env[name=RACER_PEER_LISTEN].value
 * spec.template.metadata.annotations["racer.unbounded-cloud.io/settings-hash"]
 * spec.template.spec.tolerations[0]
 * </pre>
 *
 * <p>{@link io.unboundedcloud.racer.krm.tree.KubectlScalar} is the type and value kubectl, Helm and
 * Argo CD (go-yaml v2.4) give a plain scalar's text; a reading tree holds a {@link
 * io.unboundedcloud.racer.krm.tree.WrittenScalar} for each plain scalar, so that the objects the
 * function reads are typed by it, as the API server will read them.
 *
 * <p>Owns: plain data only (maps with string keys, lists, strings, numbers, booleans, null). Never:
 * touches YAML nodes (that is {@code krm.yaml}), knows a Kubernetes type (that is {@code
 * krm.codec}), or depends on another package of the function.
 */
package io.unboundedcloud.racer.krm.tree;
