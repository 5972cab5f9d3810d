package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The volumes of the dataplane pod and the mounts of its container, in one table (no subPath
 * anywhere).
 */
public final class DataplaneVolumes {
  /** Volumes rendered in modes {@code env} and {@code cdi} only. */
  public static final List<String> NVIDIA_NAMES = List.of("udev", "cufile-log");

  private static final String DIRECTORY = "Directory";
  private static final String DIRECTORY_OR_CREATE = "DirectoryOrCreate";
  private static final int CONTROL_TOKEN_MODE = 0400;
  private static final int API_CREDENTIALS_MODE = 0644;
  private static final long CONTROL_TOKEN_SECONDS = 3600L;
  // the kubelet's own default for projected API tokens, so in-cluster clients see what they expect
  private static final long API_TOKEN_SECONDS = 3607L;

  private DataplaneVolumes() {}

  /** A volume and where the dataplane container mounts it. */
  public record Entry(Volume volume, VolumeMount mount) {}

  /**
   * The volumes and mounts for an NVIDIA mode (which the builder reads from the config once), in
   * table order.
   */
  public static List<Entry> of(NvidiaInjection nvidia) {
    List<Entry> entries = new ArrayList<>();
    entries.add(hostPath("devices", "/dev", DIRECTORY, DataplaneEnv.DEVICE_DIRECTORY, true));
    entries.add(
        new Entry(
            controlToken(), mount("control-token", DataplaneEnv.CONTROL_TOKEN_DIRECTORY, true)));
    entries.add(
        new Entry(apiCredentials(), mount("api-credentials", Dataplane.API_TOKEN_PATH, true)));
    entries.add(
        hostPath("identity", DataplaneEnv.IDENTITY_DIRECTORY, DIRECTORY_OR_CREATE, null, false));
    entries.add(hostPath("slabs", DataplaneEnv.SLAB_DIRECTORY, DIRECTORY_OR_CREATE, null, false));
    entries.add(hostPath("sockets", CacheOrigin.SOCKET_ROOT, DIRECTORY_OR_CREATE, null, false));
    entries.add(hostPath("infiniband", "/dev/infiniband", DIRECTORY_OR_CREATE, null, true));
    if (nvidia.injectsDriver()) {
      entries.add(hostPath("udev", "/run/udev", DIRECTORY, null, true));
      entries.add(
          new Entry(
              new VolumeBuilder()
                  .withName("cufile-log")
                  .withNewEmptyDir()
                  .withSizeLimit(new Quantity(Dataplane.CUFILE_LOG_SIZE_LIMIT))
                  .endEmptyDir()
                  .build(),
              mount("cufile-log", Dataplane.CUFILE_LOG_DIRECTORY, false)));
    }
    return entries;
  }

  /**
   * Every volume name any NVIDIA mode renders, in the order of the first mode that renders it: the
   * names the renderer owns on an existing DaemonSet.
   */
  public static List<String> ownedNames() {
    Set<String> names = new LinkedHashSet<>();
    for (NvidiaInjection nvidia : NvidiaInjection.values()) {
      for (Entry entry : of(nvidia)) {
        names.add(entry.volume().getName());
      }
    }
    return List.copyOf(names);
  }

  private static Entry hostPath(
      String name, String path, String type, String mountPath, boolean readOnly) {
    Volume volume =
        new VolumeBuilder()
            .withName(name)
            .withNewHostPath()
            .withPath(path)
            .withType(type)
            .endHostPath()
            .build();
    return new Entry(volume, mount(name, mountPath == null ? path : mountPath, readOnly));
  }

  private static VolumeMount mount(String name, String path, boolean readOnly) {
    return new VolumeMountBuilder()
        .withName(name)
        .withMountPath(path)
        .withReadOnly(readOnly)
        .build();
  }

  private static Volume controlToken() {
    return new VolumeBuilder()
        .withName("control-token")
        .withNewProjected()
        .withDefaultMode(CONTROL_TOKEN_MODE)
        .addNewSource()
        .withNewServiceAccountToken()
        .withAudience(Dataplane.CONTROL_TOKEN_AUDIENCE)
        .withExpirationSeconds(CONTROL_TOKEN_SECONDS)
        .withPath(DataplaneEnv.CONTROL_TOKEN_FILE)
        .endServiceAccountToken()
        .endSource()
        .endProjected()
        .build();
  }

  private static Volume apiCredentials() {
    return new VolumeBuilder()
        .withName("api-credentials")
        .withNewProjected()
        .withDefaultMode(API_CREDENTIALS_MODE)
        .addNewSource()
        .withNewServiceAccountToken()
        .withExpirationSeconds(API_TOKEN_SECONDS)
        .withPath("token")
        .endServiceAccountToken()
        .endSource()
        .addNewSource()
        .withNewConfigMap()
        .withName("kube-root-ca.crt")
        .addNewItem()
        .withKey("ca.crt")
        .withPath("ca.crt")
        .endItem()
        .endConfigMap()
        .endSource()
        .addNewSource()
        .withNewDownwardAPI()
        .addNewItem()
        .withPath("namespace")
        .withNewFieldRef()
        .withApiVersion("v1")
        .withFieldPath("metadata.namespace")
        .endFieldRef()
        .endItem()
        .endDownwardAPI()
        .endSource()
        .endProjected()
        .build();
  }
}
