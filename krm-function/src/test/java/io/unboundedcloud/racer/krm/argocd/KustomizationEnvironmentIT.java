package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import io.unboundedcloud.racer.krm.hostile.HostilePayload;
import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kustomization's {@code envs:} for the racer function, written by whoever can push to the
 * repository, runs no code in the Argo CD sidecar and cannot cancel the Application's parameters
 * (docs/krm.md, "The stand-in's environment"). Each hostile variable goes into the function's
 * {@code envs:} of examples/kustomize/base and is built three ways, each as the sidecar's uid 999
 * with the staged runtime's {@code bin} (the docker stand-in) first on PATH: {@code kubectl
 * kustomize --enable-alpha-plugins}, the plugin's generate and its parameter announcements. Each
 * time the stand-in refuses the variable, naming it, and the payload ({@link HostilePayload}) never
 * runs. The control gives the same payload through the operator's setting of the sidecar
 * (RACER_KRM_JAVA_OPTS, RACER_KRM_LD_PRELOAD) on the same way, and it runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("A kustomization's envs: in the Argo CD sidecar")
class KustomizationEnvironmentIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();
  private static final String IMAGE_LINE =
      "        image: ghcr.io/unbounded-cloud/racer-krm:0.1.0\n";
  private static final String NVIDIA_CDI = "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"}]";

  private LocalKustomize kustomize;
  private Path kubectl;

  @BeforeAll
  void needsTheSidecarAndKubectl() {
    String why = PluginServer.unavailableReason();
    if (why == null && HostCommand.find("kubectl").isEmpty()) {
      why =
          "the builds run kubectl kustomize (and play Argo CD's kustomize with it); kubectl is not on the PATH";
    }
    if (why != null) {
      System.out.println("SKIPPED: KustomizationEnvironmentIT: " + why);
    }
    assumeTrue(why == null, why);
    kustomize = LocalKustomize.find();
    kubectl = HostCommand.find("kubectl").orElseThrow();
  }

  /** How the folder is built: all three as uid 999 with the sidecar's PATH. */
  enum Build {
    KUBECTL_KUSTOMIZE("kubectl kustomize --enable-alpha-plugins ."),
    GENERATE("racer-krm-generate"),
    ANNOUNCE("racer-krm-announce");

    private final String shown;

    Build(String shown) {
      this.shown = shown;
    }

    @Override
    public String toString() {
      return shown;
    }
  }

  /** A hostile variable of the kustomization, and the operator's setting that gives the same. */
  enum Hostile {
    JAVA_TOOL_OPTIONS,
    JDK_JAVA_OPTIONS,
    _JAVA_OPTIONS,
    RACER_KRM_JAVA_OPTS,
    LD_PRELOAD;

    boolean preloads() {
      return this == LD_PRELOAD;
    }

    /** The envs: entries; the payload runs code if any of them reaches java. */
    Map<String, String> envs(HostilePayload payload) {
      return switch (this) {
        case LD_PRELOAD -> Map.of("LD_PRELOAD", payload.preloadLibrary("payload").toString());
        // the form: the launcher's own setting, with the archive off; -Xshare:off as well,
        // since the runtime's default CDS archive would keep the JDK's classes out of the 8 MiB of
        // metaspace the payload needs to exhaust
        case RACER_KRM_JAVA_OPTS ->
            ordered(
                "RACER_KRM_JAVA_OPTS",
                payload.jvmOptions("payload", "-Xshare:off"),
                "RACER_KRM_ARCHIVE",
                "off");
        default ->
            Map.of(
                name(),
                payload.jvmOptions(
                    "payload", HostilePayload.archiveOff(StagedProduct.get().runtime())));
      };
    }

    /** The same payload through the sidecar's documented settings. */
    Map<String, String> operatorSettings(HostilePayload payload) {
      return switch (this) {
        case LD_PRELOAD ->
            Map.of("RACER_KRM_LD_PRELOAD", payload.preloadLibrary("payload").toString());
        case RACER_KRM_JAVA_OPTS -> envs(payload);
        default ->
            Map.of(
                "RACER_KRM_JAVA_OPTS",
                payload.jvmOptions(
                    "payload", HostilePayload.archiveOff(StagedProduct.get().runtime())));
      };
    }
  }

  static Stream<Arguments> hostileBuilds() {
    return Arrays.stream(Hostile.values())
        .flatMap(
            hostile -> Arrays.stream(Build.values()).map(build -> Arguments.of(hostile, build)));
  }

  @Nested
  @DisplayName("runs nothing it sets")
  class RunsNothing {

    @ParameterizedTest(name = "{0} through {1}")
    @MethodSource("io.unboundedcloud.racer.krm.argocd.KustomizationEnvironmentIT#hostileBuilds")
    @DisplayName(
        "a variable that configures the JVM, the loader or the launcher: refused by the stand-in, naming it,"
            + " the payload never run")
    void refused(Hostile hostile, Build build, @TempDir Path root) throws Exception {
      assumeCompiler(hostile);
      Folder folder = receive(root);
      HostilePayload payload = HostilePayload.in(root.resolve("hostile"));
      Map<String, String> envs = hostile.envs(payload);
      folder.setEnvs(envs);

      Generated run = folder.build(build, folder.server(), null);

      assertRefused(run, build, envs.keySet());
      assertThat(payload.marks("payload")).as("what the payload ran").isEmpty();
    }

    @ParameterizedTest(name = "{0} through {1}")
    @MethodSource("io.unboundedcloud.racer.krm.argocd.KustomizationEnvironmentIT#hostileBuilds")
    @DisplayName(
        "control: the same payload through the operator's setting of the sidecar does run, as uid 999")
    void operatorsSettingRuns(Hostile hostile, Build build, @TempDir Path root) throws Exception {
      assumeCompiler(hostile);
      Folder folder = receive(root);
      HostilePayload payload = HostilePayload.in(root.resolve("hostile"));
      PluginServer operated =
          folder.server().withOperatorSettings(hostile.operatorSettings(payload));

      Generated run = folder.build(build, operated, null);

      assertThat(run.stderr()).doesNotContain("refusing -e");
      if (hostile.preloads()) {
        assertThat(payload.marks("payload"))
            .as("the programs that loaded the library; %s", run)
            .anyMatch(exe -> exe.endsWith("/java"));
      } else {
        assertThat(payload.marks("payload"))
            .as("what the payload ran; %s", run)
            .isNotEmpty()
            .allMatch(line -> line.equals("ran as uid " + PluginServer.UID));
      }
    }
  }

  @Nested
  @DisplayName("cannot cancel the Application's parameters")
  class Parameters {

    @ParameterizedTest(name = "through {0}")
    @EnumSource(Build.class)
    @DisplayName(
        "ARGOCD_APP_PARAMETERS=[] in envs: refused, so RACER_NVIDIA=cdi of the Application is never rendered off")
    void emptyParameters(Build build, @TempDir Path root) throws Exception {
      Folder folder = receive(root);
      folder.setEnvs(Map.of("ARGOCD_APP_PARAMETERS", "[]"));

      Generated run = folder.build(build, folder.server(), NVIDIA_CDI);

      assertRefused(run, build, List.of("ARGOCD_APP_PARAMETERS"));
      assertThat(run.stdout())
          .doesNotContain("RACER_NVIDIA: \"off\"")
          .doesNotContain("RACER_NVIDIA: off");
    }

    @ParameterizedTest(name = "through {0}")
    @EnumSource(Build.class)
    @DisplayName(
        "control: without it, the Application's RACER_NVIDIA=cdi is what renders (the folder says off)")
    void applicationParametersApply(Build build, @TempDir Path root) throws Exception {
      Folder folder = receive(root);

      Generated run = folder.build(build, folder.server(), NVIDIA_CDI);

      assertThat(run.exitCode()).as("%s", run).isZero();
      assertThat(run.stderr()).as("%s", run).doesNotContain("refusing");
      if (build == Build.ANNOUNCE) {
        // announcements show the folder's own values, before the Application's parameters
        assertThat(PluginParametersIT.byName(run.stdout()).get("RACER_NVIDIA"))
            .containsEntry("string", "off");
      } else {
        assertThat(run.stdout()).contains("RACER_NVIDIA: cdi");
      }
    }
  }

  private static void assumeCompiler(Hostile hostile) {
    if (hostile.preloads()) {
      HostilePayload.assumeCompiler("KustomizationEnvironmentIT " + hostile);
    }
  }

  /**
   * Refused as the build shows it: kubectl kustomize and generate fail with nothing on stdout, the
   * announcements fall back to the catalog's defaults (exit 0); the stand-in's line names one of
   * {@code names} each time.
   */
  private static void assertRefused(Generated run, Build build, Collection<String> names)
      throws Exception {
    assertThat(run.stderr())
        .as("%s", run)
        .containsAnyOf(
            names.stream().map(name -> "refusing -e " + name + ": ").toArray(String[]::new));
    if (build == Build.ANNOUNCE) {
      assertThat(run.exitCode()).as("%s", run).isZero();
      assertThat(run.stderr()).contains("announcing the catalog's defaults");
      AnnouncementSchema.assertValid(run.stdout());
    } else {
      assertThat(run.exitCode()).as("%s", run).isNotZero();
      assertThat(run.stdout()).as("stdout of a refused build").isEmpty();
    }
  }

  private static Map<String, String> ordered(String... namesAndValues) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return map;
  }

  /**
   * examples/kustomize/base as the plugin server receives it, under a server with Argo CD's
   * kustomize (played by kubectl) on the sidecar's PATH.
   */
  private Folder receive(Path root) throws IOException {
    PluginServer server =
        new PluginServer(
            root, ArgoCdExample.generateCommand(PLUGIN), List.of(kustomize.toolFolder(root)));
    Path app =
        server.receive(
            ArgoCdExample.repositoryRoot().resolve("examples/kustomize/base"),
            "examples/kustomize/base");
    return new Folder(server, app, kubectl);
  }

  /** A received folder and the server that received it. */
  private record Folder(PluginServer server, Path app, Path kubectl) {
    /** Gives the racer function these envs: entries (in this order). */
    void setEnvs(Map<String, String> envs) throws IOException {
      Path function = app.resolve("racer-function.yaml");
      String text = Files.readString(function);
      assertThat(text).contains(IMAGE_LINE);
      StringBuilder lines = new StringBuilder(IMAGE_LINE).append("        envs:\n");
      // JSON-style double quotes: the values hold no quote or backslash
      envs.forEach(
          (name, value) ->
              lines.append("        - \"").append(name).append('=').append(value).append("\"\n"));
      Files.writeString(function, text.replace(IMAGE_LINE, lines));
    }

    /** Builds the folder the way {@code build} says, as uid 999, under {@code sidecar}. */
    Generated build(Build build, PluginServer sidecar, String parametersJson)
        throws IOException, InterruptedException {
      List<String> command =
          switch (build) {
            case KUBECTL_KUSTOMIZE ->
                List.of(kubectl.toString(), "kustomize", "--enable-alpha-plugins", ".");
            case GENERATE -> ArgoCdExample.generateCommand(PLUGIN);
            case ANNOUNCE -> ArgoCdExample.announceCommand(PLUGIN);
          };
      return sidecar.run(app, command, parametersJson);
    }
  }
}
