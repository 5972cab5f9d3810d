package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Which workloads diff treats as the cache: the dataplane and the cache origins, nothing else. */
@DisplayName("CacheWorkloads: the dataplane and the cache origins, nothing else")
class CacheWorkloadsTest {
  private static Map<String, Object> withPodLabels(Map<String, String> labels) {
    return Map.of("spec", Map.of("template", Map.of("metadata", Map.of("labels", labels))));
  }

  @Nested
  @DisplayName("the cache")
  class Cache {
    @Test
    @DisplayName("a DaemonSet whose pods carry both dataplane labels")
    void dataplane() {
      assertThat(CacheWorkloads.isCache("DaemonSet", withPodLabels(Dataplane.labels()))).isTrue();
    }

    @Test
    @DisplayName("a Deployment labelled a cache origin")
    void origin() {
      assertThat(
              CacheWorkloads.isCache(
                  "Deployment",
                  Map.of("metadata", Map.of("labels", Map.of(CacheOrigin.LABEL, "models")))))
          .isTrue();
    }
  }

  @Nested
  @DisplayName("not the cache")
  class NotCache {
    @Test
    @DisplayName("a user's Deployment with a pod template and no cache label")
    void usersDeployment() {
      assertThat(
              CacheWorkloads.isCache(
                  "Deployment",
                  Map.of(
                      "metadata",
                      Map.of("labels", Map.of("app", "web")),
                      "spec",
                      Map.of("template", Map.of()))))
          .isFalse();
    }

    @Test
    @DisplayName("a DaemonSet whose pods carry the dataplane's name label but another component")
    void otherComponent() {
      assertThat(
              CacheWorkloads.isCache(
                  "DaemonSet",
                  withPodLabels(
                      Map.of(
                          Dataplane.NAME_LABEL,
                          Dataplane.DATAPLANE_DAEMON_SET_NAME,
                          Dataplane.COMPONENT_LABEL,
                          "exporter"))))
          .isFalse();
    }

    @Test
    @DisplayName("a ConfigMap labelled a cache origin: it has no pods")
    void noPodTemplate() {
      assertThat(
              CacheWorkloads.isCache(
                  "ConfigMap",
                  Map.of("metadata", Map.of("labels", Map.of(CacheOrigin.LABEL, "models")))))
          .isFalse();
    }
  }
}
