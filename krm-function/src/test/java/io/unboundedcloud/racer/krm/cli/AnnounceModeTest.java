package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.argocd.AnnouncementSchema;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("racer-krm announce: the Argo CD plugin's parameter announcements, never a failure")
class AnnounceModeTest {
  /** A kustomize build's output: racer-settings renamed with a hash, named by the envFrom. */
  private static final String BUILD =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings-7f9c2m, namespace: racer}
      data: {RACER_PEER_PORT: "9100", RACER_NVIDIA: "cdi"}
      ---
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: racer, namespace: racer}
      spec: {template: {spec: {containers: [{name: dataplane, envFrom: [{configMapRef: {name: racer-settings-7f9c2m}}]}]}}}
      """;

  @Test
  @DisplayName("- : a kustomize build on stdin, racer-settings found by the DaemonSet's envFrom")
  void buildOnStdin() throws Exception {
    KrmRun run =
        KrmRun.run(BUILD.getBytes(StandardCharsets.UTF_8), KrmRun.HANG_GUARD, "announce", "-");

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderr()).isEmpty();
    AnnouncementSchema.assertValid(run.stdout());
    assertThat(run.stdout())
        .contains("{\"name\":\"RACER_PEER_PORT\",\"title\":\"RACER_PEER_PORT\"")
        .contains("\"string\":\"9100\"")
        .contains("\"string\":\"cdi\"");
  }

  @Test
  @DisplayName(
      "a folder that cannot be read: the catalog's defaults on stdout, exit 0, the reason on stderr")
  void unreadable(@TempDir Path folder) throws Exception {
    Files.writeString(folder.resolve("racer-settings.yaml"), "data: [\n");

    KrmRun run = KrmRun.command("announce", folder.toString());

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderr()).contains("racer-settings.yaml").contains("defaults");
    AnnouncementSchema.assertValid(run.stdout());
    assertThat(run.stdout())
        .contains("\"name\":\"RACER_PEER_PORT\"")
        .contains("\"string\":\"8082\"");
  }

  @Test
  @DisplayName("a folder without racer-settings: the defaults, and why")
  void noSettings(@TempDir Path folder) throws Exception {
    KrmRun run = KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "announce", "-");

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderr()).contains("no ConfigMap named racer-settings");
    AnnouncementSchema.assertValid(run.stdout());
  }

  @Test
  @DisplayName("no folder at all is a command line that cannot be run (exit 2), as in every mode")
  void noFolder() {
    KrmRun run = KrmRun.command("announce");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stdout()).isEmpty();
  }
}
