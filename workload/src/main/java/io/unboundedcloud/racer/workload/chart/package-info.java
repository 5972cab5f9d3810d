/**
 * The values of {@code charts/racer}, named once ({@link
 * io.unboundedcloud.racer.workload.chart.ChartValue}): chart-gen documents and renders each one,
 * the KRM function's {@code krm.adopt} writes each one a live installation needs and names them in
 * the chart verdict. It lives here, beside the builders, so that both deliveries read one table and
 * chart-gen needs nothing of the function.
 *
 * <p>What it owns: each value's path, the order of values.yaml, and each value's default, schema
 * and description ({@link io.unboundedcloud.racer.workload.chart.ValueDoc}); for each value that
 * sets a field, that field and whether the value replaces it, adds to its list or its map, or is
 * combined with it ({@link io.unboundedcloud.racer.workload.chart.ValueField}), which chart-gen
 * writes and adopt reverses; the label keys no value may set ({@link
 * io.unboundedcloud.racer.workload.chart.SelectorLabels}, {@link
 * io.unboundedcloud.racer.workload.chart.DeliveryLabels}). The schema's shared definitions
 * (settings, Kubernetes types) are chart-gen's.
 *
 * <p>What it must never do: depend on anything but the JDK and {@code workload}'s constants (it is
 * read by adopt and by chart-gen at build time, never on the function's render path); be imported
 * by the builders or the settings catalog (they stay free of how they are delivered: this table
 * stands above them); or say how a template writes a value (chart-gen's business).
 */
package io.unboundedcloud.racer.workload.chart;
