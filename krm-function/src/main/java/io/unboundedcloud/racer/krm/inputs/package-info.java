/**
 * The only place the function reads the ResourceList. {@link
 * io.unboundedcloud.racer.krm.inputs.Inputs} has one method per kind of read (the settings, the
 * function config, the existing dataplane objects, the cache origins); each decides its source and
 * reports, as results, what it could not use. {@link
 * io.unboundedcloud.racer.krm.inputs.ManifestInputs} sorts the objects {@code render} read from
 * files into what a ResourceList would hold (items and function config), and tells the rendered
 * objects to print from local config. {@link io.unboundedcloud.racer.krm.inputs.DataplaneWiring} is
 * the one place that knows how a DaemonSet wires the dataplane (its container, its images, the
 * settings ConfigMap its container reads, the pod-template fields racer-settings shapes): render,
 * verify, diff and adopt read it there.
 *
 * <p>A read that cannot be answered fails visibly: it never falls back silently to a default or to
 * another source. Nothing here changes an item.
 */
package io.unboundedcloud.racer.krm.inputs;
