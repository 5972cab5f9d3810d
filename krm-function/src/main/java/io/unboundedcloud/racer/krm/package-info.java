/**
 * racer-krm: renders the Racer dataplane from a ResourceList that holds a racer-settings ConfigMap,
 * and adopts a live installation into manifests that it renders the same ({@code krm.adopt}).
 * {@link io.unboundedcloud.racer.krm.Main} only hands the process's streams to {@code krm.cli};
 * {@link io.unboundedcloud.racer.krm.TrainingRun} runs it on the class-data archive's training
 * inputs, at build time only.
 */
package io.unboundedcloud.racer.krm;
