package io.unboundedcloud.racer.workload.chart;

import java.util.List;

/**
 * The labels {@code charts/racer} puts on every object to say how it was delivered (its {@code
 * racer.deliveryLabels}): never a selector, never a value's ({@code commonLabels} refuses them).
 */
public final class DeliveryLabels {
  /** Their keys. */
  public static final List<String> KEYS =
      List.of(
          "helm.sh/chart",
          "app.kubernetes.io/managed-by",
          "app.kubernetes.io/instance",
          "app.kubernetes.io/version");

  private DeliveryLabels() {}
}
