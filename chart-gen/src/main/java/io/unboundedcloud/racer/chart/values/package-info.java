/**
 * The chart's values: one documented model ({@link
 * io.unboundedcloud.racer.chart.values.ChartValues}) from which {@code values.yaml}, {@code
 * values.schema.json} and the README's values table are all written, and the settings part of the
 * schema derived from the {@code workload.settings} catalog.
 *
 * <p>What it owns: the default, description and JSON-schema rule of every value that sets no single
 * field of the DaemonSet (its name and place in values.yaml come from {@code krm.chart.ChartValue},
 * which {@code adopt --chart-values} reads too, and which documents the values that set a field
 * itself, read by {@link io.unboundedcloud.racer.chart.values.ValueKey#of}; generation fails unless
 * the two together document every value once); the container image reference grammar as a schema
 * pattern of the tag and the cache origins' images ({@link
 * io.unboundedcloud.racer.workload.ImageGrammar}, shared with the function; the registry and the
 * dataplane's images are left to the templates, which refuse them in the function's words); the
 * schemas of the Kubernetes types values take as they are ({@link
 * io.unboundedcloud.racer.chart.values.KubernetesShapes}: ResourceRequirements,
 * LocalObjectReference, DaemonSetUpdateStrategy, label maps).
 *
 * <p>What it must never do: restate a settings rule (each comes from {@code Rule.jsonSchema()}),
 * write draft-2019+ keywords or remote {@code $ref}s (Helm 3 up to 3.18 knows only draft-07, and a
 * remote ref fails offline), or leave a value undocumented.
 */
package io.unboundedcloud.racer.chart.values;
