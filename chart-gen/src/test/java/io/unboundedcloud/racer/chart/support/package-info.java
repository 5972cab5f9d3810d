/**
 * Test support: the chart under test, real Helm through helm-java, the KRM function in-process, kustomize
 * patches (in-process, or with kubectl kustomize), and rendered manifests as comparable trees.
 *
 * <p>What it must never do: compute an expected value from the chart's own output, or skip a check silently.
 */
package io.unboundedcloud.racer.chart.support;
