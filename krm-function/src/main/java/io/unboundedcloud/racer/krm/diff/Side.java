package io.unboundedcloud.racer.krm.diff;

import java.util.Locale;

/** The two sides of a diff, as the command line names them: OLD, then NEW. */
public enum Side {
  OLD,
  NEW;

  /** {@code old} or {@code new}, as the JSON report spells it. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
