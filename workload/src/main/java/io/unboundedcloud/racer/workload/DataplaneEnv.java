package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The explicit environment of the dataplane container, in order: a {@code $(VAR)} must follow the
 * VAR it expands. Every other setting reaches the dataplane through {@code envFrom} racer-settings.
 */
public final class DataplaneEnv {
  /** The pod IP, the only variable from the downward API. */
  public static final String POD_IP = "RACER_POD_IP";

  static final String CONTROL_TOKEN_DIRECTORY = "/var/run/racer-token";
  static final String CONTROL_TOKEN_FILE = "token";
  static final String IDENTITY_DIRECTORY = "/var/lib/racer/identity";
  static final String SLAB_DIRECTORY = "/var/lib/racer/slabs";
  static final String DEVICE_DIRECTORY = "/host/dev";

  private DataplaneEnv() {}

  /**
   * The explicit env of the dataplane container for a config and its NVIDIA mode (which the builder
   * reads from the config once).
   */
  public static List<EnvVar> of(Config config, NvidiaInjection nvidia) {
    List<EnvVar> env = new ArrayList<>();
    env.add(
        new EnvVarBuilder()
            .withName(POD_IP)
            .withNewValueFrom()
            .withNewFieldRef()
            .withApiVersion("v1")
            .withFieldPath("status.podIP")
            .endFieldRef()
            .endValueFrom()
            .build());
    for (ListenerPort listener : ShapeKeys.listeners()) {
      env.add(listen(listener.portName(), config.port(listener)));
    }
    env.add(listen(DataplanePorts.CONTROL, Dataplane.CONTROL_PORT));
    env.add(listen(DataplanePorts.WEBHOOK, Dataplane.WEBHOOK_PORT));
    env.add(value("RACER_CONTROL_TOKEN", CONTROL_TOKEN_DIRECTORY + "/" + CONTROL_TOKEN_FILE));
    env.add(value("RACER_API_CREDENTIALS", Dataplane.API_TOKEN_PATH));
    env.add(value("RACER_IDENTITY_DIRECTORY", IDENTITY_DIRECTORY + "/private"));
    env.add(value("RACER_SLAB_DIRECTORY", SLAB_DIRECTORY));
    env.add(value("RACER_DEVICE_DIRECTORY", DEVICE_DIRECTORY));
    env.add(value("RACER_OBJECT_IMAGE", config.objectImage()));
    if (nvidia.injectsDriver()) {
      env.add(value(NvidiaInjection.ENV_NAMES.get(0), "all"));
      env.add(value(NvidiaInjection.ENV_NAMES.get(1), "compute,utility"));
    }
    return env;
  }

  /**
   * Every env name any NVIDIA mode renders, in the order of the first mode that renders it: the
   * names the renderer owns on an existing DaemonSet.
   */
  public static List<String> ownedNames() {
    Set<String> names = new LinkedHashSet<>();
    Config config = Config.defaultConfig("", "x", "x");
    for (NvidiaInjection nvidia : NvidiaInjection.values()) {
      for (EnvVar var : of(config, nvidia)) {
        names.add(var.getName());
      }
    }
    return List.copyOf(names);
  }

  /** The {@code RACER_<PORT>_LISTEN} variable of the dataplane's port named {@code portName}. */
  private static EnvVar listen(String portName, int port) {
    return value(
        "RACER_" + portName.toUpperCase(Locale.ROOT) + "_LISTEN", "[$(" + POD_IP + ")]:" + port);
  }

  private static EnvVar value(String name, String value) {
    return new EnvVarBuilder().withName(name).withValue(value).build();
  }
}
