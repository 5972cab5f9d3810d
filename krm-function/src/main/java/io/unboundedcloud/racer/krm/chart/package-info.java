/**
 * The values of {@code charts/racer}, named once ({@link
 * io.unboundedcloud.racer.krm.chart.ChartValue}): chart-gen documents and renders each one, {@code
 * krm.adopt} writes each one a live installation needs and names them in the chart verdict.
 *
 * <p>What it owns: each value's path and the order of values.yaml; for each value that sets one
 * field of the dataplane DaemonSet, that field and whether the value replaces it or adds to its
 * list ({@link io.unboundedcloud.racer.krm.chart.ValueField}), and its default, schema and
 * description ({@link io.unboundedcloud.racer.krm.chart.ValueDoc}), which chart-gen writes and
 * adopt reverses. The other values' documentation is chart-gen's ({@code chart.values}, which fails
 * to generate unless it documents exactly these values, in this order).
 *
 * <p>What it must never do: depend on anything but the JDK and {@code workload}'s constants (it is
 * read by adopt and by chart-gen at build time, never on the function's render path), or say how a
 * template writes a value (chart-gen's business).
 */
package io.unboundedcloud.racer.krm.chart;
