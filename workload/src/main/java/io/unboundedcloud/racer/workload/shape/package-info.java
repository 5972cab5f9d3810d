/**
 * The racer-settings keys that shape the dataplane DaemonSet, as one table ({@link
 * io.unboundedcloud.racer.workload.shape.ShapeKeys}): each key's catalog row, the {@code Config}
 * component it sets, its parser and default, the placeholder chart-gen gives the builders for it,
 * the chart's define that reads it, and the fields of the DaemonSet it shapes with why ({@link
 * io.unboundedcloud.racer.workload.shape.ShapedField}, what adopt says of a field it renders
 * otherwise than live).
 *
 * <p>What it owns: reading those keys from racer-settings data ({@link
 * io.unboundedcloud.racer.workload.shape.ShapeValues#read}), which {@code Config.fromSettings}
 * calls; the function, chart-gen and the tests read them through it, never by key name.
 *
 * <p>What it must never do: check a value (the settings catalog does, before it is read), build
 * objects, or write Helm text (chart-gen turns each parser kind into its Go twin).
 */
package io.unboundedcloud.racer.workload.shape;
