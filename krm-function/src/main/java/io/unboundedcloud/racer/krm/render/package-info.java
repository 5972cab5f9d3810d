/**
 * Rendering: from the inputs that {@code krm.inputs} read to the objects the function writes. It
 * turns racer-settings and the function config into a {@code Config}, renders the DaemonSet and
 * ServiceAccount with the {@code workload} builders, merges them into what was already there by the
 * ownership rules of docs/dataplane.md, and copies the dataplane's node placement onto the cache
 * origins.
 *
 * <p>It never reads the ResourceList itself (that is {@code Inputs}' job) and never writes to
 * stdout or stderr: every problem becomes a {@code Result}.
 */
package io.unboundedcloud.racer.krm.render;
