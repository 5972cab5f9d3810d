package io.unboundedcloud.racer.chart.support;

import java.nio.file.Path;
import java.util.List;

/**
 * One Helm the chart's tests run under: Helm 3 in-process ({@link InProcessHelm}, helm-java) or a
 * Helm binary ({@link HelmBinary}, the pinned Helm 4). Each call is one Helm command on a chart
 * folder; a failing template or install comes back as an {@link IllegalStateException} holding
 * Helm's message.
 */
public sealed interface HelmRunner permits InProcessHelm, HelmBinary {

  /** What {@code helm lint} said: whether it failed, and its messages. */
  record Lint(boolean failed, List<String> messages) {}

  /** Why this Helm cannot run on this machine, or null. */
  String missing();

  /** {@code helm lint --strict} of {@code chart}, with {@code valuesFile} when not null. */
  Lint lintStrict(Path chart, Path valuesFile);

  /**
   * {@code helm template racer CHART} in {@code namespace} for {@link HelmRun#KUBE_VERSION} with
   * {@code valuesFile}; "" when it renders nothing.
   *
   * @throws IllegalStateException with Helm's error when rendering fails
   */
  String template(Path chart, String namespace, Path valuesFile);

  /**
   * What {@code helm install racer CHART --dry-run=client} prints: the release status with
   * NOTES.txt.
   *
   * @throws IllegalStateException with Helm's error when it fails
   */
  String installDryRun(Path chart, String namespace, Path valuesFile);

  /** {@code helm package CHART --destination DESTINATION}. */
  void packageInto(Path chart, Path destination);
}
