package io.unboundedcloud.racer.workload;

import java.util.Objects;

/**
 * What {@link PodFit} finds: a setting or an image that is valid on its own but wrong for the pod
 * that runs it. A warning, an error in strict mode.
 *
 * @param field the racer-settings key ({@code RACER_SHUTDOWN_TIMEOUT_MS}) or the config field
 *     ({@code dataplaneImage}, {@code objectImage}) at fault
 * @param value the value at fault, as the user wrote it
 * @param message what is wrong, why it matters on a node, and what to set instead
 */
public record PodFitProblem(String field, String value, String message) {
  public PodFitProblem {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(message, "message");
  }

  /** Whether the field is a racer-settings key (else a config field naming an image). */
  public boolean isSetting() {
    return field.startsWith("RACER_");
  }
}
