package io.unboundedcloud.racer.krm.results;

import java.util.Locale;

/**
 * A result's severity, written in lower case as the KRM specification has it. The order of the
 * constants is the order results are shown in ({@link Results}): errors, warnings, infos.
 */
public enum Severity {
  ERROR,
  WARNING,
  INFO;

  /** The value as written in a result. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
