package io.unboundedcloud.racer.workload.settings;

/** How bad a {@link Finding} is: an error stops rendering, a warning is reported and rendering goes on. */
public enum Severity {
    ERROR,
    WARNING
}
