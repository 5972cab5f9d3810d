package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.TemplateCommand;
import io.unboundedcloud.racer.krm.golden.GoldenCase;
import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.runtime.Sandbox;
import io.unboundedcloud.racer.krm.schema.EditorSchema;
import io.unboundedcloud.racer.krm.schema.PublishedSchemas;
import io.unboundedcloud.racer.krm.toolchain.PinnedHelm;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The release as users meet it: {@code tools/release.sh} pushes the image (linux/amd64 and
 * linux/arm64) and the chart to a real registry with TLS and credentials (the CNCF distribution
 * registry on 127.0.0.1, a CA made for the test, htpasswd), trusting the CA the standard way and
 * reading the credentials from the standard places; then kpt and kustomize pull the function image
 * from it with those credentials and run it in a real container (podman, with only this machine's
 * flags added), Helm installs the chart from {@code oci://}, and the arm64 image renders every
 * golden case under emulation. Every output is compared with the local launcher's, the chart
 * folder's or the golden files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName(
    "The release: image and chart pushed to a registry with TLS and credentials, pulled and used as users do")
class ReleaseIT {
  /**
   * The folder other users can enter (the exec bundles run as uid 65534 from there): one of this
   * run's own, so that two runs on one machine (two checkouts) never share or delete each other's.
   */
  private static final Path BUNDLE_ROOT =
      Path.of(System.getProperty("java.io.tmpdir"))
          .resolve("racer-krm-bundle-it-" + ProcessHandle.current().pid());

  private static final String KUBE_VERSION = "1.30.0";

  private Path temp;
  private String skip;
  private LocalRegistry registry;
  private CommandRun release;
  private String checkoutBefore;
  private String version;
  private String imageDigest;
  private String chartDigest;
  private ReleaseScript script;
  private boolean arm64;
  private String baseImage;
  private Path arm64Userland;
  private ThrowawayKey releaseKey;
  private ThrowawayKey strangerKey;

  @BeforeAll
  void release(@TempDir Path folder) throws IOException {
    temp = folder;
    skip = ReleaseScript.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: ReleaseIT: " + skip);
      return;
    }
    arm64 = Emulation.arm64UnavailableReason() == null;
    if (!arm64) {
      System.out.println("SKIPPED: ReleaseIT linux/arm64: " + Emulation.arm64UnavailableReason());
    }
    registry = LocalRegistry.start(Files.createDirectories(temp.resolve("registry")));
    registry.trustInCertsDir();
    checkoutBefore = ReleaseScript.checkoutStatus();
    releaseKey = ThrowawayKey.create(temp.resolve("release-key"), "racer-krm test release");
    script =
        ReleaseScript.in(temp, registry.secrets().authFile())
            .with("GNUPGHOME", releaseKey.home().toString());
    Map<String, String> releaseEnv = script.environment();
    Path repository = RuntimeFolder.repository();
    long start = System.nanoTime();
    baseImage =
        arm64
            ? CommandRun.of(
                    repository,
                    releaseEnv,
                    new byte[0],
                    List.of(repository.resolve("tools/base-image.sh").toString()),
                    1800)
                .succeeded()
                .stdoutText()
                .strip()
            : ContainerTools.BASE_IMAGE;
    System.out.printf(
        "ReleaseIT: base image %s in %d s%n",
        baseImage, (System.nanoTime() - start) / 1_000_000_000L);
    start = System.nanoTime();
    release =
        script.run(
            registry.host(),
            "--base-image",
            baseImage,
            "--platforms",
            arm64 ? "linux/amd64,linux/arm64" : "linux/amd64",
            "--sign-key",
            releaseKey.fingerprint());
    System.out.printf(
        "ReleaseIT: tools/release.sh %s in %d s%n%s",
        registry.host(), (System.nanoTime() - start) / 1_000_000_000L, release.stderr());
    ReleaseScript.Released released = ReleaseScript.released(release);
    version = released.version();
    imageDigest = released.imageDigest();
    chartDigest = released.chartDigest();
  }

  @AfterAll
  void stopRegistry() {
    if (registry != null) {
      registry.close();
    }
    for (ThrowawayKey key : new ThrowawayKey[] {releaseKey, strangerKey}) {
      if (key != null) {
        key.close();
      }
    }
    CommandRun.of(Path.of("/"), Map.of(), List.of("rm", "-rf", BUNDLE_ROOT.toString()));
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
      assertThat(registry.digest("racer-krm", version)).isEqualTo(imageDigest);
    }

    @Test
    @DisplayName("with wrong credentials: one line naming the registry, exit 1, and nothing pushed")
    void wrongCredentials() throws IOException {
      String elsewhere = registry.host() + "/wrong";

      CommandRun run =
          script
              .with("REGISTRY_AUTH_FILE", registry.secrets().wrongAuth().toString())
              .run(elsewhere);

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.stderr().lines().filter(l -> l.startsWith("release: error:")).toList())
          .singleElement()
          .asString()
          .contains("the registry " + elsewhere + " refuses the release")
          .contains(registry.secrets().wrongAuth().toString() + " (HTTP 401)");
      for (String repository : List.of("wrong/racer-krm", "wrong/charts/racer")) {
        HttpURLConnection tags = registry.openAsUser("/v2/" + repository + "/tags/list");
        assertThat(tags.getResponseCode()).as("%s in the registry", repository).isEqualTo(404);
      }
    }

    @Test
    @DisplayName(
        "with a --sign-key the keyring lacks: one line naming the key and the keyring, exit 1, nothing pushed")
    void signKeyMissing() throws IOException {
      String elsewhere = registry.host() + "/unknown-key";

      CommandRun run =
          script.run(elsewhere, "--sign-key", "0123456789ABCDEF0123456789ABCDEF01234567");

      assertOneLineNothingPushed(
          run,
          "unknown-key",
          "--sign-key: no secret key '0123456789ABCDEF0123456789ABCDEF01234567' in the keyring "
              + releaseKey.home());
    }

    @Test
    @DisplayName(
        "with a --sign-key that cannot sign (its passphrase not given): one line saying so and how to give it, exit 1, nothing pushed")
    void signKeyLocked() throws IOException {
      String elsewhere = registry.host() + "/locked-key";
      try (ThrowawayKey locked =
          ThrowawayKey.withPassphrase(temp.resolve("locked-key"), "locked", "not given")) {

        CommandRun run =
            script
                .with("GNUPGHOME", locked.home().toString())
                .run(elsewhere, "--sign-key", locked.fingerprint());

        assertOneLineNothingPushed(
            run,
            "locked-key",
            "--sign-key: the key " + locked.fingerprint() + " cannot sign: gpg: signing failed: ");
        assertThat(run.stderr()).contains("needs --sign-passphrase-file FILE");
        // gpg removes its --output file when signing fails: the check must not name one
        assertThat(Files.isRegularFile(Path.of("/dev/null")))
            .as("/dev/null is a file after the check")
            .isFalse();
      }
    }

    @Test
    @DisplayName(
        "with a base image lacking an asked platform (the amd64-only local base, both platforms asked): one line naming the platform and both ways out, exit 1, nothing pushed")
    void baseLacksPlatform() throws IOException {
      String elsewhere = registry.host() + "/one-platform-base";

      CommandRun run =
          script.run(
              elsewhere,
              "--base-image",
              ContainerTools.BASE_IMAGE,
              "--platforms",
              "linux/amd64,linux/arm64");

      assertOneLineNothingPushed(
          run,
          "one-platform-base",
          "the base image "
              + ContainerTools.BASE_IMAGE
              + " has no linux/arm64 image (it holds linux/amd64): release linux/amd64 only with --platforms linux/amd64, or make a multi-platform base with tools/base-image.sh");
      assertThat(run.stderr()).doesNotContain("pinging container registry");
    }

    /** exit 1, one error line holding {@code message}, and nothing under REGISTRY/below/. */
    private void assertOneLineNothingPushed(CommandRun run, String below, String message)
        throws IOException {
      assertThat(run.exit()).as("exit code; stderr: %s", run.stderr()).isEqualTo(1);
      assertThat(run.stderr().lines().filter(l -> l.startsWith("release: error:")).toList())
          .singleElement()
          .asString()
          .contains(message);
      for (String repository : List.of("racer-krm", "charts/racer", "racer-krm-bundle")) {
        HttpURLConnection tags =
            registry.openAsUser("/v2/" + below + "/" + repository + "/tags/list");
        assertThat(tags.getResponseCode())
            .as("%s/%s in the registry", below, repository)
            .isEqualTo(404);
      }
    }

    @Test
    @DisplayName("the registry refuses anonymous pulls of the image and the chart")
    void anonymousRefused() throws IOException {
      for (String manifest :
          List.of("racer-krm/manifests/" + version, "charts/racer/manifests/" + version)) {
        assertThat(registry.open("/v2/" + manifest).getResponseCode())
            .as("anonymous GET %s", manifest)
            .isEqualTo(401);
      }
      Path noCredentials = temp.resolve("no-credentials.json");
      Files.writeString(noCredentials, "{\"auths\": {}}\n");
      CommandRun pull =
          ContainerTools.podman("pull", "--authfile", noCredentials.toString(), imageByDigest());
      assertThat(pull.exit()).as("podman pull without credentials").isNotZero();
      assertThat(pull.stderr()).containsIgnoringCase("unauthorized");
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
      assertThat(registry.digest("charts/racer", version)).isEqualTo(chartDigest);
    }

    @Test
    @DisplayName(
        "puts this machine's SBOM beside the chart package as racer-krm.cdx.json, as earlier releases did, and the image ships it at /opt/racer-krm/sbom/racer-krm.cdx.json")
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
              "--authfile",
              registry.secrets().authFile().toString(),
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
      assertThat(ReleaseScript.checkoutStatus()).isEqualTo(checkoutBefore);
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
      "The schemas: the files of schemas/ as release files, as the released build prints them")
  class Schemas {
    @Test
    @DisplayName(
        "each editor schema is a release file, byte for byte what racer-krm schema WORD prints in the released linux/amd64 image (pulled by digest, run as uid 65534 without network), and what schemas/ holds at the release's commit")
    void asTheReleasedImagePrints() throws IOException {
      String image = registry.host() + "/racer-krm@" + platformDigests().get("linux/amd64");
      ContainerTools.podman("pull", "--authfile", registry.secrets().authFile().toString(), image)
          .succeeded();
      for (EditorSchema schema : EditorSchema.values()) {
        Path file = released().resolve(schema.file());
        assertThat(file).as("the release file %s", schema.file()).isRegularFile();

        CommandRun printed = asNobody(image, "schema", schema.word());

        assertThat(Files.readString(file))
            .as("%s against racer-krm schema %s in %s", schema.file(), schema.word(), image)
            .isEqualTo(printed.succeeded().stdoutText())
            .isEqualTo(committed(schema.file()));
      }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PublishedSchemas.DEFINITION, PublishedSchemas.METADATA})
    @DisplayName(
        "each catalog entry is a release file naming the image the release pushed, and otherwise what schemas/ holds (which names the build's image)")
    void catalogEntry(String name) throws IOException {
      String buildRepository = withoutTag(PublishedSchemas.buildImage());
      Path file = released().resolve(name);
      assertThat(file).as("the release file %s", name).isRegularFile();
      String released = Files.readString(file);

      assertThat(released)
          .contains(
              name.equals(PublishedSchemas.DEFINITION) ? imageByTag() : withoutTag(imageByTag()))
          .doesNotContain(buildRepository)
          .isEqualTo(committed(name).replace(buildRepository, withoutTag(imageByTag())));
    }

    private static String withoutTag(String image) {
      return image.substring(0, image.lastIndexOf(':'));
    }

    private String committed(String name) throws IOException {
      return Files.readString(
          RuntimeFolder.repository().resolve(EditorSchema.FOLDER).resolve(name));
    }

    private Path released() {
      return RuntimeFolder.module().resolve("target/release");
    }
  }

  @Nested
  @DisplayName(
      "Signed (--sign-key): users verify the chart, the image and the files with Helm, containers' policies and gpg")
  class Signatures {
    private static final String PROVENANCE_LAYER =
        "application/vnd.cncf.helm.chart.provenance.v1.prov";

    @Test
    @DisplayName(
        "the chart's provenance file is pushed with the chart, as a layer of its own holding the file the release wrote")
    void provenancePushed() throws IOException {
      HttpURLConnection manifest = registry.openAsUser("/v2/charts/racer/manifests/" + chartDigest);
      manifest.setRequestProperty("Accept", "application/vnd.oci.image.manifest.v1+json");
      assertThat(manifest.getResponseCode()).isEqualTo(200);
      String provDigest = null;
      for (var layer : new ObjectMapper().readTree(manifest.getInputStream()).path("layers")) {
        if (PROVENANCE_LAYER.equals(layer.path("mediaType").asText())) {
          provDigest = layer.path("digest").asText();
        }
      }
      assertThat(provDigest).as("a %s layer", PROVENANCE_LAYER).isNotNull();
      try (var in = registry.openAsUser("/v2/charts/racer/blobs/" + provDigest).getInputStream()) {
        assertThat(in.readAllBytes())
            .isEqualTo(Files.readAllBytes(released().resolve("racer-" + version + ".tgz.prov")));
      }
    }

    @Test
    @DisplayName(
        "Helm 4: helm pull --verify with the release's public keyring, then helm verify and helm template of the verified package, as the chart folder renders")
    void helm4PullVerify() throws IOException {
      PinnedHelm helm = helm4("helm4-verify");
      Path into = Files.createDirectories(temp.resolve("helm4-pulled"));

      CommandRun pull = pullVerified(helm, into, released().resolve("racer-krm-release-key.gpg"));

      pull.succeeded();
      Path pulled = into.resolve("racer-" + version + ".tgz");
      assertThat(pulled).hasSameBinaryContentAs(released().resolve("racer-" + version + ".tgz"));
      assertThat(into.resolve("racer-" + version + ".tgz.prov")).isRegularFile();
      CommandRun verify =
          helm.run(
              into,
              "verify",
              "--keyring",
              released().resolve("racer-krm-release-key.gpg").toString(),
              pulled.toString());
      assertThat(verify.succeeded().stdoutText() + verify.stderr())
          .contains("Using Key With Fingerprint: " + releaseKey.fingerprint())
          .contains("Chart Hash Verified: sha256:");
      String[] template = {
        "template",
        "racer",
        "",
        "--namespace",
        "racer",
        "--kube-version",
        KUBE_VERSION,
        "--set",
        "images.registry=registry.example.com/racer"
      };
      template[2] = pulled.toString();
      String fromPackage = helm.run(into, template).succeeded().stdoutText();
      template[2] = RuntimeFolder.repository().resolve("charts/racer").toString();
      assertThat(fromPackage)
          .contains("kind: DaemonSet")
          .isEqualTo(helm.run(into, template).succeeded().stdoutText());
    }

    @Test
    @DisplayName(
        "Helm 4: helm pull --verify with a stranger's keyring fails: exit 1, the signature made by an unknown entity")
    void helm4RefusesStranger() throws IOException {
      PinnedHelm helm = helm4("helm4-stranger");
      Path into = Files.createDirectories(temp.resolve("helm4-stranger-pulled"));

      CommandRun pull = pullVerified(helm, into, stranger().publicKeyring());

      // the exit code is the verdict: Helm leaves the downloaded package in the folder
      assertThat(pull.exit()).isEqualTo(1);
      assertThat(pull.stderr()).contains("Error: openpgp: signature made by unknown entity");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"the release's keyring, true", "a stranger's keyring, false"})
    @DisplayName(
        "Helm 4: helm install --verify checks the provenance before it contacts the cluster: with the release's keyring it gets as far as the (unreachable) cluster, with a stranger's it stops at the signature")
    void helm4InstallVerify(String keyring, boolean trusted) throws IOException {
      PinnedHelm helm = helm4("helm4-install-" + trusted);
      Path kubeconfig = temp.resolve("unreachable-kubeconfig-" + trusted);
      Files.writeString(
          kubeconfig,
          String.join(
              "\n",
              "apiVersion: v1",
              "kind: Config",
              "clusters: [{name: none, cluster: {server: 'https://127.0.0.1:1'}}]",
              "users: [{name: none, user: {token: none}}]",
              "contexts: [{name: none, context: {cluster: none, user: none}}]",
              "current-context: none",
              ""));

      CommandRun install =
          helm.run(
              temp,
              "install",
              "racer",
              "oci://" + registry.host() + "/charts/racer",
              "--version",
              version,
              "--verify",
              "--keyring",
              (trusted
                      ? released().resolve("racer-krm-release-key.gpg")
                      : stranger().publicKeyring())
                  .toString(),
              "--registry-config",
              auth().toString(),
              "--ca-file",
              registry.secrets().ca().toString(),
              "--kubeconfig",
              kubeconfig.toString(),
              "--set",
              "images.registry=registry.example.com/racer");

      assertThat(install.exit()).isEqualTo(1);
      if (trusted) {
        assertThat(install.stderr())
            .doesNotContain("openpgp")
            .contains("127.0.0.1:1")
            .containsIgnoringCase("connection refused");
      } else {
        assertThat(install.stderr())
            .contains("openpgp: signature made by unknown entity")
            .doesNotContain("127.0.0.1:1");
      }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"amd64", "arm64"})
    @DisplayName(
        "skopeo copy under a signedBy policy with the lookaside folder served over HTTP accepts linux/ARCH by tag and by its digest, each time checking that image's own signature")
    void skopeoAccepts(String arch) throws IOException {
      assumeReleased("linux/" + arch);
      String digest = platformDigests().get("linux/" + arch);
      try (LookasideServer lookaside = LookasideServer.serve(released().resolve("signatures"))) {
        SignaturePolicy policy =
            policy("accept-" + arch, released().resolve("racer-krm-release-key.gpg"), lookaside);

        policy.skopeoCopy(imageByTag(), auth(), arch, "tag-" + arch).succeeded();
        policy
            .skopeoCopy(registry.host() + "/racer-krm@" + digest, auth(), null, "digest-" + arch)
            .succeeded();
        assertThat(lookaside.served())
            .contains("/racer-krm@sha256=" + digest.substring("sha256:".length()) + "/signature-1");
      }
    }

    @Test
    @DisplayName(
        "skopeo copy --all (the whole index) under the policy checks the index's own signature and accepts it")
    void skopeoAcceptsIndex() throws IOException {
      try (LookasideServer lookaside = LookasideServer.serve(released().resolve("signatures"))) {
        SignaturePolicy policy =
            policy("accept-index", released().resolve("racer-krm-release-key.gpg"), lookaside);

        policy.skopeoCopyAll(imageByTag(), auth(), "index").succeeded();

        assertThat(lookaside.served())
            .contains(
                "/racer-krm@sha256=" + imageDigest.substring("sha256:".length()) + "/signature-1");
      }
    }

    @Test
    @DisplayName("skopeo copy refuses the image when the policy names a stranger's key")
    void skopeoRefusesStranger() throws IOException {
      try (LookasideServer lookaside = LookasideServer.serve(released().resolve("signatures"))) {
        SignaturePolicy policy = policy("stranger", stranger().publicKeyring(), lookaside);

        CommandRun copy = policy.skopeoCopy(imageByTag(), auth(), "amd64", "stranger");

        assertThat(copy.exit()).isNotZero();
        assertThat(copy.stderr()).contains("Source image rejected: Invalid GPG signature");
      }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
      "cut short (its first 400 bytes), Source image rejected",
      "replaced by the index's signature (the right key; another digest), does not match"
    })
    @DisplayName(
        "skopeo copy refuses linux/amd64 when the lookaside serves a tampered signature for it")
    void skopeoRefusesTampered(String tampering, String refusal) throws IOException {
      Path tampered = temp.resolve("tampered-" + Integer.toHexString(tampering.hashCode()));
      copyTree(released().resolve("signatures"), tampered);
      Path signature = signatureOf(tampered, platformDigests().get("linux/amd64"));
      if (tampering.startsWith("cut short")) {
        Files.write(signature, java.util.Arrays.copyOf(Files.readAllBytes(signature), 400));
      } else {
        Files.copy(
            signatureOf(tampered, imageDigest),
            signature,
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      try (LookasideServer lookaside = LookasideServer.serve(tampered)) {
        SignaturePolicy policy =
            policy(
                "tampered-" + Integer.toHexString(tampering.hashCode()),
                released().resolve("racer-krm-release-key.gpg"),
                lookaside);

        CommandRun copy = policy.skopeoCopy(imageByTag(), auth(), "amd64", "tampered");

        assertThat(copy.exit()).as("skopeo copy: %s", copy.stderr()).isNotZero();
        assertThat(copy.stderr()).contains("Source image rejected").contains(refusal);
      }
    }

    private Path signatureOf(Path lookaside, String digest) {
      return lookaside.resolve(
          "racer-krm@sha256=" + digest.substring("sha256:".length()) + "/signature-1");
    }

    @Test
    @DisplayName(
        "podman pull by tag under the signedBy policy (--signature-policy, registries.d in its HOME) accepts the image, and refuses it with a stranger's key")
    void podmanPull() throws IOException {
      try (LookasideServer lookaside = LookasideServer.serve(released().resolve("signatures"))) {
        SignaturePolicy stranger = policy("podman-stranger", stranger().publicKeyring(), lookaside);
        SignaturePolicy trusted =
            policy("podman", released().resolve("racer-krm-release-key.gpg"), lookaside);
        ContainerTools.removeImage(imageByTag());

        CommandRun refused = stranger.podmanPull(imageByTag(), auth());
        CommandRun accepted = trusted.podmanPull(imageByTag(), auth());

        assertThat(refused.exit())
            .as("podman pull, stranger's key: %s", refused.stderr())
            .isNotZero();
        assertThat(refused.stderr()).contains("Source image rejected");
        accepted.succeeded();
        assertThat(ContainerTools.podman("image", "exists", imageByTag()).exit()).isZero();
      }
    }

    @Test
    @DisplayName(
        "SHA256SUMS lists the exec bundles, the SBOMs, the chart package and the schemas; gpgv with the public key alone and sha256sum -c pass")
    void checksums() throws IOException {
      List<String> listed =
          Files.readAllLines(released().resolve("SHA256SUMS")).stream()
              .map(line -> line.substring(66))
              .toList();
      List<String> expected = new ArrayList<>();
      for (String platform : arm64 ? List.of("amd64", "arm64") : List.of("amd64")) {
        expected.add("racer-krm-" + version + "-linux-" + platform + ".cdx.json");
        expected.add("racer-krm-" + version + "-linux-" + platform + ".tar.gz");
      }
      expected.add("racer-krm.cdx.json");
      expected.add("racer-" + version + ".tgz");
      expected.addAll(PublishedSchemas.committed().keySet());

      assertThat(listed).containsExactlyInAnyOrderElementsOf(expected);
      gpgv(released()).succeeded();
      CommandRun.of(released(), Map.of(), List.of("sha256sum", "-c", "SHA256SUMS")).succeeded();
    }

    @Test
    @DisplayName(
        "a changed bundle or schema fails sha256sum -c, naming it; a changed SHA256SUMS fails gpgv")
    void changedFiles() throws IOException {
      Path copy = temp.resolve("changed-release");
      copyTree(released(), copy);
      String bundle = "racer-krm-" + version + "-linux-amd64.tar.gz";
      Files.write(copy.resolve(bundle), new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
      String schema = EditorSchema.SETTINGS.file();
      Files.write(copy.resolve(schema), new byte[] {' '}, java.nio.file.StandardOpenOption.APPEND);

      CommandRun sums = CommandRun.of(copy, Map.of(), List.of("sha256sum", "-c", "SHA256SUMS"));
      // the first hex digit changed, whatever it is (a '0' written over a '0' would change nothing)
      String listed = Files.readString(copy.resolve("SHA256SUMS"));
      Files.writeString(
          copy.resolve("SHA256SUMS"), (listed.charAt(0) == '0' ? "1" : "0") + listed.substring(1));
      CommandRun signature = gpgv(copy);

      assertThat(sums.exit()).isNotZero();
      assertThat(sums.stdoutText()).contains(bundle + ": FAILED").contains(schema + ": FAILED");
      assertThat(signature.exit()).isNotZero();
      assertThat(signature.stderr()).contains("BAD signature");
    }

    /** gpgv over FOLDER/SHA256SUMS with the release's public keyring, no other. */
    private CommandRun gpgv(Path folder) {
      return CommandRun.of(
          folder,
          Map.of("GNUPGHOME", temp.resolve("empty-gnupg").toString()),
          List.of(
              "gpgv",
              "--keyring",
              released().resolve("racer-krm-release-key.gpg").toString(),
              "SHA256SUMS.asc",
              "SHA256SUMS"));
    }

    private CommandRun pullVerified(PinnedHelm helm, Path into, Path keyring) {
      return helm.run(
          into,
          "pull",
          "oci://" + registry.host() + "/charts/racer",
          "--version",
          version,
          "--verify",
          "--keyring",
          keyring.toString(),
          "--registry-config",
          auth().toString(),
          "--ca-file",
          registry.secrets().ca().toString(),
          "--destination",
          into.toString());
    }

    private PinnedHelm helm4(String name) throws IOException {
      String why = PinnedHelm.missing();
      if (why != null) {
        System.out.println("SKIPPED: ReleaseIT Helm 4: " + why);
      }
      Assumptions.assumeTrue(why == null, why);
      return PinnedHelm.in(temp.resolve(name));
    }

    private SignaturePolicy policy(String name, Path keyring, LookasideServer lookaside)
        throws IOException {
      return SignaturePolicy.write(
          temp.resolve("policy-" + name), registry.host() + "/racer-krm", keyring, lookaside.url());
    }

    private Path auth() {
      return registry.secrets().authFile();
    }

    private ThrowawayKey stranger() throws IOException {
      if (strangerKey == null) {
        strangerKey = ThrowawayKey.create(temp.resolve("stranger-key"), "a stranger");
      }
      return strangerKey;
    }

    private Path released() {
      return RuntimeFolder.module().resolve("target/release");
    }
  }

  @Nested
  @DisplayName("The image index: linux/amd64 and linux/arm64")
  class Platforms {
    @Test
    @DisplayName("holds one image for linux/amd64 and one for linux/arm64")
    void both() throws IOException {
      Assumptions.assumeTrue(arm64, "linux/arm64 not released here");
      assertThat(platformDigests().keySet()).containsExactly("linux/amd64", "linux/arm64");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "the platform's image, pulled by digest and run as uid 65534 without network, renders every golden case as the golden files hold it (arm64 under emulation; one JVM for all cases)")
    void goldenCases(String platform) throws IOException {
      assumeReleased(platform);
      ContainerTools.removeImage(byDigest(platform));
      String image = pulled(platform);
      Path batch = goldenBatchFolder();
      long start = System.nanoTime();

      CommandRun run =
          asNobody(
              "-v",
              batch + ":/batch:ro",
              "--entrypoint",
              "/opt/racer-krm/jre/bin/java",
              image,
              "-XX:TieredStopAtLevel=1",
              "-cp",
              "/opt/racer-krm/app/*:/batch/classes",
              GoldenBatch.class.getName(),
              "/batch/golden");
      System.out.printf(
          "ReleaseIT: %s golden cases in one JVM: %d s%n",
          platform, (System.nanoTime() - start) / 1_000_000_000L);

      Map<String, String[]> outputs = GoldenBatchOutput.parse(run.succeeded().stdout());
      List<Path> inputs = RuntimeFolder.goldenInputs();
      assertThat(outputs.keySet())
          .containsExactlyElementsOf(
              inputs.stream().map(i -> i.getParent().getFileName().toString()).toList());
      for (Path input : inputs) {
        GoldenCase golden = new GoldenCase(input.getParent());
        String[] output = outputs.get(golden.name());
        assertThat(output[0])
            .as("%s %s: exit code", platform, golden.name())
            .isEqualTo(String.valueOf(golden.expectedExitCode()));
        assertThat(output[1])
            .as("%s %s: stdout", platform, golden.name())
            .isEqualTo(golden.expectedStdout());
        assertThat(output[2].lines().toList())
            .as("%s %s: stderr", platform, golden.name())
            .isEqualTo(golden.expectedStderr());
      }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"linux/amd64, x86_64", "linux/arm64, aarch64"})
    @DisplayName(
        "each platform's image runs on its machine (arm64 under emulation) with its class-data archive required")
    void archive(String platform, String machineName) throws IOException {
      String image = pulled(platform);
      CommandRun machine =
          ContainerTools.run(
              new byte[0],
              List.of("--rm", "--network", "none", "--entrypoint", "uname", image, "-m"));
      CommandRun withArchive =
          ContainerTools.run(
              new byte[0],
              List.of(
                  "--rm",
                  "--network",
                  "none",
                  "--user",
                  "65534:65534",
                  "-e",
                  "RACER_KRM_REQUIRE_ARCHIVE=1",
                  image,
                  "--version"));

      assertThat(machine.succeeded().stdoutText().strip()).isEqualTo(machineName);
      assertThat(withArchive.succeeded().stdoutText()).startsWith("racer-krm " + version + " ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "writes each platform's SBOM as racer-krm-VERSION-linux-ARCH.cdx.json, the one that platform's image ships at /opt/racer-krm/sbom/racer-krm.cdx.json")
    void sbom(String platform) throws IOException {
      assumeReleased(platform);
      Path sbom = RuntimeFolder.runtimeOf(platform).resolve("sbom/racer-krm.cdx.json");
      Path released =
          RuntimeFolder.module()
              .resolve(
                  "target/release/racer-krm-"
                      + version
                      + "-"
                      + platform.replace('/', '-')
                      + ".cdx.json");
      assertThat(released).hasSameBinaryContentAs(sbom);

      String image = pulled(platform);
      CommandRun inImage =
          ContainerTools.run(
              new byte[0],
              List.of(
                  "--rm",
                  "--network",
                  "none",
                  "--entrypoint",
                  "cat",
                  image,
                  "/opt/racer-krm/sbom/racer-krm.cdx.json"));
      assertThat(inImage.succeeded().stdout()).isEqualTo(Files.readAllBytes(sbom));
    }

    /**
     * The platform's image by digest, pulled with the credentials (the test is skipped for arm64
     * when arm64 was not released).
     */
    private String pulled(String platform) throws IOException {
      assumeReleased(platform);
      String image = byDigest(platform);
      ContainerTools.podman("pull", "--authfile", registry.secrets().authFile().toString(), image)
          .succeeded();
      return image;
    }

    /** The platform's image, by the digest the release's index gives it. */
    private String byDigest(String platform) throws IOException {
      return registry.host() + "/racer-krm@" + platformDigests().get(platform);
    }

    /** The golden cases and GoldenBatch's class, readable by uid 65534, for a read-only mount. */
    private Path goldenBatchFolder() throws IOException {
      Path batch = temp.resolve("golden-batch");
      if (!Files.isDirectory(batch)) {
        Path classFile = Path.of(GoldenBatch.class.getName().replace('.', '/') + ".class");
        Path classes = Path.of("target/classes").toAbsolutePath();
        Files.createDirectories(batch.resolve("classes").resolve(classFile).getParent());
        Files.copy(classes.resolve(classFile), batch.resolve("classes").resolve(classFile));
        for (Path input : RuntimeFolder.goldenInputs()) {
          Path folder =
              Files.createDirectories(
                  batch.resolve("golden").resolve(input.getParent().getFileName().toString()));
          Files.copy(input, folder.resolve("input.yaml"));
        }
        CommandRun.of(batch, Map.of(), List.of("chmod", "-R", "a+rX", temp.toString())).succeeded();
      }
      return batch;
    }
  }

  /**
   * {@code podman run} of an image in local storage as uid 65534, without network and read-only:
   * {@code rest} is more options, the image and its arguments.
   */
  private static CommandRun asNobody(String... rest) {
    List<String> args =
        new ArrayList<>(
            List.of("--rm", "--network", "none", "--read-only", "--user", "65534:65534"));
    args.addAll(List.of(rest));
    return ContainerTools.run(new byte[0], args);
  }

  /** platform (os/architecture) to manifest digest, from the index the release pushed. */
  private Map<String, String> platformDigests() throws IOException {
    HttpURLConnection connection = registry.openAsUser("/v2/racer-krm/manifests/" + imageDigest);
    connection.setRequestProperty(
        "Accept",
        "application/vnd.oci.image.index.v1+json, application/vnd.docker.distribution.manifest.list.v2+json");
    assertThat(connection.getResponseCode()).isEqualTo(200);
    Map<String, String> digests = new java.util.TreeMap<>();
    try (var in = connection.getInputStream()) {
      for (var manifest : new ObjectMapper().readTree(in).path("manifests")) {
        digests.put(
            manifest.path("platform").path("os").asText()
                + "/"
                + manifest.path("platform").path("architecture").asText(),
            manifest.path("digest").asText());
      }
    }
    return digests;
  }

  /** Skips a case of {@code platform} when this release does not hold it (no arm64 emulation). */
  private void assumeReleased(String platform) {
    Assumptions.assumeTrue(
        arm64 || platform.equals("linux/amd64"), platform + " not released on this machine");
  }

  @Nested
  @DisplayName(
      "The exec bundles: racer-krm-VERSION-linux-ARCH.tar.gz, for sites without containers")
  class ExecBundles {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "each is written with its SHA-256 file and pushed as an OCI artifact holding the same bytes")
    void pushed(String platform) throws IOException {
      assumeReleased(platform);
      String name = "racer-krm-" + version + "-" + platform.replace('/', '-');
      Path bundle = released().resolve(name + ".tar.gz");
      CommandRun.of(released(), Map.of(), List.of("sha256sum", "-c", name + ".tar.gz.sha256"))
          .succeeded();
      Matcher line =
          Pattern.compile(
                  "(?m)^bundle "
                      + Pattern.quote(registry.host() + "/racer-krm-bundle:" + version + "-")
                      + Pattern.quote(platform.replace('/', '-'))
                      + "@(sha256:[0-9a-f]{64})$")
              .matcher(release.stdoutText());
      assertThat(line.find()).as("a bundle line in %s", release.stdoutText()).isTrue();

      HttpURLConnection manifest =
          registry.openAsUser("/v2/racer-krm-bundle/manifests/" + line.group(1));
      manifest.setRequestProperty("Accept", "application/vnd.oci.image.manifest.v1+json");
      assertThat(manifest.getResponseCode()).isEqualTo(200);
      var layers = new ObjectMapper().readTree(manifest.getInputStream()).path("layers");
      assertThat(layers.get(0).path("annotations").path("org.opencontainers.image.title").asText())
          .isEqualTo(name + ".tar.gz");
      HttpURLConnection blob =
          registry.openAsUser(
              "/v2/racer-krm-bundle/blobs/" + layers.get(0).path("digest").asText());
      try (var in = blob.getInputStream()) {
        assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(bundle));
      }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "each holds its platform's SBOM at sbom/racer-krm.cdx.json, as the release wrote it")
    void sbom(String platform) {
      assumeReleased(platform);
      String name = "racer-krm-" + version + "-" + platform.replace('/', '-');
      CommandRun inBundle =
          CommandRun.of(
              released(),
              Map.of(),
              List.of("tar", "-xzOf", name + ".tar.gz", name + "/sbom/racer-krm.cdx.json"));

      assertThat(inBundle.succeeded().stdout())
          .isEqualTo(RuntimeFolder.read(released().resolve(name + ".cdx.json")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "unpacked in a fresh folder, made ready by its racer-krm-archive and run as uid 65534 (sandboxed: no network, read-only; arm64 under emulation), renders every golden case as the golden files hold it, one process per case as an exec function runs")
    void goldenCases(String platform) throws IOException {
      Path bin = ready(platform);
      Map<String, String> env = new HashMap<>(systemOf(platform));
      env.put("HOME", "/nonexistent");
      env.put("RACER_KRM_REQUIRE_ARCHIVE", "1");
      long start = System.nanoTime();
      List<Path> inputs = RuntimeFolder.goldenInputs();
      // the cases are independent processes: as many at once as there are processors (an emulated
      // arm64 JVM takes about 2 s to start, 37 of them in a row were a minute of CI)
      Map<Path, CommandRun> runs = new HashMap<>();
      ExecutorService pool =
          Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
      try {
        Map<Path, Future<CommandRun>> started = new HashMap<>();
        for (Path input : inputs) {
          byte[] stdin = Files.readAllBytes(input);
          started.put(
              input,
              pool.submit(
                  () ->
                      CommandRun.of(
                          Path.of("/"),
                          Map.of(),
                          stdin,
                          Sandbox.command(
                              Sandbox.NOBODY, Path.of("/"), env, List.of(bin.toString())))));
        }
        for (Path input : inputs) {
          runs.put(input, started.get(input).get());
        }
      } catch (InterruptedException | ExecutionException e) {
        throw new IllegalStateException("running the golden cases", e);
      } finally {
        pool.shutdownNow();
      }
      for (Path input : inputs) {
        GoldenCase golden = new GoldenCase(input.getParent());
        CommandRun run = runs.get(input);
        assertThat(run.exit())
            .as("%s %s: exit code (stderr: %s)", platform, golden.name(), run.stderr())
            .isEqualTo(golden.expectedExitCode());
        assertThat(run.stdoutText())
            .as("%s %s: stdout", platform, golden.name())
            .isEqualTo(golden.expectedStdout());
        assertThat(run.stderr().lines().toList())
            .as("%s %s: stderr", platform, golden.name())
            .isEqualTo(golden.expectedStderr());
      }
      System.out.printf(
          "ReleaseIT: %s exec bundle, %d golden cases, one process each: %d s%n",
          platform, inputs.size(), (System.nanoTime() - start) / 1_000_000_000L);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux/amd64", "linux/arm64"})
    @DisplayName(
        "as a kpt exec function (kpt fn eval --exec), kpt and the function run as uid 65534 (arm64 under emulation), as with the local launcher")
    void kptExec(String platform) throws IOException {
      String why = ContainerTools.onPath("kpt").isEmpty() ? "kpt not found on PATH" : null;
      if (why != null) {
        System.out.println("SKIPPED: ReleaseIT exec bundle with kpt: " + why);
      }
      Assumptions.assumeTrue(why == null, why);
      Path bin = ready(platform);
      Path reference = kptReference("bundle-kpt-reference-" + platform.replace('/', '-'));
      Path home = fresh(bundleRoot().resolve("kpt-home-" + platform.replace('/', '-')));
      Path pkg = home.resolve("kpt");
      copyTree(RuntimeFolder.repository().resolve("examples/kpt"), pkg);
      CommandRun.of(home, Map.of(), List.of("chown", "-R", "65534:65534", home.toString()))
          .succeeded();
      Map<String, String> env = new HashMap<>(systemOf(platform));
      env.put("HOME", home.toString());
      env.put("RACER_KRM_REQUIRE_ARCHIVE", "1");

      CommandRun.of(
              home,
              env,
              List.of(
                  "setpriv",
                  "--reuid=65534",
                  "--regid=65534",
                  "--clear-groups",
                  "--",
                  "kpt",
                  "fn",
                  "eval",
                  pkg.toString(),
                  "--exec",
                  bin.toString(),
                  "--",
                  "imageRegistry=registry.example.com/racer"))
          .succeeded();

      assertThat(files(pkg)).isEqualTo(files(reference));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"linux/amd64, 62", "linux/arm64, 183"})
    @DisplayName(
        "every program and library in the bundle is an ELF file for its platform (e_machine 62 is x86-64, 183 AArch64)")
    void machineCode(String platform, int machine) throws IOException {
      assumeReleased(platform);
      Map<String, Integer> machines = new TreeMap<>();
      try (Stream<Path> files = Files.walk(unpacked(platform))) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          byte[] head = new byte[20];
          int read;
          try (var in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
          }
          if (read == head.length
              && head[0] == 0x7f
              && head[1] == 'E'
              && head[2] == 'L'
              && head[3] == 'F') {
            machines.put(file.getFileName().toString(), (head[18] & 0xff) | (head[19] & 0xff) << 8);
          }
        }
      }
      assertThat(machines).containsKeys("java", "libjvm.so", "libjava.so");
      assertThat(machines)
          .allSatisfy((name, value) -> assertThat(value).as(name).isEqualTo(machine));
    }

    /**
     * The platform's bundle unpacked into a fresh folder, then {@code bin/racer-krm-archive} run
     * once where it lies, as the bundle's instructions say (it dumps a Java 17 archive, checks a
     * Java 25 one); returns its {@code bin/racer-krm}.
     */
    private Path ready(String platform) throws IOException {
      assumeReleased(platform);
      Path root = unpacked(platform);
      CommandRun.of(
              root,
              systemOf(platform),
              new byte[0],
              List.of(root.resolve("bin/racer-krm-archive").toString()))
          .succeeded();
      CommandRun.of(root, Map.of(), List.of("chmod", "-R", "a+rX", root.toString())).succeeded();
      return root.resolve("bin/racer-krm");
    }

    /**
     * What the platform's programs need from the system here: nothing on their own machine; for
     * arm64 on this amd64 machine, arm64's system libraries, from the release's arm64 base.
     */
    private Map<String, String> systemOf(String platform) throws IOException {
      if (platform.equals("linux/amd64") || "aarch64".equals(System.getProperty("os.arch"))) {
        return Map.of();
      }
      if (arm64Userland == null) {
        arm64Userland =
            Arm64Userland.copy(baseImage, fresh(bundleRoot().resolve("arm64-userland")));
      }
      return Arm64Userland.environment(arm64Userland);
    }

    private Path released() {
      return RuntimeFolder.module().resolve("target/release");
    }

    /** A folder every user can enter, under the system's temporary folder, made once. */
    private Path bundleRoot() throws IOException {
      Path root = BUNDLE_ROOT;
      if (!Files.isDirectory(root)) {
        Files.createDirectories(root);
        CommandRun.of(root, Map.of(), List.of("chmod", "755", root.toString())).succeeded();
      }
      return root;
    }

    /** The platform's bundle unpacked into a fresh folder that uid 65534 can read. */
    private Path unpacked(String platform) throws IOException {
      String name = "racer-krm-" + version + "-" + platform.replace('/', '-');
      Path into = fresh(bundleRoot().resolve("unpacked-" + platform.replace('/', '-')));
      CommandRun.of(
              into,
              Map.of(),
              List.of("tar", "-xzf", released().resolve(name + ".tar.gz").toString()))
          .succeeded();
      CommandRun.of(into, Map.of(), List.of("chmod", "-R", "a+rX", into.toString())).succeeded();
      return into.resolve(name);
    }

    /** An empty folder at {@code path}: what an earlier run left there is removed first. */
    private Path fresh(Path path) throws IOException {
      CommandRun.of(bundleRoot(), Map.of(), List.of("rm", "-rf", path.toString())).succeeded();
      return Files.createDirectories(path);
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
      Path reference = kptReference("eval-reference-" + by);
      Path pulled = copyOfKptExample("eval-" + by);

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
      Path reference = kptReference("render-reference-" + by);
      Path pulled = copyOfKptExample("render-" + by);
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
      ContainerTools.removeImage(image);
      Path bin = wrapper("kpt-" + Integer.toHexString(command.hashCode()), "podman");
      Map<String, String> env =
          Map.of(
              "PATH",
              bin + ":" + System.getenv("PATH"),
              "KPT_FN_RUNTIME",
              "podman",
              "REGISTRY_AUTH_FILE",
              registry.secrets().authFile().toString());
      CommandRun run = CommandRun.of(temp, env, command);
      run.succeeded();
      assertThat(ContainerTools.podman("image", "exists", image).exit())
          .as("%s pulled into local storage", image)
          .isZero();
      return bin.resolve("argv.log");
    }

    private Path copyOfKptExample(String name) throws IOException {
      Path copy = temp.resolve("kpt").resolve(name);
      copyTree(RuntimeFolder.repository().resolve("examples/kpt"), copy);
      return copy;
    }
  }

  /**
   * A copy of examples/kpt rendered by the local launcher as a kpt exec function: what every way of
   * running the released function must give.
   */
  private Path kptReference(String name) throws IOException {
    String why = ContainerTools.onPath("kpt").isEmpty() ? "kpt not found on PATH" : null;
    Assumptions.assumeTrue(why == null, why);
    Path reference = temp.resolve("kpt").resolve(name);
    copyTree(RuntimeFolder.repository().resolve("examples/kpt"), reference);
    CommandRun.of(
            reference,
            Map.of(),
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
    return reference;
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
      ContainerTools.removeImage(imageByDigest());

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
          Map.of(
              "PATH",
              dockerBin + ":" + System.getenv("PATH"),
              "REGISTRY_AUTH_FILE",
              registry.secrets().authFile().toString()),
          List.of("kubectl", "kustomize", "--enable-alpha-plugins", folder.toString()));
    }
  }

  @Nested
  @DisplayName(
      "Helm, logged in (helm registry login), installs the chart from oci://REGISTRY/charts/racer --version VERSION")
  class HelmFromRegistry {
    @BeforeEach
    void login() {
      registry.logInHelm();
    }

    @Test
    @DisplayName("helm template gives the same objects as the chart folder")
    void template() {
      Function<TemplateCommand, String> render =
          command ->
              command
                  .set("images.registry", "registry.example.com/racer")
                  .withName("racer")
                  .withNamespace("racer")
                  .withKubeVersion(KUBE_VERSION)
                  .call();
      String pulled =
          render.apply(
              Helm.template(chartReference())
                  .withVersion(version)
                  .withCaFile(registry.secrets().ca()));
      String local = render.apply(new Helm(chartFolder()).template());

      assertThat(pulled).contains("kind: DaemonSet").isEqualTo(local);
    }

    @Test
    @DisplayName(
        "helm install --dry-run (client only) gives the same release and notes as the chart folder")
    void installDryRun() {
      Function<InstallCommand, String> install =
          command ->
              command
                  .set("images.registry", "registry.example.com/racer")
                  .withName("racer")
                  .withNamespace("racer")
                  .withKubeVersion(KUBE_VERSION)
                  .dryRun()
                  .clientOnly()
                  .call()
                  .getOutput();
      String pulled =
          install.apply(
              Helm.install(chartReference())
                  .withVersion(version)
                  .withCaFile(registry.secrets().ca()));
      String local = install.apply(new Helm(chartFolder()).install());

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
