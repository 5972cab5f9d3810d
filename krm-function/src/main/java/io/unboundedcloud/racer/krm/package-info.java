/**
 * racer-krm: renders the Racer dataplane from a ResourceList that holds a racer-settings ConfigMap,
 * and adopts a live installation into manifests that it renders the same ({@code krm.adopt}).
 * {@link io.unboundedcloud.racer.krm.Main} only hands the process's streams to {@code krm.cli};
 * {@link io.unboundedcloud.racer.krm.ArchiveRecordingRun} runs it on the inputs the class-data
 * archive is recorded from (the JVM's "training run"), at build time only.
 */
package io.unboundedcloud.racer.krm;
