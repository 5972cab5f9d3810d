package io.unboundedcloud.racer.krm.e2e;

import static io.unboundedcloud.racer.krm.e2e.OutputObjects.at;
import static io.unboundedcloud.racer.krm.e2e.OutputObjects.one;
import static io.unboundedcloud.racer.krm.e2e.OutputObjects.podSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * examples/kustomize built by the real {@code kubectl kustomize --enable-alpha-plugins}, which runs
 * the function's container image through the docker stand-in (the packaged launcher, as uid 65534
 * with no network). Each example is built twice, with each kubectl (kustomize 5.5 and 5.7).
 */
@DisplayName("kubectl kustomize builds examples/kustomize with the function")
@ParameterizedClass(name = "with {0}")
@MethodSource("io.unboundedcloud.racer.krm.toolchain.Kubectl#each")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KustomizeExamplesIT {
  @Parameter Kubectl kubectl;

  private static final String WHAT = "end-to-end kustomize tests";
  private static final String NAMESPACE = "racer";
  private static final Map<String, Object> GPU_TOLERATION =
      Map.of("key", "nvidia.com/gpu", "operator", "Exists", "effect", "NoSchedule");

  private Path work;

  /** Why this machine cannot run these tests, or {@code null}. */
  private String skipReason;

  private DockerStandin docker;
  private Build base;
  private Build baseAgain;
  private Build overlay;
  private Build overlayAgain;

  /** One build: its output, and the docker calls it made. */
  record Build(String output, String stderr, List<List<String>> calls, List<String> sandboxes) {
    List<Map<String, Object>> objects() {
      return PackageFiles.objects(output);
    }
  }

  /** Where the builds of each kubectl run. */
  @TempDir Path temp;

  /** The kubectl the builds were made with (null before the first test). */
  private Kubectl builtWith;

  /**
   * Before the first test with each kubectl (JUnit injects it after any @BeforeAll), builds each
   * example twice with it.
   */
  @BeforeEach
  void buildEachExampleTwice() throws IOException {
    if (builtWith != kubectl) {
      builtWith = kubectl;
      prepare(Files.createTempDirectory(temp, "builds"));
    }
    Tool.skipIf(skipReason);
  }

  private void prepare(Path work) {
    this.work = work;
    skipReason = kubectl.missing() == null ? null : kubectl.missing() + " (" + WHAT + ")";
    if (skipReason == null) {
      String unavailable = DockerStandin.unavailableReason();
      skipReason = unavailable == null ? null : unavailable + " (" + WHAT + ")";
    }
    Tool.announceSkip(
        skipReason == null ? null : "KustomizeExamplesIT with " + kubectl + ": " + skipReason);
    if (skipReason != null) {
      return;
    }
    docker = DockerStandin.install(work, Repository.function());
    // the whole tree: the overlay names ../base
    Path examples = PackageFiles.copy(Repository.examples("kustomize"), work.resolve("kustomize"));
    base = build(examples.resolve("base"));
    overlay = build(examples.resolve("overlay"));
    baseAgain = build(examples.resolve("base"));
    overlayAgain = build(examples.resolve("overlay"));
  }

  private Build build(Path kustomization) {
    docker.clear();
    Tool.Run run =
        Tool.run(
                work,
                docker.bin,
                kubectl.path().toString(),
                "kustomize",
                "--enable-alpha-plugins",
                kustomization.toString())
            .succeeded();
    return new Build(run.stdout(), run.stderr(), docker.calls(), docker.sandboxes());
  }

  @Test
  @DisplayName(
      "kustomize prints the objects the function adds without the file annotations it gives them")
  void noFileAnnotations() {
    for (Build build : List.of(base, overlay)) {
      assertThat(build.output())
          .as("kustomize's output (docs/krm.md, \"Files of new objects\")")
          .contains("kind: DaemonSet")
          .doesNotContain("config.kubernetes.io/path")
          .doesNotContain("config.kubernetes.io/index");
    }
  }

  @Test
  @DisplayName(
      "base: the DaemonSet's envFrom names the hashed racer-settings, the ServiceAccount is there")
  void base() {
    List<Map<String, Object>> objects = base.objects();
    assertThat(OutputObjects.identities(objects))
        .containsExactlyInAnyOrder(
            "Namespace racer",
            "ServiceAccount racer/racer",
            "ConfigMap racer/" + settingsName(objects),
            "DaemonSet racer/racer");
    Map<String, Object> daemonSet = one(objects, "DaemonSet", NAMESPACE, "racer");
    assertThat(
            at(OutputObjects.dataplaneContainer(daemonSet), "envFrom", 0, "configMapRef", "name"))
        .isEqualTo(settingsName(objects));
    assertThat(at(OutputObjects.dataplaneContainer(daemonSet), "image"))
        .isEqualTo("registry.example.com/racer/racer-dataplane:0.19.0");
    assertThat(podSpec(daemonSet))
        .containsEntry("serviceAccountName", "racer")
        .doesNotContainKey("tolerations");
    assertThat(base.stderr()).as("what the build printed on stderr").isEmpty();
  }

  @Test
  @DisplayName(
      "overlay: the patched toleration is on the DaemonSet and, with its affinity, on models-origin")
  void overlay() {
    List<Map<String, Object>> objects = overlay.objects();
    String settings = settingsName(objects);
    assertThat(OutputObjects.identities(objects))
        .containsExactlyInAnyOrder(
            "Namespace racer",
            "ServiceAccount racer/racer",
            "ConfigMap racer/" + settings,
            "DaemonSet racer/racer",
            "DaemonSet racer/models-origin");
    Map<String, Object> daemonSet = one(objects, "DaemonSet", NAMESPACE, "racer");
    Map<String, Object> origin = one(objects, "DaemonSet", NAMESPACE, "models-origin");
    assertThat(
            at(OutputObjects.dataplaneContainer(daemonSet), "envFrom", 0, "configMapRef", "name"))
        .isEqualTo(settings);
    assertThat(podSpec(daemonSet).get("tolerations")).isEqualTo(List.of(GPU_TOLERATION));
    assertThat(podSpec(origin).get("tolerations")).isEqualTo(List.of(GPU_TOLERATION));
    assertThat(podSpec(origin).get("affinity"))
        .isNotNull()
        .isEqualTo(podSpec(daemonSet).get("affinity"));
    assertThat(podSpec(origin).get("nodeSelector"))
        .isEqualTo(podSpec(daemonSet).get("nodeSelector"));
    assertThat(overlay.stderr()).as("what the build printed on stderr").isEmpty();
  }

  @Test
  @DisplayName("a second build of each example gives the same bytes")
  void deterministic() {
    assertThat(baseAgain.output()).isEqualTo(base.output());
    assertThat(overlayAgain.output()).isEqualTo(overlay.output());
  }

  @Test
  @DisplayName(
      "kustomize runs the image with no network as nobody, and so it ran: uid 65534, loopback only")
  void containerRuns() {
    // the overlay runs the function twice: in its base, then in itself
    for (Build build : List.of(base, baseAgain)) {
      assertContainerRuns(build, 1);
    }
    for (Build build : List.of(overlay, overlayAgain)) {
      assertContainerRuns(build, 2);
    }
  }

  private static void assertContainerRuns(Build build, int expected) {
    assertThat(build.calls()).hasSize(expected);
    assertThat(build.calls())
        .allSatisfy(
            call -> {
              assertThat(call.get(0)).isEqualTo("run");
              assertThat(String.join(" ", call))
                  .contains(
                      " --network none ", " --user nobody ", " --security-opt=no-new-privileges ");
              assertThat(call.get(call.size() - 1)).isEqualTo(Repository.FUNCTION_IMAGE);
            });
    assertThat(build.sandboxes()).hasSize(expected).containsOnly(DockerStandin.SANDBOXED);
  }

  /** The name of the one racer-settings ConfigMap: kustomize's hash suffix on it. */
  private static String settingsName(List<Map<String, Object>> objects) {
    List<Map<String, Object>> configMaps = OutputObjects.ofKind(objects, "ConfigMap");
    assertThat(configMaps).hasSize(1);
    String name = (String) at(configMaps.get(0), "metadata", "name");
    assertThat(name).matches("racer-settings-[a-z0-9]{10}");
    return name;
  }
}
