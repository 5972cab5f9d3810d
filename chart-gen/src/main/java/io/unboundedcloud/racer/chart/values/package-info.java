/**
 * The chart's values: {@code values.yaml}, {@code values.schema.json} and the README's values
 * table, all written from {@code workload.chart.ChartValue}'s table ({@link
 * io.unboundedcloud.racer.chart.values.ChartValues}), and the settings part of the schema derived
 * from the {@code workload.settings} catalog.
 *
 * <p>What it owns: how a table entry becomes a key of values.yaml ({@link
 * io.unboundedcloud.racer.chart.values.ValueKey}: the builder's value read where the entry names
 * it), and the schema's shared definitions: the settings, a cache origin, and the Kubernetes types
 * values take as they are ({@link io.unboundedcloud.racer.chart.values.KubernetesShapes}:
 * ResourceRequirements, LocalObjectReference, DaemonSetUpdateStrategy, label maps), with the image
 * reference grammar of the cache origins' images ({@link
 * io.unboundedcloud.racer.workload.ImageGrammar}, shared with the function).
 *
 * <p>What it must never do: restate a settings rule (each comes from {@code Rule.jsonSchema()}),
 * write draft-2019+ keywords or remote {@code $ref}s (Helm 3 up to 3.18 knows only draft-07, and a
 * remote ref fails offline), or leave a value undocumented.
 */
package io.unboundedcloud.racer.chart.values;
