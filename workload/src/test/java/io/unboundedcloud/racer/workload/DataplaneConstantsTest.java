package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The constants of the Racer operator's Go package {@code workload}, v0.19.0, as
 * docs/dataplane.md's "Names and constants" table gives them.
 */
@DisplayName("the constants of the upstream workload package keep their v0.19.0 values")
class DataplaneConstantsTest {

  @Test
  @DisplayName("names, labels, audience and ports")
  void names() {
    assertThat(Dataplane.DATAPLANE_DAEMON_SET_NAME).isEqualTo("racer");
    assertThat(Dataplane.CONTAINER_NAME).isEqualTo("dataplane");
    assertThat(Dataplane.EXCLUSION_LABEL).isEqualTo("racer.unbounded-cloud.io/exclude");
    assertThat(Dataplane.CONTROL_TOKEN_AUDIENCE).isEqualTo("racer-control");
    assertThat(Dataplane.CONTROL_PORT).isEqualTo(8443);
    assertThat(Dataplane.WEBHOOK_PORT).isEqualTo(9443);
    assertThat(Dataplane.API_TOKEN_PATH).isEqualTo("/var/run/secrets/kubernetes.io/serviceaccount");
  }

  @Test
  @DisplayName("settings keys, seat bound, NVIDIA and cuFile values, memory request")
  void settingsAndNvidia() {
    assertThat(Dataplane.CONTROL_SEATS_KEY).isEqualTo("RACER_CONTROL_SEATS");
    assertThat(Dataplane.MAX_CONTROL_SEATS).isEqualTo(16);
    assertThat(ShapeKeys.NVIDIA.name()).isEqualTo("RACER_NVIDIA");
    assertThat(NvidiaInjection.CDI_ANNOTATION).isEqualTo("cdi.k8s.io/racer");
    assertThat(NvidiaInjection.CDI_ALL_GPUS).isEqualTo("nvidia.com/gpu=all");
    assertThat(Dataplane.CUFILE_LOG_DIRECTORY).isEqualTo("/var/log/cufile");
    assertThat(Dataplane.CUFILE_LOG_SIZE_LIMIT).isEqualTo("64Mi");
    assertThat(Dataplane.DATAPLANE_MEMORY_REQUEST).isEqualTo("1Gi");
  }

  @Test
  @DisplayName(
      "ours: racer-settings and the keys read into Config, the settings-hash annotation, the cache-origin"
          + " label, the port names")
  void ours() {
    assertThat(Dataplane.SETTINGS_CONFIG_MAP).isEqualTo("racer-settings");
    assertThat(ShapeKeys.PEER_PORT.name()).isEqualTo("RACER_PEER_PORT");
    assertThat(ShapeKeys.DIAGNOSTICS_PORT.name()).isEqualTo("RACER_DIAGNOSTICS_PORT");
    assertThat(ShapeKeys.HOST_NETWORK.name()).isEqualTo("RACER_HOST_NETWORK");
    assertThat(Dataplane.SETTINGS_HASH_ANNOTATION)
        .isEqualTo("racer.unbounded-cloud.io/settings-hash");
    assertThat(CacheOrigin.LABEL).isEqualTo("racer.unbounded-cloud.io/cache-origin");
    assertThat(
            Dataplane.daemonSet(Config.defaultConfig("", "r/d:1", "r/o:1"))
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getPorts())
        .extracting(ContainerPort::getName)
        .containsExactly("peer", "diagnostics", "control", "webhook");
    assertThat(InvalidConfigurationException.PREFIX)
        .isEqualTo("invalid racer dataplane configuration");
  }
}
