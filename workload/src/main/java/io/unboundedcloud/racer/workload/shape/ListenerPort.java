package io.unboundedcloud.racer.workload.shape;

import java.util.Objects;

/**
 * A shape key whose value is a port the dataplane listens on, one row of {@link
 * ShapeKeys#listeners()}: the builders give it a container port and a {@code RACER_<NAME>_LISTEN}
 * variable, {@code Config.validate()} keeps it in range, off the fixed ports and apart from the
 * other listeners, PodFit checks it against the node agents' ports on the host network, and the
 * chart's templates run the same checks over the same rows.
 */
public final class ListenerPort {
  private final ShapeKey<Integer> key;
  private final String portName;
  private final UnsetPort unset;

  /**
   * @param key the shape key that sets it
   * @param portName the dataplane container's name for the port (also its {@code
   *     RACER_<NAME>_LISTEN} variable's and the chart templates' variable's name)
   * @param unset the port chosen when the key reads 0 (unset), or {@code null} when the key always
   *     holds the port
   */
  public ListenerPort(ShapeKey<Integer> key, String portName, UnsetPort unset) {
    this.key = Objects.requireNonNull(key, "key");
    this.portName = Objects.requireNonNull(portName, "portName");
    this.unset = unset;
  }

  /**
   * The port chosen for a listener whose key reads 0: {@code usual}, or {@code alternate} when the
   * listener {@code over} already listens on {@code usual}.
   */
  public record UnsetPort(ListenerPort over, int usual, int alternate) {
    public UnsetPort {
      Objects.requireNonNull(over, "over");
      if (usual == alternate) {
        throw new IllegalArgumentException("an unset port needs two ports to choose from");
      }
    }
  }

  /** The shape key that sets it. */
  public ShapeKey<Integer> key() {
    return key;
  }

  /** The dataplane container's name for the port. */
  public String portName() {
    return portName;
  }

  /** How a 0 (unset) key chooses the port, if it may be unset. */
  public UnsetPort unset() {
    return unset;
  }

  /** Whether {@code value}, the key's, leaves the port to {@link #unset()}. */
  public boolean leftUnset(int value) {
    return value == 0 && unset != null;
  }

  /** The port the dataplane listens on for shape values. */
  public int port(ShapeValues values) {
    int value = values.get(key);
    if (!leftUnset(value)) {
      return value;
    }
    return unset.over().port(values) == unset.usual() ? unset.alternate() : unset.usual();
  }
}
