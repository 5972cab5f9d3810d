package io.unboundedcloud.racer.krm.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.e2e.DockerStandin;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real image: the repository's Dockerfile built with buildah (chroot isolation, vfs storage, a
 * base made locally with debootstrap, since no registry is reachable), then run with podman the way
 * kustomize runs a container function, and as the Argo CD sidecar runs the plugin. Every output is
 * compared byte for byte with the plain launcher's. The slowest test of the suite: about a minute
 * with a cached base.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The image, built from the Dockerfile and run as kustomize and Argo CD run it")
class ImageIT {
  /** One tag per test run: runs of other checkouts may share the storage. */
  private static final String IMAGE =
      "localhost/racer-krm:image-it-" + ProcessHandle.current().pid();

  private static final List<String> KUSTOMIZE_RUN = DockerStandin.KUSTOMIZE_RUN_OPTIONS;

  private static final Map<String, String> KUSTOMIZE_ENV =
      Map.of("LOG_TO_STDERR", "true", "STRUCTURED_RESULTS", "true");

  private String skip;

  @BeforeAll
  void build() {
    skip = ContainerTools.unavailableReason();
    if (skip == null) {
      skip = ContainerTools.ensureBase();
    }
    if (skip == null) {
      skip = ContainerTools.cannotRunReason();
    }
    if (skip != null) {
      System.out.println("SKIPPED: ImageIT: " + skip);
      return;
    }
    long start = System.nanoTime();
    Path repository = RuntimeFolder.repository();
    assertThat(repository.resolve("examples/argocd/plugin.yaml"))
        .as("the plugin the Dockerfile bakes in")
        .isRegularFile();
    ContainerTools.buildah(
            "bud",
            "--isolation",
            "chroot",
            "--pull=never",
            "--layers=false",
            "--build-arg",
            "BASE_IMAGE=" + ContainerTools.BASE_IMAGE,
            "--tag",
            IMAGE,
            "--file",
            repository.resolve("Dockerfile").toString(),
            repository.toString())
        .succeeded();
    System.out.printf(
        "ImageIT: built %s from the Dockerfile in %d s%n",
        IMAGE, (System.nanoTime() - start) / 1_000_000_000L);
  }

  @AfterAll
  void removeImage() {
    if (skip == null) {
      ContainerTools.buildah("rmi", "--force", IMAGE);
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  @Test
  @DisplayName(
      "runs as 65534:65534 with the function as entrypoint, no command, racer-krm on PATH, OCI labels")
  void configuration() {
    String config =
        ContainerTools.podman(
                "image",
                "inspect",
                IMAGE,
                "--format",
                "{{.Config.User}}|{{json .Config.Entrypoint}}|{{json .Config.Cmd}}|{{json .Config.Env}}")
            .succeeded()
            .stdoutText()
            .strip();
    String[] fields = config.split("\\|");
    assertThat(fields[0]).isEqualTo("65534:65534");
    assertThat(fields[1]).isEqualTo("[\"/opt/racer-krm/bin/racer-krm\"]");
    assertThat(fields[2]).isIn("null", "[]");
    assertThat(fields[3]).contains("PATH=/opt/racer-krm/bin:");
    String labels =
        ContainerTools.podman("image", "inspect", IMAGE, "--format", "{{json .Labels}}")
            .succeeded()
            .stdoutText();
    assertThat(labels)
        .contains("\"org.opencontainers.image.title\":\"racer-krm\"")
        .contains("\"org.opencontainers.image.version\":\"0.1.0\"")
        .contains("\"org.opencontainers.image.source\":")
        .contains("\"org.opencontainers.image.base.name\":\"" + ContainerTools.BASE_IMAGE + "\"");
  }

  @Test
  @DisplayName(
      "has nobody (65534) in /etc/passwd and examples/argocd/plugin.yaml where Argo CD's plugin server reads it")
  void passwdAndPlugin() throws IOException {
    CommandRun run =
        ContainerTools.run(
            new byte[0],
            List.of(
                "--rm",
                "--network",
                "none",
                "--entrypoint",
                "/bin/sh",
                IMAGE,
                "-c",
                "grep '^nobody:' /etc/passwd; cat /home/argocd/cmp-server/config/plugin.yaml"));

    String out = run.succeeded().stdoutText();
    assertThat(out.lines().findFirst())
        .hasValueSatisfying(line -> assertThat(line).startsWith("nobody:x:65534:65534:"));
    assertThat(out.substring(out.indexOf('\n') + 1))
        .isEqualTo(
            Files.readString(RuntimeFolder.repository().resolve("examples/argocd/plugin.yaml")));
  }

  @ParameterizedTest(name = "golden {0}")
  @ValueSource(
      strings = {"kpt-render-comments", "existing-daemonset-user-patched", "error-no-settings"})
  @DisplayName(
      "as kustomize runs it: -i --network none --user nobody --security-opt=no-new-privileges, its -e variables")
  void asKustomizeRunsIt(String golden) {
    byte[] input =
        RuntimeFolder.read(
            RuntimeFolder.module()
                .resolve("src/test/resources/golden")
                .resolve(golden)
                .resolve("input.yaml"));
    CommandRun plain =
        CommandRun.of(
            RuntimeFolder.module(),
            KUSTOMIZE_ENV,
            input,
            List.of(RuntimeFolder.plainLauncher().toString()));
    List<String> args = new ArrayList<>(KUSTOMIZE_RUN);
    args.add(IMAGE);

    ContainerTools.run(input, args).assertSameAs(plain, "the image on golden " + golden);
  }

  @Test
  @DisplayName(
      "uses its class-data archive and writes nothing: read-only root, no tmpfs, archive required")
  void archiveAndReadOnly() {
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    CommandRun plain =
        CommandRun.of(
            RuntimeFolder.module(),
            KUSTOMIZE_ENV,
            input,
            List.of(RuntimeFolder.plainLauncher().toString()));
    List<String> args = new ArrayList<>(KUSTOMIZE_RUN);
    args.addAll(
        List.of(
            "--read-only", "--read-only-tmpfs=false", "-e", "RACER_KRM_REQUIRE_ARCHIVE=1", IMAGE));

    ContainerTools.run(input, args).assertSameAs(plain, "the image, read-only, archive required");
  }

  @Test
  @DisplayName(
      "as the Argo CD sidecar: uid 999, HOME=/tmp, read-only, racer-krm render . from PATH in the app folder")
  void argoCdSidecar() {
    Path app = RuntimeFolder.repository().resolve("examples/argocd/app");
    CommandRun plain =
        CommandRun.of(
            app, Map.of(), List.of(RuntimeFolder.plainLauncher().toString(), "render", "."));
    CommandRun sidecar =
        ContainerTools.run(
            new byte[0],
            List.of(
                "--rm",
                "--network",
                "none",
                "--user",
                "999",
                "-e",
                "HOME=/tmp",
                "-e",
                "RACER_KRM_REQUIRE_ARCHIVE=1",
                "--read-only",
                "--read-only-tmpfs=false",
                "-v",
                app + ":/tmp/_cmp_server/app:ro",
                "-w",
                "/tmp/_cmp_server/app",
                "--entrypoint",
                "racer-krm",
                IMAGE,
                "render",
                "."));

    sidecar.assertSameAs(plain.succeeded(), "render . in the sidecar");
  }

  @Test
  @DisplayName(
      "as the Argo CD sidecar with the Application's parameters: uid 999, racer-krm-announce and a parametrized racer-krm-generate, as the plain launcher")
  void argoCdSidecarParameters() throws Exception {
    Path app = RuntimeFolder.repository().resolve("examples/argocd/app");
    Map<String, String> parameters = Map.of("ARGOCD_APP_PARAMETERS", SIDECAR_PARAMETERS);
    CommandRun plainRender =
        CommandRun.of(
            app, parameters, List.of(RuntimeFolder.plainLauncher().toString(), "render", "."));
    CommandRun plainAnnounce =
        CommandRun.of(
            app, Map.of(), List.of(RuntimeFolder.plainLauncher().toString(), "announce", "."));

    CommandRun generate = sidecar(app, "racer-krm-generate");
    CommandRun announce = sidecar(app, "racer-krm-announce");

    generate.assertSameAs(
        plainRender.succeeded(), "racer-krm-generate with parameters in the sidecar");
    assertThat(generate.stdoutText()).contains("RACER_NVIDIA: cdi").contains("]:9300");
    announce.assertSameAs(plainAnnounce.succeeded(), "racer-krm-announce in the sidecar");
    io.unboundedcloud.racer.krm.argocd.AnnouncementSchema.assertValid(announce.stdoutText());
    assertThat(announce.stdoutText()).contains("{\"name\":\"RACER_PEER_PORT\"");
  }

  private static final String SIDECAR_PARAMETERS =
      "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
          + "{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":\"9300\"}}]";

  /**
   * A command of plugin.yaml run in the app folder as the sidecar runs it: uid 999, HOME=/tmp,
   * read-only root, its own /tmp, ARGOCD_APP_PARAMETERS set.
   */
  private static CommandRun sidecar(Path app, String command) {
    return ContainerTools.run(
        new byte[0],
        List.of(
            "--rm",
            "--network",
            "none",
            "--user",
            "999",
            "-e",
            "HOME=/tmp",
            "-e",
            "RACER_KRM_REQUIRE_ARCHIVE=1",
            "-e",
            "ARGOCD_APP_PARAMETERS=" + SIDECAR_PARAMETERS,
            "--read-only",
            "--read-only-tmpfs=false",
            "--tmpfs",
            "/tmp",
            "-v",
            app + ":/cmp/app:ro",
            "-w",
            "/cmp/app",
            "--entrypoint",
            command,
            IMAGE));
  }

  @Test
  @DisplayName(
      "kubectl kustomize --enable-alpha-plugins builds the kustomize example through it, as with the plain launcher")
  void kustomizeExample(@TempDir Path temp) throws IOException {
    String why = ContainerTools.onPath("kubectl").isEmpty() ? "kubectl not found on PATH" : null;
    if (why == null
        && !CommandRun.of(temp, Map.of(), List.of("kubectl", "kustomize", "--help"))
            .stdoutText()
            .contains("--enable-alpha-plugins")) {
      why = "this kubectl's kustomize has no --enable-alpha-plugins";
    }
    if (why != null) {
      System.out.println("SKIPPED: ImageIT kustomize example: " + why);
    }
    Assumptions.assumeTrue(why == null, why);
    Path podmanBin = Files.createDirectories(temp.resolve("podman"));
    Path argv = temp.resolve("docker-argv.log");
    Files.copy(
        RuntimeFolder.module().resolve("src/test/sh/docker-podman"), podmanBin.resolve("docker"));
    Files.writeString(
        podmanBin.resolve("docker-podman.conf"),
        "PODMAN_ROOT="
            + quoted(ContainerTools.storageRoot())
            + "\nPODMAN_RUNROOT="
            + quoted(ContainerTools.runRoot())
            + "\nARGV_LOG="
            + quoted(argv)
            + "\nIMAGE_FROM="
            + quoted(examplesImage())
            + "\nIMAGE_TO="
            + quoted(IMAGE)
            + "\n");
    Path plainBin = Files.createDirectories(temp.resolve("plain"));
    Files.writeString(
        plainBin.resolve("docker"),
        "#!/bin/sh\n# the reference: the plain launcher for any docker run\nexec "
            + quoted(RuntimeFolder.plainLauncher())
            + "\n");
    plainBin.resolve("docker").toFile().setExecutable(true);
    String overlay = RuntimeFolder.repository().resolve("examples/kustomize/overlay").toString();

    CommandRun reference = kustomize(temp, plainBin, overlay).succeeded();
    CommandRun image = kustomize(temp, podmanBin, overlay);

    image.assertSameStdoutAs(reference, "kubectl kustomize through the image");
    String calls = Files.readString(argv, StandardCharsets.UTF_8);
    assertThat(calls.lines().filter("run"::equals).count())
        .as("docker run calls: base and overlay")
        .isEqualTo(2);
    assertThat(calls)
        .contains(
            "--network\nnone\n",
            "--user\nnobody\n",
            "--security-opt=no-new-privileges\n",
            examplesImage() + "\n");
  }

  @Test
  @DisplayName(
      "as the Argo CD sidecar on an overlay app: racer-krm-generate, Argo CD's kustomize on the PATH, the function through the image's docker stand-in")
  void argoCdSidecarOverlay(@TempDir Path temp) throws IOException {
    Path kubectl = ContainerTools.onPath("kubectl").map(ImageIT::realPath).orElse(null);
    String why =
        kubectl == null
            ? "kubectl not found on PATH (its kustomize stands in for Argo CD's)"
            : null;
    if (why == null
        && !CommandRun.of(temp, Map.of(), List.of("kubectl", "kustomize", "--help"))
            .stdoutText()
            .contains("--enable-alpha-plugins")) {
      why = "this kubectl's kustomize has no --enable-alpha-plugins";
    }
    if (why != null) {
      System.out.println("SKIPPED: ImageIT Argo CD overlay app: " + why);
    }
    Assumptions.assumeTrue(why == null, why);
    // the folder the repo-server patch fills with Argo CD's kustomize; here a wrapper around
    // kubectl kustomize, kubectl's folder mounted beside it (a dispatcher finds its versioned
    // binaries there)
    Path tools = Files.createDirectories(temp.resolve("argocd-tools"));
    Files.writeString(
        tools.resolve("kustomize"),
        "#!/bin/sh\nset -eu\n[ \"$1\" = build ] || exit 2\nshift\nexec /opt/kubectl/"
            + kubectl.getFileName()
            + " kustomize \"$@\"\n");
    Files.setPosixFilePermissions(
        tools.resolve("kustomize"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(tools, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path app = StagedProduct.get().example("argocd/overlay-app");
    Path plainBin = Files.createDirectories(temp.resolve("plain"));
    Files.writeString(
        plainBin.resolve("docker"),
        "#!/bin/sh\n# the reference: the plain launcher for any docker run\nexec "
            + quoted(RuntimeFolder.plainLauncher())
            + "\n");
    plainBin.resolve("docker").toFile().setExecutable(true);

    for (String overlay : List.of("east", "west")) {
      CommandRun reference =
          kustomize(temp, plainBin, app.resolve("overlays").resolve(overlay).toString())
              .succeeded();
      CommandRun sidecar =
          ContainerTools.run(
              new byte[0],
              List.of(
                  "--rm",
                  "--network",
                  "none",
                  "--user",
                  "999",
                  "-e",
                  "HOME=/tmp",
                  "-e",
                  "RACER_KRM_REQUIRE_ARCHIVE=1",
                  "--read-only",
                  "--read-only-tmpfs=false",
                  "--tmpfs",
                  "/tmp",
                  "-v",
                  tools + ":/opt/argocd-tools:ro",
                  "-v",
                  kubectl.getParent() + ":/opt/kubectl:ro",
                  "-v",
                  app + ":/cmp/overlay-app:ro",
                  "-w",
                  "/cmp/overlay-app/overlays/" + overlay,
                  "--entrypoint",
                  "racer-krm-generate",
                  IMAGE));

      assertThat(sidecar.exit())
          .as("racer-krm-generate in the sidecar: %s", sidecar.stderr())
          .isZero();
      sidecar.assertSameStdoutAs(
          reference, "racer-krm-generate of overlay " + overlay + " in the sidecar");
    }
  }

  private static Path realPath(Path file) {
    try {
      return file.toRealPath();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static CommandRun kustomize(Path dir, Path dockerBin, String folder) {
    return CommandRun.of(
        dir,
        Map.of("PATH", dockerBin + ":" + System.getenv("PATH")),
        List.of("kubectl", "kustomize", "--enable-alpha-plugins", folder));
  }

  /** The image the kustomize example's function config names. */
  private static String examplesImage() {
    try {
      String config =
          Files.readString(
              RuntimeFolder.repository().resolve("examples/kustomize/base/racer-function.yaml"));
      Matcher image = Pattern.compile("image:\\s*(\\S+)").matcher(config);
      assertThat(image.find())
          .as("an image in examples/kustomize/base/racer-function.yaml")
          .isTrue();
      return image.group(1);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String quoted(Object value) {
    return "'" + value.toString().replace("'", "'\\''") + "'";
  }
}
