package io.unboundedcloud.racer.workload;

/**
 * Strict mode, which both deliveries offer (the function config's {@code strict}, the chart's value
 * {@code strict}): every warning, a {@link PodFitProblem} or an unknown settings key, becomes an
 * error whose message ends with the same note, saying what turned strict mode on.
 */
public final class StrictMode {
  private StrictMode() {}

  /**
   * What follows a warning's message once strict mode makes it an error.
   *
   * @param why what turned strict mode on, in the words of the delivery that reports it
   */
  public static String note(String why) {
    return " (an error in strict mode: " + why + ")";
  }
}
