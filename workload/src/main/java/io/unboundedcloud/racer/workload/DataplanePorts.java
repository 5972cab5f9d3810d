package io.unboundedcloud.racer.workload;

import java.util.List;

/** The names of the dataplane container's ports (TCP, no hostPort). */
public final class DataplanePorts {
  /** The peer listener. */
  public static final String PEER = "peer";

  /** The diagnostics listener; the readiness probe targets it by name. */
  public static final String DIAGNOSTICS = "diagnostics";

  /** The control API on seat holders. */
  public static final String CONTROL = "control";

  /** The admission webhook on seat holders. */
  public static final String WEBHOOK = "webhook";

  /** Every port name, in rendered order. */
  public static final List<String> NAMES = List.of(PEER, DIAGNOSTICS, CONTROL, WEBHOOK);

  private DataplanePorts() {}
}
