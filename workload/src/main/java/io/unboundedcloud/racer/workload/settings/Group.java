package io.unboundedcloud.racer.workload.settings;

/** The two tables of docs/settings.md (generated from the catalog), in their order. */
public enum Group {
  /**
   * Keys the renderer reads to shape the DaemonSet (ports, host network, NVIDIA mode, control
   * seats).
   */
  SHAPES_OBJECTS,
  /** The dataplane's own tuning, passed through envFrom and only validated at render time. */
  DATAPLANE_TUNING
}
