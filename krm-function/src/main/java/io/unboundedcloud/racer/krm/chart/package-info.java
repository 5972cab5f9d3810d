/**
 * The values of {@code charts/racer}, named once ({@link
 * io.unboundedcloud.racer.krm.chart.ChartValue}): chart-gen documents and renders each one, {@code
 * krm.adopt} writes each one a live installation needs and names them in the chart verdict.
 *
 * <p>What it owns: each value's path and the order of values.yaml. What it must never do: hold a
 * value's documentation or schema (chart-gen's {@code chart.values} does, and fails to generate
 * unless it documents exactly these values, in this order) or depend on anything but the JDK.
 */
package io.unboundedcloud.racer.krm.chart;
