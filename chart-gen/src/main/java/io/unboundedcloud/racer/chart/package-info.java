/**
 * chart-gen: turns the {@code workload} builders into the Helm chart {@code charts/racer}.
 *
 * <p>What it owns: the list of the chart's files and their contents ({@link
 * io.unboundedcloud.racer.chart.RacerChart}) and the command that writes them ({@link
 * io.unboundedcloud.racer.chart.ChartGenerator}). The objects come from {@code chart.objects}, the
 * values from {@code chart.values}, the other texts from {@code chart.docs}.
 *
 * <p>What it must never do: depend on the time, the machine or the order of a hash map (the
 * snapshot is committed and compared byte for byte), or write anywhere but the directory it is
 * given.
 */
package io.unboundedcloud.racer.chart;
