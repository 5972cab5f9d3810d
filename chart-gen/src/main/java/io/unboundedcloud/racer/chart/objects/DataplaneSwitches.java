package io.unboundedcloud.racer.chart.objects;

import io.unboundedcloud.racer.chart.template.Switch;
import io.unboundedcloud.racer.chart.template.Variant;
import io.unboundedcloud.racer.chart.template.VariantSpace;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import java.util.Arrays;
import java.util.List;

/**
 * The discrete inputs of the dataplane builders: NVIDIA mode x host network, and the sentinel
 * config of each.
 */
public final class DataplaneSwitches {
  private static final Switch NVIDIA =
      new Switch(
          "NVIDIA mode",
          Defines.include(Defines.NVIDIA),
          Arrays.stream(NvidiaInjection.values()).map(NvidiaInjection::value).toList());
  private static final Switch HOST_NETWORK =
      new Switch("host network", Defines.include(Defines.HOST_NETWORK), List.of("false", "true"));

  private DataplaneSwitches() {}

  /** Every combination of the two switches. */
  public static VariantSpace space() {
    return new VariantSpace(List.of(NVIDIA, HOST_NETWORK));
  }

  /** The builders' config of one variant: its switch values, every scalar a sentinel. */
  public static Config config(Variant variant) {
    return new Config(
        Sentinels.NAMESPACE,
        Sentinels.DATAPLANE_IMAGE,
        Sentinels.OBJECT_IMAGE,
        Sentinels.PEER_PORT,
        Boolean.parseBoolean(variant.value(1)),
        Sentinels.DIAGNOSTICS_PORT,
        NvidiaInjection.parse(variant.value(0)));
  }
}
