/**
 * racer-krm: renders the Racer dataplane from a ResourceList that holds a racer-settings ConfigMap. {@link
 * io.unboundedcloud.racer.krm.Main} only hands the process's streams to {@code krm.cli}.
 */
package io.unboundedcloud.racer.krm;
