/**
 * The values of {@code charts/racer}, named once ({@link
 * io.unboundedcloud.racer.krm.chart.ChartValue}): chart-gen documents and renders each one, {@code
 * krm.adopt} writes each one a live installation needs and names them in the chart verdict.
 *
 * <p>What it owns: each value's path, the order of values.yaml, and each value's default, schema
 * and description ({@link io.unboundedcloud.racer.krm.chart.ValueDoc}); for each value that sets a
 * field, that field and whether the value replaces it, adds to its list or its map, or is combined
 * with it ({@link io.unboundedcloud.racer.krm.chart.ValueField}), which chart-gen writes and adopt
 * reverses; the label keys no value may set ({@link
 * io.unboundedcloud.racer.krm.chart.SelectorLabels}, {@link
 * io.unboundedcloud.racer.krm.chart.DeliveryLabels}). The schema's shared definitions (settings,
 * Kubernetes types) are chart-gen's.
 *
 * <p>What it must never do: depend on anything but the JDK and {@code workload}'s constants (it is
 * read by adopt and by chart-gen at build time, never on the function's render path), or say how a
 * template writes a value (chart-gen's business).
 */
package io.unboundedcloud.racer.krm.chart;
