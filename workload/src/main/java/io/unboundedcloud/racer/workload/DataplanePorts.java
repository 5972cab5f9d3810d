package io.unboundedcloud.racer.workload;

/**
 * The names of the dataplane container's ports (TCP, no hostPort): the listener ports of the shape
 * table ({@code ShapeKeys.listeners()}) in its order, then the fixed control and webhook ports.
 */
public final class DataplanePorts {
  /** The peer listener. */
  public static final String PEER = "peer";

  /** The diagnostics listener; the readiness probe targets it by name. */
  public static final String DIAGNOSTICS = "diagnostics";

  /** The control API on seat holders. */
  public static final String CONTROL = "control";

  /** The admission webhook on seat holders. */
  public static final String WEBHOOK = "webhook";

  private DataplanePorts() {}
}
