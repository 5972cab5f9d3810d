package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * kustomize's {@code --enable-alpha-plugins}, which the racer function needs, also turns on the
 * {@code helmCharts:} generator, which runs {@code helm} from the PATH with arguments the
 * kustomization chooses (docs/security.md). In the Argo CD sidecar that would be code chosen by
 * whoever can push to the repository: the plugin's generate and announce give kustomize the
 * runtime's {@code racer-krm-refuse-helm} as its helm command, so no helm runs, whatever the PATH
 * holds. A {@code helm} that marks each run is put on the sidecar's PATH; the control shows that
 * the same build with plain {@code kubectl kustomize --enable-alpha-plugins} does run it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("helmCharts: in a kustomization of the Argo CD sidecar")
class HelmChartsIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();

  private LocalKustomize kustomize;
  private Path kubectl;

  @BeforeAll
  void needsTheSidecarAndKubectl() {
    String why = LocalKustomize.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: HelmChartsIT: " + why);
    }
    assumeTrue(why == null, why);
    kustomize = LocalKustomize.find();
    kubectl = HostCommand.find("kubectl").orElseThrow();
  }

  @Test
  @DisplayName("generate fails naming helmCharts: and what to do instead; helm never runs")
  void generateRefuses(@TempDir Path root) throws Exception {
    Sidecar sidecar = Sidecar.in(root, kustomize);

    Generated run = sidecar.server.run(sidecar.app, ArgoCdExample.generateCommand(PLUGIN), null);

    assertThat(run.exitCode()).as("%s", run).isNotZero();
    assertThat(run.stdout()).as("stdout of a refused build").isEmpty();
    assertThat(run.stderr())
        .as("%s", run)
        .contains("inflates a Helm chart (helmCharts:), which the racer-krm plugin never runs")
        .contains("Helm source");
    assertThat(sidecar.helmRuns()).as("what the PATH's helm ran").isEmpty();
  }

  @Test
  @DisplayName("announce falls back to the catalog's defaults; helm never runs")
  void announceRunsNoHelm(@TempDir Path root) throws Exception {
    Sidecar sidecar = Sidecar.in(root, kustomize);

    Generated run = sidecar.server.run(sidecar.app, ArgoCdExample.announceCommand(PLUGIN), null);

    assertThat(run.exitCode()).as("%s", run).isZero();
    assertThat(run.stderr()).as("%s", run).contains("announcing the catalog's defaults");
    AnnouncementSchema.assertValid(run.stdout());
    assertThat(sidecar.helmRuns()).as("what the PATH's helm ran").isEmpty();
  }

  @Test
  @DisplayName(
      "control: kubectl kustomize --enable-alpha-plugins with the same PATH runs that helm")
  void alphaPluginsRunHelm(@TempDir Path root) throws Exception {
    Sidecar sidecar = Sidecar.in(root, kustomize);

    sidecar.server.run(
        sidecar.app, List.of(kubectl.toString(), "kustomize", "--enable-alpha-plugins", "."), null);

    assertThat(sidecar.helmRuns()).as("what the PATH's helm ran").isNotEmpty();
  }

  /**
   * examples/kustomize/base as the plugin server receives it, with a local chart in its
   * helmCharts:, and a marking helm on the sidecar's PATH after Argo CD's kustomize.
   */
  private record Sidecar(PluginServer server, Path app, Path marks) {
    static Sidecar in(Path root, LocalKustomize kustomize) throws IOException {
      Path marks = Files.createDirectories(root.resolve("marks"));
      Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
      Path helmFolder = Files.createDirectories(root.resolve("helm-tools"));
      Files.setPosixFilePermissions(helmFolder, PosixFilePermissions.fromString("rwxr-xr-x"));
      Path helm = helmFolder.resolve("helm");
      Files.writeString(
          helm,
          "#!/bin/sh\necho \"helm $*\" >> '%s'\nexit 1\n"
              .formatted(marks.resolve("helm-runs").toString()));
      Files.setPosixFilePermissions(helm, PosixFilePermissions.fromString("rwxr-xr-x"));

      PluginServer server =
          new PluginServer(
              root,
              ArgoCdExample.generateCommand(PLUGIN),
              List.of(kustomize.toolFolder(root), helmFolder));
      Path app =
          server.receive(
              ArgoCdExample.repositoryRoot().resolve("examples/kustomize/base"),
              "examples/kustomize/base");
      Path kustomization = app.resolve("kustomization.yaml");
      Files.writeString(
          kustomization,
          Files.readString(kustomization)
              + "helmGlobals:\n  chartHome: charts\nhelmCharts:\n- name: demo\n  releaseName: demo\n");
      Path chart = Files.createDirectories(app.resolve("charts/demo/templates"));
      for (Path folder : List.of(chart, chart.getParent(), chart.getParent().getParent())) {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      Files.writeString(
          chart.getParent().resolve("Chart.yaml"), "apiVersion: v2\nname: demo\nversion: 0.1.0\n");
      return new Sidecar(server, app, marks);
    }

    /** The lines the marking helm wrote, one a run. */
    List<String> helmRuns() throws IOException {
      Path runs = marks.resolve("helm-runs");
      return Files.exists(runs) ? Files.readAllLines(runs) : List.of();
    }
  }
}
