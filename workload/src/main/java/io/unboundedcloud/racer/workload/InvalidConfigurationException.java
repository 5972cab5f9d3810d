package io.unboundedcloud.racer.workload;

/**
 * The {@code ErrInvalid} of the Racer operator's Go package {@code workload}, v0.19.0: every
 * invalid dataplane configuration, with the field and the value that made it invalid, so a caller
 * can point at the input that carried it.
 */
public final class InvalidConfigurationException extends RuntimeException {
  /** The message prefix of every instance, as in the upstream {@code workload} package. */
  public static final String PREFIX = "invalid racer dataplane configuration";

  private final String field;
  private final String value;

  /**
   * @param field the {@link Config} component at fault (for example {@code peerPort})
   * @param value the offending value as text
   * @param problem what is wrong, naming the field and the value
   */
  public InvalidConfigurationException(String field, String value, String problem) {
    super(PREFIX + ": " + problem);
    this.field = field;
    this.value = value;
  }

  /** The {@link Config} component at fault. */
  public String field() {
    return field;
  }

  /** The offending value as text. */
  public String value() {
    return value;
  }
}
