package io.unboundedcloud.racer.workload.settings;

/**
 * How bad a settings {@link Finding} is: an error stops rendering, a warning is reported and
 * rendering goes on. The KRM function turns it into the severity of a result (its own type, in
 * {@code krm.results}).
 */
public enum FindingSeverity {
  ERROR,
  WARNING
}
