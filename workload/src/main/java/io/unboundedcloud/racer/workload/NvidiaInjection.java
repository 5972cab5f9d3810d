package io.unboundedcloud.racer.workload;

import java.util.List;

/**
 * How the dataplane asks the container runtime for the host NVIDIA driver libraries (the {@code
 * NVIDIAInjection} of the Racer operator's Go package {@code workload}, v0.19.0). No mode requests
 * {@code nvidia.com/gpu}.
 */
public enum NvidiaInjection {
  /** No NVIDIA env, CDI annotation, {@code /run/udev} mount or cuFile log volume. */
  OFF("off"),
  /**
   * {@code NVIDIA_VISIBLE_DEVICES} and {@code NVIDIA_DRIVER_CAPABILITIES}, {@code /run/udev} and a
   * cuFile log emptyDir. runc ignores the variables, so they are harmless on nodes without NVIDIA.
   */
  ENV("env"),
  /**
   * Everything of {@link #ENV} plus the CDI pod annotation: only where every node has a CDI spec.
   */
  CDI("cdi");

  /** The env modes {@code env} and {@code cdi} render, and {@code off} does not. */
  public static final List<String> ENV_NAMES =
      List.of("NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES");

  /** Requests the NVIDIA CDI device on the dataplane pod (mode {@code cdi}). */
  public static final String CDI_ANNOTATION = "cdi.k8s.io/racer";

  /** The fully qualified CDI name for every GPU on the node. */
  public static final String CDI_ALL_GPUS = "nvidia.com/gpu=all";

  private final String value;

  NvidiaInjection(String value) {
    this.value = value;
  }

  /** The value as written in racer-settings ({@code off}, {@code env}, {@code cdi}). */
  public String value() {
    return value;
  }

  /** Whether this mode renders the NVIDIA env, udev mount and cuFile log volume. */
  public boolean injectsDriver() {
    return this != OFF;
  }

  /**
   * Reads a racer-settings value; {@code null} or empty means {@link #ENV}, as in the upstream
   * {@code workload} package.
   *
   * @throws InvalidConfigurationException for any other value
   */
  public static NvidiaInjection parse(String value) {
    if (value == null || value.isEmpty()) {
      return ENV;
    }
    for (NvidiaInjection mode : values()) {
      if (mode.value.equals(value)) {
        return mode;
      }
    }
    throw new InvalidConfigurationException(
        "nvidia", value, "nvidia injection \"" + value + "\" is not one of off, env, cdi");
  }
}
