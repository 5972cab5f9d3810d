package io.unboundedcloud.racer.workload;

/** The Racer release this project renders: the default image tag and the chart's appVersion. */
public final class Release {
  /** The targeted Racer version. */
  public static final String RACER_VERSION = "0.19.0";

  /** The dataplane image repository name under a registry. */
  public static final String DATAPLANE_REPOSITORY = "racer-dataplane";

  /** The racer-object sidecar image repository name under a registry. */
  public static final String OBJECT_REPOSITORY = "racer-object";

  private Release() {}
}
