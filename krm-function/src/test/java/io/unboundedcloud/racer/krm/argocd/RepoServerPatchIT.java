package io.unboundedcloud.racer.krm.argocd;

import static io.unboundedcloud.racer.krm.argocd.ArgoCdExample.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.memory.MemoryTable;
import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * examples/argocd/kustomization.yaml built with {@code kubectl kustomize}, its upstream install
 * replaced by a local stand-in of the stock argocd-repo-server Deployment
 * (src/test/resources/argocd), so no network; with each kubectl (kustomize 5.5 and 5.7).
 */
@DisplayName("The repo-server sidecar patch (examples/argocd/repo-server-patch.yaml)")
@ParameterizedClass(name = "with {0}")
@MethodSource("io.unboundedcloud.racer.krm.toolchain.Kubectl#each")
class RepoServerPatchIT {
  private static final java.util.Set<String> ANNOUNCED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  @Parameter Kubectl kubectl;

  private static final String STAND_IN = "argocd-repo-server.yaml";

  /** The volume holding Argo CD's kustomize, and where the sidecar mounts it. */
  private static final String TOOLS_VOLUME = "racer-krm-argocd-tools";

  private static final String TOOLS_FOLDER = "/opt/argocd-tools";

  @BeforeEach
  void needsKubectl() {
    String missing = kubectl.missing();
    if (missing != null && ANNOUNCED.add(kubectl.toString())) {
      System.out.println(
          "SKIPPED: RepoServerPatchIT with "
              + kubectl
              + ": the repo-server patch is built with kubectl kustomize; "
              + missing);
    }
    assumeTrue(missing == null, missing);
  }

  @Test
  @DisplayName(
      "adds the racer-krm sidecar: Argo CD's plugin server as uid 999, the stock var-files and plugins volumes, HOME=/tmp")
  void addsTheSidecar(@TempDir Path dir) throws Exception {
    Map<String, Object> pod = podSpec(build(dir));
    Map<String, Object> sidecar = container(pod, "containers", "racer-krm");

    assertThat((Object) at(sidecar, "image")).isEqualTo("ghcr.io/unbounded-cloud/racer-krm:0.1.0");
    assertThat((Object) at(sidecar, "command"))
        .as("the plugin server, with the warm renderer beside it on a socket in the sidecar's /tmp")
        .isEqualTo(
            List.of(
                "/opt/racer-krm/bin/racer-krm-renderer",
                "/tmp/racer-krm/socket",
                "--",
                "/var/run/argocd/argocd-cmp-server"));
    assertThat((Object) at(sidecar, "args")).isNull();
    assertThat((Object) at(sidecar, "securityContext", "runAsNonRoot")).isEqualTo(true);
    assertThat((Object) at(sidecar, "securityContext", "runAsUser")).isEqualTo(999);
    assertThat((List<Object>) at(sidecar, "env")).contains(Map.of("name", "HOME", "value", "/tmp"));
    assertThat(mounts(sidecar))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "/var/run/argocd",
                "var-files",
                "/home/argocd/cmp-server/plugins",
                "plugins",
                "/tmp",
                "racer-krm-tmp",
                TOOLS_FOLDER,
                TOOLS_VOLUME));
    assertThat(volume(pod, "racer-krm-tmp"))
        .isEqualTo(Map.of("name", "racer-krm-tmp", "emptyDir", Map.of()));
  }

  @Test
  @DisplayName(
      "sets the sidecar's memory from the figures of docs/performance.md: the request fits a typical render, the limit"
          + " a 5,000-object render beside a typical one; a CPU request and no CPU limit")
  void resources(@TempDir Path dir) throws Exception {
    Map<String, Object> sidecar = container(podSpec(build(dir)), "containers", "racer-krm");

    assertThat((Object) at(sidecar, "resources"))
        .isEqualTo(
            Map.of(
                "requests", Map.of("cpu", "100m", "memory", "128Mi"),
                "limits", Map.of("memory", "256Mi")));
    int typical = MemoryTable.limitToSetMib(20);
    int large = MemoryTable.limitToSetMib(5000);
    assertThat(mebibytes(at(sidecar, "resources", "requests", "memory")))
        .isGreaterThanOrEqualTo(typical);
    assertThat(mebibytes(at(sidecar, "resources", "limits", "memory")))
        .isGreaterThanOrEqualTo(large + typical);
  }

  private static int mebibytes(String quantity) {
    assertThat(quantity).matches("\\d+Mi");
    return Integer.parseInt(quantity.substring(0, quantity.length() - 2));
  }

  @Test
  @DisplayName(
      "brings Argo CD's own kustomize: an init container of the repo server's image copies it into a volume on the sidecar's PATH")
  void addsArgoCdsKustomize(@TempDir Path dir) throws Exception {
    Map<String, Object> pod = podSpec(build(dir, UnaryOperator.identity()));
    Map<String, Object> copy = container(pod, "initContainers", "racer-krm-kustomize");
    Map<String, Object> sidecar = container(pod, "containers", "racer-krm");

    assertThat((Object) at(copy, "image"))
        .isEqualTo(at(container(pod, "containers", "argocd-repo-server"), "image"));
    List<String> command = at(copy, "command");
    assertThat(command).hasSize(3);
    assertThat(command.get(1))
        .as("where the Argo CD image keeps kustomize")
        .isEqualTo("/usr/local/bin/kustomize");
    String copyFolder =
        mounts(copy).entrySet().stream()
            .filter(mount -> TOOLS_VOLUME.equals(mount.getValue()))
            .map(Map.Entry::getKey)
            .findFirst()
            .orElseThrow(() -> new AssertionError("the copy does not mount " + TOOLS_VOLUME));
    assertThat(command.get(2)).as("the copy's target").isEqualTo(copyFolder + "/kustomize");
    assertThat(command.get(0)).endsWith("cp");
    assertThat((Object) at(copy, "securityContext", "runAsNonRoot")).isEqualTo(true);
    assertThat((Object) at(copy, "securityContext", "readOnlyRootFilesystem")).isEqualTo(true);
    assertThat(volume(pod, TOOLS_VOLUME))
        .isEqualTo(Map.of("name", TOOLS_VOLUME, "emptyDir", Map.of()));
    assertThat(mounts(sidecar)).containsEntry(TOOLS_FOLDER, TOOLS_VOLUME);
    assertThat((List<Object>) at(sidecar, "env"))
        .as("the sidecar keeps the image's PATH")
        .noneMatch(env -> "PATH".equals(at(env, "name")));
    assertThat(imagePath())
        .as("the image's PATH (Dockerfile), where generate finds kustomize by name")
        .contains(TOOLS_FOLDER)
        .startsWith("/opt/racer-krm/bin:");
  }

  @Test
  @DisplayName(
      "copies kustomize from whatever Argo CD release the install pins: the init container follows the repo server's image")
  void followsTheRepoServerImage(@TempDir Path dir) throws Exception {
    Map<String, Object> pod =
        podSpec(
            build(
                dir,
                standIn ->
                    standIn.replace(
                        "quay.io/argoproj/argocd:v3.6.1",
                        "registry.example.com/argoproj/argocd:v9.9.9")));

    assertThat((Object) at(container(pod, "containers", "argocd-repo-server"), "image"))
        .isEqualTo("registry.example.com/argoproj/argocd:v9.9.9");
    assertThat((Object) at(container(pod, "initContainers", "racer-krm-kustomize"), "image"))
        .isEqualTo("registry.example.com/argoproj/argocd:v9.9.9");
  }

  @Test
  @DisplayName("gives the sidecar a /tmp of its own, never a volume the repo server mounts")
  void ownTmp(@TempDir Path dir) throws Exception {
    Map<String, Object> pod = podSpec(build(dir));

    String sidecarTmp = mounts(container(pod, "containers", "racer-krm")).get("/tmp");
    assertThat(mounts(container(pod, "containers", "argocd-repo-server")))
        .doesNotContainValue(sidecarTmp);
  }

  @Test
  @DisplayName(
      "leaves the stock containers, the copyutil init container and the stock volumes as they were")
  void keepsTheStockPod(@TempDir Path dir) throws Exception {
    Map<String, Object> pod = podSpec(build(dir));
    Map<String, Object> stock = podSpec(ArgoCdExample.read(standIn()));

    assertThat(container(pod, "containers", "argocd-repo-server"))
        .isEqualTo(container(stock, "containers", "argocd-repo-server"));
    for (Object init : (List<?>) at(stock, "initContainers")) {
      assertThat(container(pod, "initContainers", at(init, "name"))).isEqualTo(init);
    }
    assertThat((List<?>) at(pod, "initContainers"))
        .hasSize(((List<?>) at(stock, "initContainers")).size() + 1);
    for (Object volume : (List<?>) at(stock, "volumes")) {
      assertThat(volume(pod, at(volume, "name"))).isEqualTo(volume);
    }
    assertThat((List<?>) at(pod, "volumes")).hasSize(((List<?>) at(stock, "volumes")).size() + 2);
    assertThat((List<?>) at(pod, "containers")).hasSize(2);
  }

  @Test
  @DisplayName(
      "keeps kubectl logs and exec on the repo server, since the merged list puts the sidecar first")
  void defaultContainer(@TempDir Path dir) throws Exception {
    Map<String, Object> deployment = build(dir);

    assertThat(
            (Object)
                at(
                    deployment,
                    "spec",
                    "template",
                    "metadata",
                    "annotations",
                    "kubectl.kubernetes.io/default-container"))
        .isEqualTo("argocd-repo-server");
  }

  /**
   * The example kustomization with its resources swapped for the stand-in, built by kubectl
   * kustomize.
   */
  private Map<String, Object> build(Path dir) throws IOException, InterruptedException {
    return build(dir, UnaryOperator.identity());
  }

  /** The same, with the stock Deployment's text changed first. */
  private Map<String, Object> build(Path dir, UnaryOperator<String> stock)
      throws IOException, InterruptedException {
    Map<String, Object> kustomization =
        new LinkedHashMap<>(ArgoCdExample.read(ArgoCdExample.dir().resolve("kustomization.yaml")));
    kustomization.put("resources", List.of(STAND_IN));
    Files.writeString(dir.resolve(STAND_IN), stock.apply(Files.readString(standIn())));
    for (Object patch : (List<?>) kustomization.get("patches")) {
      String path = at(patch, "path");
      Files.copy(ArgoCdExample.dir().resolve(path), dir.resolve(path));
    }
    DumperOptions block = new DumperOptions();
    block.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    Files.writeString(dir.resolve("kustomization.yaml"), new Yaml(block).dump(kustomization));

    File stdout = dir.resolve("stdout").toFile();
    File stderr = dir.resolve("stderr").toFile();
    Process build =
        new ProcessBuilder(kubectl.path().toString(), "kustomize", dir.toString())
            .redirectOutput(stdout)
            .redirectError(stderr)
            .start();
    if (!build.waitFor(60, TimeUnit.SECONDS)) {
      build.destroyForcibly().waitFor();
      fail("kubectl kustomize did not finish in 60 s");
    }
    assertThat(build.exitValue())
        .as("kubectl kustomize: %s", Files.readString(stderr.toPath()))
        .isZero();
    List<Object> objects = new ArrayList<>();
    new Yaml(new SafeConstructor(new LoaderOptions()))
        .loadAll(Files.readString(stdout.toPath()))
        .forEach(objects::add);
    assertThat(objects).as("the build holds the one Deployment").hasSize(1);
    @SuppressWarnings("unchecked")
    Map<String, Object> deployment = (Map<String, Object>) objects.get(0);
    assertThat((Object) at(deployment, "metadata", "name")).isEqualTo("argocd-repo-server");
    return deployment;
  }

  /** The PATH the Dockerfile gives the image. */
  private static String imagePath() throws IOException {
    return Files.readAllLines(ArgoCdExample.repositoryRoot().resolve("Dockerfile")).stream()
        .filter(line -> line.startsWith("ENV PATH="))
        .map(line -> line.substring("ENV PATH=".length()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no ENV PATH= in the Dockerfile"));
  }

  private static Path standIn() {
    try {
      return Path.of(RepoServerPatchIT.class.getResource("/argocd/" + STAND_IN).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Object> podSpec(Map<String, Object> deployment) {
    return at(deployment, "spec", "template", "spec");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> container(Map<String, Object> pod, String list, String name) {
    return ((List<Map<String, Object>>) at(pod, list))
        .stream()
            .filter(container -> name.equals(container.get("name")))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no " + list + " entry named " + name + " in " + pod));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> volume(Map<String, Object> pod, String name) {
    return ((List<Map<String, Object>>) at(pod, "volumes"))
        .stream()
            .filter(volume -> name.equals(volume.get("name")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no volume named " + name));
  }

  /** A container's mounts: mount path to volume name. */
  private static Map<String, String> mounts(Map<String, Object> container) {
    Map<String, String> mounts = new LinkedHashMap<>();
    for (Object mount : (List<?>) at(container, "volumeMounts")) {
      mounts.put(at(mount, "mountPath"), at(mount, "name"));
    }
    return mounts;
  }
}
