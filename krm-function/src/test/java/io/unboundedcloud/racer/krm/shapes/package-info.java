/**
 * Generated YAML shapes: every node shape the reader accepts (keys of each kind, scalars of each
 * style, tags, comments in every place the grammar allows, sequences in sequences, flow collections
 * in blocks) as parts ({@link ShapeParts}), each on its own and composed at random into documents
 * ({@link ShapeDocuments}), held in function mode to parse-ability, meaning and idempotence ({@code
 * GeneratedShapesTest}) and through kpt to {@code kpt fn eval --exec cat} ({@code
 * GeneratedShapesIT}). What the function still gets wrong is named in {@link KnownFailures}, and
 * the tests assert it still fails, so that a fix is noticed.
 */
package io.unboundedcloud.racer.krm.shapes;
