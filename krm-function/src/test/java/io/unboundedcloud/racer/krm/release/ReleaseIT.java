package io.unboundedcloud.racer.krm.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.Helm;
import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The release as users meet it: {@code tools/release.sh} pushes the image and the chart to a real
 * registry (the CNCF distribution registry on 127.0.0.1), then kpt and kustomize pull the function
 * image from it and run it in a real container (podman, with only this machine's flags added), and
 * Helm installs the chart from {@code oci://}. Every output is compared with the local launcher's
 * or the chart folder's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The release: image and chart pushed to a registry, pulled and used as users do")
class ReleaseIT {
  private static final Pattern IMAGE_LINE =
      Pattern.compile("(?m)^image (\\S+):(\\S+)@(sha256:[0-9a-f]{64})$");
  private static final Pattern CHART_LINE =
      Pattern.compile("(?m)^chart oci://(\\S+)/charts/racer:(\\S+)@(sha256:[0-9a-f]{64})$");
  private static final String KUBE_VERSION = "1.30.0";

  private Path temp;
  private String skip;
  private LocalRegistry registry;
  private CommandRun release;
  private String checkoutBefore;
  private String version;
  private String imageDigest;
  private String chartDigest;

  @BeforeAll
  void release(@TempDir Path folder) throws IOException {
    temp = folder;
    skip = RuntimeFolder.unavailableReason();
    if (skip == null) {
      skip = LocalRegistry.unavailableReason();
    }
    if (skip == null) {
      skip = ContainerTools.unavailableReason();
    }
    if (skip == null) {
      skip = ContainerTools.ensureBase();
    }
    if (skip == null) {
      skip = ContainerTools.cannotRunReason();
    }
    if (skip != null) {
      System.out.println("SKIPPED: ReleaseIT: " + skip);
      return;
    }
    registry = LocalRegistry.start(Files.createDirectories(temp.resolve("registry")));
    Path storageConf = temp.resolve("storage.conf");
    Files.writeString(
        storageConf,
        "[storage]\ndriver = \"vfs\"\ngraphroot = \""
            + ContainerTools.storageRoot()
            + "\"\nrunroot = \""
            + ContainerTools.runRoot()
            + "\"\n");
    Path repository = RuntimeFolder.repository();
    checkoutBefore = checkoutStatus();
    long start = System.nanoTime();
    // buildah's standard environment: the test's storage (vfs) and chroot isolation, as ImageIT
    // builds
    release =
        CommandRun.of(
            repository,
            Map.of(
                "CONTAINERS_STORAGE_CONF",
                storageConf.toString(),
                "STORAGE_DRIVER",
                "vfs",
                "BUILDAH_ISOLATION",
                "chroot"),
            List.of(
                repository.resolve("tools/release.sh").toString(),
                registry.host(),
                "--base-image",
                ContainerTools.BASE_IMAGE));
    System.out.printf(
        "ReleaseIT: tools/release.sh %s in %d s%n",
        registry.host(), (System.nanoTime() - start) / 1_000_000_000L);
    release.succeeded();
    Matcher image = IMAGE_LINE.matcher(release.stdoutText());
    Matcher chart = CHART_LINE.matcher(release.stdoutText());
    assertThat(image.find()).as("an image line in %s", release.stdoutText()).isTrue();
    assertThat(chart.find()).as("a chart line in %s", release.stdoutText()).isTrue();
    version = image.group(2);
    imageDigest = image.group(3);
    chartDigest = chart.group(3);
  }

  @AfterAll
  void stopRegistry() {
    if (registry != null) {
      registry.close();
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  private String imageByTag() {
    return registry.host() + "/racer-krm:" + version;
  }

  private String imageByDigest() {
    return registry.host() + "/racer-krm@" + imageDigest;
  }

  @Nested
  @DisplayName("tools/release.sh REGISTRY --base-image REF")
  class ReleaseCommand {
    @Test
    @DisplayName(
        "pushes REGISTRY/racer-krm:VERSION, VERSION as racer-krm --version prints it, and prints its digest")
    void image() throws IOException {
      String printed =
          CommandRun.of(
                  RuntimeFolder.module(),
                  Map.of(),
                  List.of(RuntimeFolder.launcher().toString(), "--version"))
              .succeeded()
              .stdoutText();
      assertThat(printed).startsWith("racer-krm " + version + " ");
      assertThat(release.stdoutText()).contains("image " + imageByTag() + "@" + imageDigest + "\n");
      assertThat(registryDigest("racer-krm", version)).isEqualTo(imageDigest);
    }

    @Test
    @DisplayName(
        "pushes the chart as oci://REGISTRY/charts (REGISTRY/charts/racer:VERSION) and prints its digest")
    void chart() throws IOException {
      assertThat(release.stdoutText())
          .contains(
              "chart oci://"
                  + registry.host()
                  + "/charts/racer:"
                  + version
                  + "@"
                  + chartDigest
                  + "\n");
      assertThat(registryDigest("charts/racer", version)).isEqualTo(chartDigest);
    }

    @Test
    @DisplayName(
        "puts the SBOM beside the chart package, and the image ships it at /opt/racer-krm/sbom/racer-krm.cdx.json")
    void sbom() throws IOException {
      Path sbom = RuntimeFolder.runtime().resolve("sbom/racer-krm.cdx.json");
      Path released = RuntimeFolder.module().resolve("target/release");
      assertThat(released.resolve("racer-" + version + ".tgz")).isRegularFile();
      assertThat(released.resolve("racer-krm.cdx.json")).hasSameBinaryContentAs(sbom);

      CommandRun inImage =
          ContainerTools.podman(
              "run",
              "--runtime",
              "runc",
              "--ulimit",
              "nofile=4096:4096",
              "--ulimit",
              "nproc=4096:4096",
              "--pull",
              "missing",
              "--tls-verify=false",
              "--rm",
              "--network",
              "none",
              "--entrypoint",
              "cat",
              imageByDigest(),
              "/opt/racer-krm/sbom/racer-krm.cdx.json");

      assertThat(inImage.succeeded().stdout()).isEqualTo(Files.readAllBytes(sbom));
    }

    @Test
    @DisplayName("writes nothing into the checkout beyond target/")
    void checkoutUntouched() {
      assertThat(checkoutStatus()).isEqualTo(checkoutBefore);
    }

    @Test
    @DisplayName("refuses a registry with a scheme, with a clear error and exit 1")
    void badRegistry() {
      CommandRun run =
          CommandRun.of(
              RuntimeFolder.repository(),
              Map.of(),
              List.of(
                  RuntimeFolder.repository().resolve("tools/release.sh").toString(),
                  "https://" + registry.host()));
      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr()).contains("REGISTRY is host[:port][/path] without a scheme");
    }
  }

  @Nested
  @DisplayName(
      "kpt pulls the image from the registry and runs it with its podman runtime (KPT_FN_RUNTIME=podman)")
  class Kpt {
    @ParameterizedTest(name = "by {0}")
    @ValueSource(strings = {"tag", "digest"})
    @DisplayName(
        "kpt fn eval --image REGISTRY/racer-krm on a copy of examples/kpt, as with the local launcher")
    void eval(String by) throws IOException {
      String image = "tag".equals(by) ? imageByTag() : imageByDigest();
      Path reference = copyOfKptExample("eval-reference-" + by);
      Path pulled = copyOfKptExample("eval-" + by);
      kpt(
              reference,
              List.of(
                  "kpt",
                  "fn",
                  "eval",
                  reference.toString(),
                  "--exec",
                  RuntimeFolder.plainLauncher().toString(),
                  "--",
                  "imageRegistry=registry.example.com/racer"))
          .succeeded();

      Path argv =
          pullAndRun(
              image,
              List.of(
                  "kpt",
                  "fn",
                  "eval",
                  pulled.toString(),
                  "--image",
                  image,
                  "--",
                  "imageRegistry=registry.example.com/racer"));

      assertThat(files(pulled)).isEqualTo(files(reference));
      assertThat(Files.readString(argv)).contains("run\n", "--network\nnone\n", image + "\n");
    }

    @ParameterizedTest(name = "by {0}")
    @ValueSource(strings = {"tag", "digest"})
    @DisplayName(
        "kpt fn render with the Kptfile naming the registry's image, as with the local launcher")
    void render(String by) throws IOException {
      String image = "tag".equals(by) ? imageByTag() : imageByDigest();
      Path reference = copyOfKptExample("render-reference-" + by);
      Path pulled = copyOfKptExample("render-" + by);
      kpt(
              reference,
              List.of(
                  "kpt",
                  "fn",
                  "eval",
                  reference.toString(),
                  "--exec",
                  RuntimeFolder.plainLauncher().toString(),
                  "--",
                  "imageRegistry=registry.example.com/racer"))
          .succeeded();
      Path kptfile = pulled.resolve("Kptfile");
      String original = Files.readString(kptfile);
      String named =
          original.replaceFirst(
              "(?m)^(\\s*- image: )\\S+$", "$1" + Matcher.quoteReplacement(image));
      assertThat(named)
          .as("the Kptfile names the registry's image")
          .contains("- image: " + image + "\n");
      Files.writeString(kptfile, named);

      pullAndRun(image, List.of("kpt", "fn", "render", pulled.toString()));

      Files.writeString(kptfile, original);
      assertThat(files(pulled)).isEqualTo(files(reference));
    }

    /**
     * Removes {@code image} from local storage, runs kpt through the podman wrapper, checks it was
     * pulled.
     */
    private Path pullAndRun(String image, List<String> command) throws IOException {
      String why = ContainerTools.onPath("kpt").isEmpty() ? "kpt not found on PATH" : null;
      if (why != null) {
        System.out.println("SKIPPED: ReleaseIT kpt: " + why);
      }
      Assumptions.assumeTrue(why == null, why);
      removeFromStorage(image);
      Path bin = wrapper("kpt-" + Integer.toHexString(command.hashCode()), "podman");
      Map<String, String> env =
          Map.of("PATH", bin + ":" + System.getenv("PATH"), "KPT_FN_RUNTIME", "podman");
      CommandRun run = CommandRun.of(temp, env, command);
      run.succeeded();
      assertThat(ContainerTools.podman("image", "exists", image).exit())
          .as("%s pulled into local storage", image)
          .isZero();
      return bin.resolve("argv.log");
    }

    private CommandRun kpt(Path dir, List<String> command) {
      String why = ContainerTools.onPath("kpt").isEmpty() ? "kpt not found on PATH" : null;
      Assumptions.assumeTrue(why == null, why);
      return CommandRun.of(dir, Map.of(), command);
    }

    private Path copyOfKptExample(String name) throws IOException {
      Path copy = temp.resolve("kpt").resolve(name);
      copyTree(RuntimeFolder.repository().resolve("examples/kpt"), copy);
      return copy;
    }
  }

  @Nested
  @DisplayName(
      "kubectl kustomize --enable-alpha-plugins with the function image by digest from the registry")
  class Kustomize {
    @Test
    @DisplayName(
        "renders examples/kustomize/overlay through podman behind a docker wrapper, as with the local launcher")
    void overlayByDigest() throws IOException {
      String why = ContainerTools.onPath("kubectl").isEmpty() ? "kubectl not found on PATH" : null;
      if (why != null) {
        System.out.println("SKIPPED: ReleaseIT kustomize: " + why);
      }
      Assumptions.assumeTrue(why == null, why);
      Path examples = temp.resolve("kustomize-examples");
      copyTree(RuntimeFolder.repository().resolve("examples/kustomize"), examples);
      for (String layer : List.of("base", "overlay")) {
        Path function = examples.resolve(layer).resolve("racer-function.yaml");
        String named =
            Files.readString(function)
                .replaceFirst(
                    "(?m)^(\\s*image: )\\S+$", "$1" + Matcher.quoteReplacement(imageByDigest()));
        assertThat(named).contains("image: " + imageByDigest() + "\n");
        Files.writeString(function, named);
      }
      Path plainBin = Files.createDirectories(temp.resolve("plain-docker"));
      Files.writeString(
          plainBin.resolve("docker"),
          "#!/bin/sh\n# the reference: the plain launcher for any docker run\nexec '"
              + RuntimeFolder.plainLauncher()
              + "'\n");
      plainBin.resolve("docker").toFile().setExecutable(true);
      CommandRun reference =
          kustomize(plainBin, RuntimeFolder.repository().resolve("examples/kustomize/overlay"))
              .succeeded();
      removeFromStorage(imageByDigest());

      Path bin = wrapper("kustomize", "docker");
      CommandRun pulled = kustomize(bin, examples.resolve("overlay"));

      pulled.assertSameStdoutAs(
          reference, "kubectl kustomize with the image by digest from the registry");
      String calls = Files.readString(bin.resolve("argv.log"));
      assertThat(calls.lines().filter("run"::equals).count())
          .as("docker run calls: base and overlay")
          .isEqualTo(2);
      assertThat(calls).contains("--network\nnone\n", "--user\nnobody\n", imageByDigest() + "\n");
    }

    private CommandRun kustomize(Path dockerBin, Path folder) {
      return CommandRun.of(
          temp,
          Map.of("PATH", dockerBin + ":" + System.getenv("PATH")),
          List.of("kubectl", "kustomize", "--enable-alpha-plugins", folder.toString()));
    }
  }

  @Nested
  @DisplayName("Helm installs the chart from oci://REGISTRY/charts/racer --version VERSION")
  class HelmFromRegistry {
    private final Map<String, String> values =
        Map.of("images.registry", "registry.example.com/racer");

    @Test
    @DisplayName("helm template gives the same objects as the chart folder")
    void template() {
      var fromRegistry = Helm.template(chartReference()).withVersion(version).plainHttp();
      var fromFolder = new Helm(chartFolder()).template();
      values.forEach(
          (k, v) -> {
            fromRegistry.set(k, v);
            fromFolder.set(k, v);
          });

      String pulled =
          fromRegistry
              .withName("racer")
              .withNamespace("racer")
              .withKubeVersion(KUBE_VERSION)
              .call();
      String local =
          fromFolder.withName("racer").withNamespace("racer").withKubeVersion(KUBE_VERSION).call();

      assertThat(pulled).contains("kind: DaemonSet").isEqualTo(local);
    }

    @Test
    @DisplayName(
        "helm install --dry-run (client only) gives the same release and notes as the chart folder")
    void installDryRun() {
      var fromRegistry = Helm.install(chartReference()).withVersion(version).plainHttp();
      var fromFolder = new Helm(chartFolder()).install();
      values.forEach(
          (k, v) -> {
            fromRegistry.set(k, v);
            fromFolder.set(k, v);
          });

      String pulled =
          fromRegistry
              .withName("racer")
              .withNamespace("racer")
              .withKubeVersion(KUBE_VERSION)
              .dryRun()
              .clientOnly()
              .call()
              .getOutput();
      String local =
          fromFolder
              .withName("racer")
              .withNamespace("racer")
              .withKubeVersion(KUBE_VERSION)
              .dryRun()
              .clientOnly()
              .call()
              .getOutput();

      // the release status and the rendered NOTES.txt (client-only installs print no manifest); the
      // registry install also reports what it pulled, by the digest the release printed
      String pulledReport =
          "\n---\nPulled: "
              + registry.host()
              + "/charts/racer:"
              + version
              + "\nDigest: "
              + chartDigest
              + "\n";
      assertThat(pulled).endsWith(pulledReport).contains("NOTES:\nRacer dataplane");
      assertThat(withoutDeployTime(pulled.substring(0, pulled.length() - pulledReport.length())))
          .isEqualTo(withoutDeployTime(local));
    }

    private String chartReference() {
      return "oci://" + registry.host() + "/charts/racer";
    }

    private Path chartFolder() {
      return RuntimeFolder.repository().resolve("charts/racer");
    }

    private String withoutDeployTime(String status) {
      return status.replaceAll("(?m)^LAST DEPLOYED: .*$", "LAST DEPLOYED: -");
    }
  }

  /** Removes {@code image} from the test's container storage and checks that it is gone. */
  private static void removeFromStorage(String image) {
    // by the image's id: removing a digest reference alone would leave the image under its tag
    CommandRun id = ContainerTools.podman("image", "inspect", "--format", "{{.Id}}", image);
    if (id.exit() == 0) {
      ContainerTools.podman("rmi", "--force", id.stdoutText().strip()).succeeded();
    }
    assertThat(ContainerTools.podman("image", "exists", image).exit())
        .as("%s gone from local storage", image)
        .isNotZero();
  }

  /**
   * A folder holding podman-here as {@code name}, configured for the test's storage, logging its
   * calls.
   */
  private Path wrapper(String folder, String name) throws IOException {
    Path bin = Files.createDirectories(temp.resolve("bin").resolve(folder));
    Files.copy(RuntimeFolder.module().resolve("src/test/sh/podman-here"), bin.resolve(name));
    bin.resolve(name).toFile().setExecutable(true);
    Files.writeString(
        bin.resolve("podman-here.conf"),
        "PODMAN="
            + quoted(ContainerTools.onPath("podman").orElseThrow())
            + "\nPODMAN_ROOT="
            + quoted(ContainerTools.storageRoot())
            + "\nPODMAN_RUNROOT="
            + quoted(ContainerTools.runRoot())
            + "\nARGV_LOG="
            + quoted(bin.resolve("argv.log"))
            + "\n");
    return bin;
  }

  /**
   * The digest the registry serves for {@code repository:tag} (Docker-Content-Digest of the
   * manifest).
   */
  private String registryDigest(String repository, String tag) throws IOException {
    HttpURLConnection connection =
        (HttpURLConnection)
            URI.create("http://" + registry.host() + "/v2/" + repository + "/manifests/" + tag)
                .toURL()
                .openConnection();
    connection.setRequestMethod("HEAD");
    connection.setRequestProperty(
        "Accept",
        String.join(
            ", ",
            "application/vnd.oci.image.manifest.v1+json",
            "application/vnd.docker.distribution.manifest.v2+json",
            "application/vnd.oci.image.index.v1+json"));
    assertThat(connection.getResponseCode())
        .as("%s:%s in the registry", repository, tag)
        .isEqualTo(200);
    return connection.getHeaderField("Docker-Content-Digest");
  }

  private static String checkoutStatus() {
    return CommandRun.of(
            RuntimeFolder.repository(),
            Map.of(),
            List.of("git", "status", "--porcelain", "--untracked-files=all"))
        .stdoutText();
  }

  private static Map<String, String> files(Path folder) throws IOException {
    Map<String, String> contents = new HashMap<>();
    try (var walk = Files.walk(folder)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        contents.put(folder.relativize(file).toString(), Files.readString(file));
      }
    }
    return contents;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    List<Path> paths;
    try (var walk = Files.walk(from)) {
      paths = new ArrayList<>(walk.toList());
    }
    for (Path path : paths) {
      Path target = to.resolve(from.relativize(path).toString());
      if (Files.isDirectory(path)) {
        Files.createDirectories(target);
      } else {
        Files.copy(path, target);
      }
    }
  }

  private static String quoted(Object value) {
    return "'" + value.toString().replace("'", "'\\''") + "'";
  }
}
