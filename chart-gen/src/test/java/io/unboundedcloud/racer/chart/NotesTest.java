package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("NOTES.txt, shown after helm install")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class NotesTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(NotesTest.class);
  }

  @Test
  @DisplayName("says where the dataplane runs, on which ports, and how to watch the rollout")
  void summary() {
    String notes =
        helm.installDryRun(
            "gpu-system",
            Map.of(
                "images", Map.of("registry", "registry.example.com/racer"),
                "settings", Map.of("RACER_PEER_PORT", "9090", "RACER_NVIDIA", "cdi")));
    assertThat(notes)
        .contains("in namespace gpu-system")
        .contains("registry.example.com/racer/racer-dataplane:0.19.0")
        .contains("peer port 9090, diagnostics port 9091, host network false, NVIDIA mode cdi")
        .contains("kubectl -n gpu-system rollout status daemonset/racer");
  }

  @Test
  @DisplayName(
      "warns about a RACER_ key the catalog does not know, as the function does, and ignores other keys")
  void unknownKey() {
    String notes =
        helm.installDryRun(
            "racer",
            Map.of(
                "images", Map.of("registry", "registry.example.com/racer"),
                "settings", Map.of("RACER_PEER_PORTXYZ", "9090", "team", "ml")));
    assertThat(notes)
        .contains(
            "WARNING: settings.RACER_PEER_PORTXYZ: RACER_PEER_PORTXYZ is not a known"
                + " racer-settings key; did you mean RACER_PEER_PORT?")
        .doesNotContain("settings.team");
  }
}
