package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.Map;

/**
 * The adopted dataplane DaemonSet beside what the chart renders with its default values (the
 * function's render of racer-settings alone): a value is needed where the two differ as the API
 * server stores them.
 */
final class AdoptedDataplane {
  /** The dataplane container's fields, from the pod template's. */
  static final FieldPath CONTAINER = DataplaneWiring.CONTAINER;

  private final Map<String, Object> adopted;
  private final Map<String, Object> chartDefault;
  private final Map<String, Object> filledAdopted;
  private final Map<String, Object> filledDefault;

  /**
   * @param adopted the DaemonSet adopt wrote
   * @param chartDefault the DaemonSet of a default install
   */
  AdoptedDataplane(Map<String, Object> adopted, Map<String, Object> chartDefault) {
    this.adopted = adopted;
    this.chartDefault = chartDefault;
    this.filledAdopted = ApiServerDefaults.filled(adopted);
    this.filledDefault = ApiServerDefaults.filled(chartDefault);
  }

  /** The adopted DaemonSet's value at {@code at}, or {@code null}. */
  Object value(FieldPath at) {
    return at.valueIn(adopted);
  }

  /** A default install's DaemonSet's value at {@code at}, or {@code null}. */
  Object defaultValue(FieldPath at) {
    return at.valueIn(chartDefault);
  }

  /**
   * Whether the adopted DaemonSet differs from a default install at {@code at}, both completed with
   * the API server's defaults (so that {@code {type: RollingUpdate}}, the default update strategy
   * written short, needs no value).
   */
  boolean differs(FieldPath at) {
    return !PlainTrees.same(at.valueIn(filledAdopted), at.valueIn(filledDefault));
  }
}
