/**
 * The chart's objects, each made by running the {@code workload} builders: the dataplane DaemonSet
 * and its ServiceAccount over every variant of the NVIDIA mode and host network, the racer-settings
 * ConfigMap, and a cache origin DaemonSet per {@code cacheOrigins} item.
 *
 * <p>What it owns: the sentinel inputs, the Helm placeholders ({@link
 * io.unboundedcloud.racer.chart.objects.HelmPlaceholders}), the switches ({@link
 * io.unboundedcloud.racer.chart.objects.DataplaneSwitches}), the Helm expression that replaces each
 * sentinel and the Helm blocks the chart adds (delivery labels, the affinity merge, the cache
 * origins' placement), how each value that sets a field of the DaemonSet or the ServiceAccount is
 * written there ({@link io.unboundedcloud.racer.chart.objects.FieldTemplates}, from {@code
 * workload.chart.ChartValue}'s table), and what the builders render at those fields ({@link
 * io.unboundedcloud.racer.chart.objects.DataplaneDefaults}), which the values' defaults are read
 * from.
 *
 * <p>What it must never do: restate what a builder renders. A field of an object comes from a
 * builder's output or from the user's values, never from a literal here; the Helm logic that Java
 * also has lives in {@code _helpers.tpl} and {@code _validate.tpl}, whose names {@link
 * io.unboundedcloud.racer.chart.objects.Defines} holds.
 */
package io.unboundedcloud.racer.chart.objects;
