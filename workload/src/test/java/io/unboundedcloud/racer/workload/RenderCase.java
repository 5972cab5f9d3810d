package io.unboundedcloud.racer.workload;

import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Test support: one cell of the render matrix, an NVIDIA mode ({@code null} included: it means
 * {@code env}) by a host-network setting, with the default ports 8082 and 9090.
 */
record RenderCase(NvidiaInjection nvidia, boolean hostNetwork) {
  static final String NAMESPACE = "racer-system";
  static final String DATAPLANE_IMAGE = "ghcr.io/unbounded-cloud/racer-dataplane:0.19.0";
  static final String OBJECT_IMAGE = "ghcr.io/unbounded-cloud/racer-object:0.19.0";

  /** Every NVIDIA mode, and no mode at all, with and without host networking. */
  static Stream<RenderCase> all() {
    List<RenderCase> cases = new ArrayList<>();
    List<NvidiaInjection> modes = new ArrayList<>(Arrays.asList(NvidiaInjection.values()));
    modes.add(null);
    for (NvidiaInjection mode : modes) {
      for (boolean hostNetwork : new boolean[] {false, true}) {
        cases.add(new RenderCase(mode, hostNetwork));
      }
    }
    return cases.stream();
  }

  Config config() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(ShapeKeys.HOST_NETWORK.name(), Boolean.toString(hostNetwork));
    if (nvidia != null) {
      settings.put(ShapeKeys.NVIDIA.name(), nvidia.value());
    }
    return Config.fromSettings(NAMESPACE, DATAPLANE_IMAGE, OBJECT_IMAGE, settings);
  }

  /**
   * docs/dataplane.md: modes env and cdi (and so an unset mode) render the NVIDIA env, udev and
   * cufile-log.
   */
  boolean injectsDriver() {
    return nvidia != NvidiaInjection.OFF;
  }

  /** docs/dataplane.md: only mode cdi adds the CDI annotation. */
  boolean requestsCdi() {
    return nvidia == NvidiaInjection.CDI;
  }

  @Override
  public String toString() {
    return "nvidia="
        + (nvidia == null ? "null (env)" : nvidia.value())
        + ", hostNetwork="
        + hostNetwork;
  }
}
