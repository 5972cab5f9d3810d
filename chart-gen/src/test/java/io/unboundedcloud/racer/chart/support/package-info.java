/**
 * Test support: the chart under test, real Helm through helm-java, kustomize patches (in-process,
 * or with kubectl kustomize), and rendered manifests as comparable trees. The KRM function runs
 * in-process through krm-function's one test harness ({@code io.unboundedcloud.racer.krm.harness},
 * from its test jar).
 *
 * <p>What it must never do: compute an expected value from the chart's own output, or skip a check
 * silently.
 */
package io.unboundedcloud.racer.chart.support;
