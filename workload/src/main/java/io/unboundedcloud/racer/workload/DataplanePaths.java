package io.unboundedcloud.racer.workload;

/**
 * Where the dataplane DaemonSet's parts sit, as dot-separated keys from the object's root: the one
 * spelling of the pod's and the dataplane container's paths, which the function's wiring reads and
 * writes by and the chart's value table places values by. The container is the item of {@link
 * #CONTAINERS} named {@link Dataplane#CONTAINER_NAME}.
 */
public final class DataplanePaths {
  /** The pod template. */
  public static final String POD_TEMPLATE = "spec.template";

  /** The pod template's metadata. */
  public static final String POD_METADATA = POD_TEMPLATE + ".metadata";

  /** The pod spec. */
  public static final String POD_SPEC = POD_TEMPLATE + ".spec";

  /** The pod's containers, the dataplane's among them. */
  public static final String CONTAINERS = POD_SPEC + ".containers";

  private DataplanePaths() {}
}
