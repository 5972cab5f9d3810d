package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.marcnuri.helm.Helm;
import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.toolchain.PinnedHelm;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.HttpsURLConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release against a registry with token auth, as ghcr, ACR and Harbor are: the registry
 * (docker-registry with TLS) answers 401 with a Bearer challenge, the client gets a token from the
 * realm with its Basic credentials ({@link TokenServer}, a JWT the registry checks against its
 * {@code rootcertbundle}), then retries with it. {@code tools/release.sh} (linux/amd64 only) pushes
 * the image (buildah), the exec bundle (BundlePush) and the chart (helm-java) there after its check
 * (RegistryCheck); podman and Helm pull them back with the credentials; anonymous gets nothing.
 * Also credentials kept by a credential helper ({@code credHelpers}), right and wrong.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The release to a registry with token auth (Bearer tokens from a token service)")
class TokenRegistryIT {
  private static final String KUBE_VERSION = "1.30.0";
  private static final String PLATFORM = "linux/amd64";
  private static final String HELPER = "racer-krm-test";
  private static final String WRONG_HELPER = "racer-krm-test-wrong";

  private Path temp;
  private String skip;
  private LocalRegistry registry;
  private ReleaseScript script;
  private CommandRun release;
  private String checkoutBefore;
  private String version;
  private String imageDigest;
  private String chartDigest;
  private Path helperBin;

  /** The amd64 bundle as this release wrote it (the helper's release writes it again). */
  private byte[] releasedBundle;

  /** What the signed release wrote into target/release, copied before the helper's release. */
  private Path signedRelease;

  private ThrowawayKey releaseKey;

  /** The helper's release: the same release, unsigned, to REGISTRY/helped (made once). */
  private CommandRun helpedRelease;

  @BeforeAll
  void release(@TempDir Path folder) throws IOException {
    temp = folder;
    skip = ReleaseScript.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: TokenRegistryIT: " + skip);
      return;
    }
    registry =
        LocalRegistry.start(
            Files.createDirectories(temp.resolve("registry")), LocalRegistry.Auth.TOKEN);
    registry.trustInCertsDir();
    checkoutBefore = ReleaseScript.checkoutStatus();
    releaseKey =
        ThrowawayKey.withPassphrase(
            temp.resolve("release-key"), "racer-krm token release", "a passphrase in a file");
    script =
        ReleaseScript.in(temp, registry.secrets().authFile())
            .with("GNUPGHOME", releaseKey.home().toString());
    helperBin = credentialHelpers();
    long start = System.nanoTime();
    release =
        script.run(
            registry.host(),
            "--base-image",
            ContainerTools.BASE_IMAGE,
            "--platforms",
            PLATFORM,
            "--sign-key",
            releaseKey.fingerprint(),
            "--sign-passphrase-file",
            releaseKey.passphraseFile().toString());
    System.out.printf(
        "TokenRegistryIT: tools/release.sh %s --platforms %s in %d s%n%s",
        registry.host(), PLATFORM, (System.nanoTime() - start) / 1_000_000_000L, release.stderr());
    ReleaseScript.Released released = ReleaseScript.released(release);
    version = released.version();
    imageDigest = released.imageDigest();
    chartDigest = released.chartDigest();
    releasedBundle =
        Files.readAllBytes(
            RuntimeFolder.module()
                .resolve("target/release/racer-krm-" + version + "-linux-amd64.tar.gz"));
    signedRelease = temp.resolve("signed-release");
    CommandRun.of(
            temp,
            Map.of(),
            List.of(
                "cp",
                "-r",
                RuntimeFolder.module().resolve("target/release").toString(),
                signedRelease.toString()))
        .succeeded();
  }

  @AfterAll
  void stopRegistry() {
    if (registry != null) {
      registry.close();
    }
    if (releaseKey != null) {
      releaseKey.close();
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  @Nested
  @DisplayName("The registry speaks token auth")
  class TokenAuth {
    @Test
    @DisplayName(
        "an anonymous request gets 401 with a Bearer challenge naming the realm, service and scope")
    void challenge() throws IOException {
      HttpsURLConnection anonymous = registry.open("/v2/racer-krm/manifests/" + version);

      assertThat(anonymous.getResponseCode()).isEqualTo(401);
      assertThat(anonymous.getHeaderField("WWW-Authenticate"))
          .isEqualTo(
              "Bearer realm=\""
                  + registry.tokens().realm()
                  + "\",service=\""
                  + TokenServer.SERVICE
                  + "\",scope=\"repository:racer-krm:pull\"");
    }

    @Test
    @DisplayName(
        "an anonymous token grants nothing: the registry refuses the image and the chart with it")
    void anonymousToken() throws IOException {
      for (String repository : List.of("racer-krm", "charts/racer", "racer-krm-bundle")) {
        HttpsURLConnection token =
            realm(
                "/token?service="
                    + TokenServer.SERVICE
                    + "&scope="
                    + URLEncoder.encode(
                        "repository:" + repository + ":pull", StandardCharsets.UTF_8));
        assertThat(token.getResponseCode()).isEqualTo(200);
        String bearer = new ObjectMapper().readTree(token.getInputStream()).path("token").asText();

        HttpsURLConnection manifests = registry.open("/v2/" + repository + "/tags/list");
        manifests.setRequestProperty("Authorization", "Bearer " + bearer);
        assertThat(manifests.getResponseCode())
            .as("%s with an anonymous token", repository)
            .isEqualTo(401);
      }
    }

    @Test
    @DisplayName("the token service refuses wrong credentials with 401")
    void wrongCredentialsRefused() throws IOException {
      HttpsURLConnection token = realm("/token?service=" + TokenServer.SERVICE);
      token.setRequestProperty(
          "Authorization",
          "Basic " + RegistrySecrets.basicCredentials(registry.secrets().wrongAuth()));
      assertThat(token.getResponseCode()).isEqualTo(401);
    }
  }

  @Nested
  @DisplayName("tools/release.sh REGISTRY --platforms linux/amd64")
  class Release {
    @Test
    @DisplayName(
        "buildah, helm-java, the check and the bundle push each got a push token for what they push")
    void pushTokens() {
      assertThat(pushGrants("racer-krm", "Buildah/")).as("buildah's, for the image").isNotEmpty();
      assertThat(pushGrants("charts/racer", "Helm/")).as("helm-java's, for the chart").isNotEmpty();
      assertThat(pushGrants("racer-krm-bundle", "Java-http-client/"))
          .as("RegistryCheck's and BundlePush's, for the bundle")
          .hasSize(2);
    }

    private List<TokenServer.Grant> pushGrants(String repository, String client) {
      return registry.tokens().grants().stream()
          .filter(g -> g.repository().equals(repository) && g.client().startsWith(client))
          .filter(g -> g.subject().equals(RegistrySecrets.USER))
          .filter(g -> g.actions().equals(Set.of("push", "pull")))
          .toList();
    }

    @Test
    @DisplayName(
        "pushes REGISTRY/racer-krm:VERSION and the chart REGISTRY/charts/racer:VERSION, the digests it printed")
    void imageAndChart() throws IOException {
      assertThat(registry.digest("racer-krm", version)).isEqualTo(imageDigest);
      assertThat(registry.digest("charts/racer", version)).isEqualTo(chartDigest);
    }

    @Test
    @DisplayName("pushes the linux/amd64 exec bundle as an OCI artifact holding the released file")
    void bundle() throws IOException {
      String tag = version + "-linux-amd64";
      Matcher line =
          Pattern.compile(
                  "(?m)^bundle "
                      + Pattern.quote(registry.host() + "/racer-krm-bundle:" + tag)
                      + "@(sha256:[0-9a-f]{64})$")
              .matcher(release.stdoutText());
      assertThat(line.find()).as("a bundle line in %s", release.stdoutText()).isTrue();
      assertThat(registry.digest("racer-krm-bundle", tag)).isEqualTo(line.group(1));

      HttpURLConnection manifest =
          registry.openAsUser("/v2/racer-krm-bundle/manifests/" + line.group(1));
      manifest.setRequestProperty("Accept", "application/vnd.oci.image.manifest.v1+json");
      var layer = new ObjectMapper().readTree(manifest.getInputStream()).path("layers").get(0);
      HttpURLConnection blob =
          registry.openAsUser("/v2/racer-krm-bundle/blobs/" + layer.path("digest").asText());
      try (var in = blob.getInputStream()) {
        assertThat(in.readAllBytes()).isEqualTo(releasedBundle);
      }
    }

    @Test
    @DisplayName(
        "podman pulls the image by digest with the credentials; without them it is refused")
    void podmanPull() throws IOException {
      String byDigest = registry.host() + "/racer-krm@" + imageDigest;
      Path noCredentials = temp.resolve("no-credentials.json");
      Files.writeString(noCredentials, "{\"auths\": {}}\n");
      ContainerTools.removeImage(byDigest);

      CommandRun anonymous =
          ContainerTools.podman("pull", "--authfile", noCredentials.toString(), byDigest);
      assertThat(anonymous.exit()).as("podman pull without credentials").isNotZero();
      assertThat(anonymous.stderr()).containsIgnoringCase("unauthorized");

      ContainerTools.podman(
              "pull", "--authfile", registry.secrets().authFile().toString(), byDigest)
          .succeeded();
      assertThat(ContainerTools.podman("image", "exists", byDigest).exit()).isZero();
    }

    @Test
    @DisplayName(
        "Helm, logged in, templates the chart from oci://REGISTRY/charts/racer as the chart folder")
    void helmTemplate() {
      registry.logInHelm();

      String pulled =
          Helm.template("oci://" + registry.host() + "/charts/racer")
              .withVersion(version)
              .withCaFile(registry.secrets().ca())
              .set("images.registry", "registry.example.com/racer")
              .withName("racer")
              .withNamespace("racer")
              .withKubeVersion(KUBE_VERSION)
              .call();
      String local =
          new Helm(RuntimeFolder.repository().resolve("charts/racer"))
              .template()
              .set("images.registry", "registry.example.com/racer")
              .withName("racer")
              .withNamespace("racer")
              .withKubeVersion(KUBE_VERSION)
              .call();

      assertThat(pulled).contains("kind: DaemonSet").isEqualTo(local);
    }

    @Test
    @DisplayName("writes nothing into the checkout beyond target/")
    void checkoutUntouched() {
      assertThat(ReleaseScript.checkoutStatus()).isEqualTo(checkoutBefore);
    }

    @Test
    @DisplayName(
        "with wrong credentials: the token service refuses them, one line naming the registry, exit 1, nothing pushed")
    void wrongCredentials() throws IOException {
      CommandRun run =
          script
              .with("REGISTRY_AUTH_FILE", registry.secrets().wrongAuth().toString())
              .run(registry.host() + "/wrong");

      assertRefused(
          run, "wrong", "the credentials in " + registry.secrets().wrongAuth() + " (HTTP 401)");
    }

    @Test
    @DisplayName(
        "with credentials that may only pull (the token service grants less): one line naming the repository, exit 1, nothing pushed")
    void pullOnly() throws IOException {
      CommandRun run =
          script
              .with("REGISTRY_AUTH_FILE", registry.secrets().readerAuth().toString())
              .run(registry.host() + "/read-only");

      assertRefused(
          run,
          "read-only",
          "the credentials in "
              + registry.secrets().readerAuth()
              + " may not push to "
              + registry.host()
              + "/read-only/racer-krm (the token service gave a token; starting an upload: HTTP 401)");
    }
  }

  @Nested
  @DisplayName("Credentials kept by a credential helper (credHelpers: {HOST:PORT: NAME})")
  class CredentialHelpers {
    @Test
    @DisplayName(
        "the release asks the helper, pushes the image, the bundle and the chart with what it gives")
    void release() throws IOException {
      CommandRun run = helpedRelease();

      ReleaseScript.Released released = ReleaseScript.released(run);
      assertThat(registry.digest("helped/racer-krm", version)).isEqualTo(released.imageDigest());
      assertThat(registry.digest("helped/charts/racer", version)).isEqualTo(released.chartDigest());
      assertThat(registry.digest("helped/racer-krm-bundle", version + "-linux-amd64"))
          .startsWith("sha256:");
      assertThat(Files.readString(helperBin.resolve(HELPER + ".log")))
          .as("the helper was asked")
          .contains("get " + registry.host() + "\n");
    }

    @Test
    @DisplayName(
        "a helper giving wrong credentials: one line naming the registry and the helper, exit 1, nothing pushed")
    void wrongCredentials() throws IOException {
      Path auth = helperAuthFile("wrong-helper-auth.json", WRONG_HELPER);

      CommandRun run = helped(auth).run(registry.host() + "/wrong-helper");

      assertRefused(
          run,
          "wrong-helper",
          "the credentials that docker-credential-"
              + WRONG_HELPER
              + " gives for "
              + registry.host()
              + " (credHelpers in "
              + auth
              + ") (HTTP 401)");
    }

    @Test
    @DisplayName("a helper that is not on PATH: one line naming it, exit 1, nothing pushed")
    void missingHelper() throws IOException {
      Path auth = helperAuthFile("missing-helper-auth.json", "racer-krm-test-absent");

      CommandRun run = helped(auth).run(registry.host() + "/no-helper");

      assertRefused(
          run,
          "no-helper",
          "the credential helper that "
              + auth
              + " names: docker-credential-racer-krm-test-absent is not on PATH");
    }
  }

  @Nested
  @DisplayName(
      "Signed with a key whose passphrase is in a file (--sign-key FINGERPRINT --sign-passphrase-file FILE)")
  class Signing {
    @Test
    @DisplayName(
        "gpgv verifies SHA256SUMS.asc with the exported public key alone, and sha256sum -c passes")
    void checksums() {
      CommandRun.of(
              signedRelease,
              Map.of("GNUPGHOME", temp.resolve("empty-gnupg").toString()),
              List.of(
                  "gpgv",
                  "--keyring",
                  signedRelease.resolve("racer-krm-release-key.gpg").toString(),
                  "SHA256SUMS.asc",
                  "SHA256SUMS"))
          .succeeded();
      CommandRun.of(signedRelease, Map.of(), List.of("sha256sum", "-c", "SHA256SUMS")).succeeded();
    }

    @Test
    @DisplayName("Helm 4's helm verify accepts the chart package with its provenance file")
    void chartProvenance() throws IOException {
      String why = PinnedHelm.missing();
      if (why != null) {
        System.out.println("SKIPPED: TokenRegistryIT Helm 4: " + why);
      }
      Assumptions.assumeTrue(why == null, why);

      CommandRun verify =
          PinnedHelm.in(temp.resolve("helm4"))
              .run(
                  signedRelease,
                  "verify",
                  "--keyring",
                  signedRelease.resolve("racer-krm-release-key.gpg").toString(),
                  signedRelease.resolve("racer-" + version + ".tgz").toString());

      assertThat(verify.succeeded().stdoutText() + verify.stderr())
          .contains("Using Key With Fingerprint: " + releaseKey.fingerprint());
    }

    @Test
    @DisplayName(
        "Helm 3 (helm-java): helm dependency update --verify fetches the chart and its provenance from the registry (TLS, token credentials) and accepts it with the release's keyring: the released package")
    void helm3Verifies() throws IOException {
      CommandRun verify =
          helm3Verify("helm3-verify", signedRelease.resolve("racer-krm-release-key.gpg"));

      verify.succeeded();
      assertThat(Path.of(verify.stdoutText().strip()))
          .hasSameBinaryContentAs(signedRelease.resolve("racer-" + version + ".tgz"));
    }

    @Test
    @DisplayName(
        "Helm 3 (helm-java): helm dependency update --verify with a stranger's keyring refuses the chart: the signature made by an unknown entity, nothing kept")
    void helm3RefusesStranger() throws IOException {
      try (ThrowawayKey stranger =
          ThrowawayKey.create(temp.resolve("helm3-stranger-key"), "racer-krm stranger")) {
        CommandRun verify = helm3Verify("helm3-stranger", stranger.publicKeyring());

        assertThat(verify.exit()).as(verify.stderr()).isEqualTo(1);
        assertThat(verify.stderr()).contains("openpgp: signature made by unknown entity");
        assertThat(temp.resolve("helm3-stranger/verifier/charts/racer-" + version + ".tgz"))
            .doesNotExist();
      }
    }

    private CommandRun helm3Verify(String name, Path keyring) throws IOException {
      return Helm3Verification.run(
          Files.createDirectories(temp.resolve(name)),
          "oci://" + registry.host() + "/charts",
          "racer",
          version,
          keyring,
          registry.secrets().authFile(),
          registry.secrets().ca());
    }

    @Test
    @DisplayName(
        "skopeo copy under a signedBy policy accepts the image, its lookaside folder named by a file:// URL")
    void imageFromFileLookaside() throws IOException {
      SignaturePolicy policy =
          SignaturePolicy.write(
              temp.resolve("policy-file-lookaside"),
              registry.host() + "/racer-krm",
              signedRelease.resolve("racer-krm-release-key.gpg"),
              signedRelease.resolve("signatures").toUri());

      policy
          .skopeoCopy(
              registry.host() + "/racer-krm:" + version,
              registry.secrets().authFile(),
              "amd64",
              "file-lookaside")
          .succeeded();
    }

    @Test
    @DisplayName(
        "signing changes no digest: the unsigned release pushes the same image index, bundle and chart package; the chart's manifest only adds the provenance layer (beside the push time helm push stamps into it)")
    void sameDigests() throws IOException {
      ReleaseScript.Released unsigned = ReleaseScript.released(helpedRelease());
      Path unsignedRelease = RuntimeFolder.module().resolve("target/release");

      assertThat(unsigned.imageDigest()).isEqualTo(imageDigest);
      assertThat(bundleDigest(helpedRelease(), "/helped")).isEqualTo(bundleDigest(release, ""));
      for (String file :
          List.of(
              "racer-" + version + ".tgz",
              "racer-krm-" + version + "-linux-amd64.tar.gz",
              "racer-krm-" + version + "-linux-amd64.cdx.json")) {
        assertThat(unsignedRelease.resolve(file))
            .hasSameBinaryContentAs(signedRelease.resolve(file));
      }
      var signedChart = chartManifest("charts/racer", chartDigest);
      var unsignedChart = chartManifest("helped/charts/racer", unsigned.chartDigest());
      var layers = (com.fasterxml.jackson.databind.node.ArrayNode) signedChart.path("layers");
      List<String> types = new java.util.ArrayList<>();
      layers.forEach(layer -> types.add(layer.path("mediaType").asText()));
      assertThat(types)
          .containsExactlyInAnyOrder(
              "application/vnd.cncf.helm.chart.content.v1.tar+gzip",
              "application/vnd.cncf.helm.chart.provenance.v1.prov");
      layers.remove(types.indexOf("application/vnd.cncf.helm.chart.provenance.v1.prov"));
      // helm push stamps the time of the push into the manifest, signed or not
      for (var manifest : List.of(signedChart, unsignedChart)) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) manifest.path("annotations"))
            .remove("org.opencontainers.image.created");
      }
      assertThat(signedChart).isEqualTo(unsignedChart);
    }

    @Test
    @DisplayName(
        "without --sign-key the release says it is unsigned and writes no provenance, signatures or SHA256SUMS")
    void unsigned() throws IOException {
      Path unsignedRelease = RuntimeFolder.module().resolve("target/release");

      assertThat(helpedRelease().stderr())
          .contains("release: unsigned: no --sign-key")
          .doesNotContain("release: error");
      assertThat(helpedRelease().stdoutText()).doesNotContain("signed-by");
      for (String file :
          List.of(
              "racer-" + version + ".tgz.prov",
              "signatures",
              "SHA256SUMS",
              "SHA256SUMS.asc",
              "racer-krm-release-key.gpg")) {
        assertThat(unsignedRelease.resolve(file)).doesNotExist();
        assertThat(signedRelease.resolve(file)).exists();
      }
    }

    private String bundleDigest(CommandRun run, String below) {
      Matcher line =
          Pattern.compile(
                  "(?m)^bundle "
                      + Pattern.quote(registry.host() + below + "/racer-krm-bundle:")
                      + "\\S+@(sha256:[0-9a-f]{64})$")
              .matcher(run.stdoutText());
      assertThat(line.find()).as("a bundle line in %s", run.stdoutText()).isTrue();
      return line.group(1);
    }

    private com.fasterxml.jackson.databind.JsonNode chartManifest(String repository, String digest)
        throws IOException {
      HttpURLConnection manifest =
          registry.openAsUser("/v2/" + repository + "/manifests/" + digest);
      manifest.setRequestProperty("Accept", "application/vnd.oci.image.manifest.v1+json");
      assertThat(manifest.getResponseCode()).isEqualTo(200);
      return new ObjectMapper().readTree(manifest.getInputStream());
    }
  }

  /**
   * The release again, to REGISTRY/helped with only a credential helper's credentials and no
   * --sign-key; made once, for the helper's tests and to compare with the signed release.
   */
  private CommandRun helpedRelease() throws IOException {
    if (helpedRelease == null) {
      Path auth = helperAuthFile("helper-auth.json", HELPER);
      helpedRelease =
          helped(auth)
              .run(
                  registry.host() + "/helped",
                  "--base-image",
                  ContainerTools.BASE_IMAGE,
                  "--platforms",
                  PLATFORM);
      System.out.printf(
          "TokenRegistryIT: release with a credential helper:%n%s", helpedRelease.stderr());
    }
    return helpedRelease;
  }

  private ReleaseScript helped(Path auth) {
    return script
        .with("REGISTRY_AUTH_FILE", auth.toString())
        .with("PATH", helperBin + ":" + System.getenv("PATH"));
  }

  private Path helperAuthFile(String name, String helper) throws IOException {
    Path auth = temp.resolve(name);
    Files.writeString(
        auth, "{\"credHelpers\": {\"" + registry.host() + "\": \"" + helper + "\"}}\n");
    return auth;
  }

  /**
   * A folder with two fake credential helpers (docker-credential-helpers' protocol: {@code get},
   * the server on stdin, JSON out), each logging what it was asked: one with the test user's
   * password, one with a wrong one. Both know only this registry's host.
   */
  private Path credentialHelpers() throws IOException {
    Path bin = Files.createDirectories(temp.resolve("helper-bin"));
    String password = registry.secrets().password();
    for (Map.Entry<String, String> helper :
        Map.of(HELPER, password, WRONG_HELPER, password + "-wrong").entrySet()) {
      Path program = bin.resolve("docker-credential-" + helper.getKey());
      Files.writeString(
          program,
          String.join(
              "\n",
              "#!/bin/sh",
              "[ \"$1\" = get ] || { echo \"unsupported: $1\" >&2; exit 1; }",
              "read -r server || true",
              "echo \"get $server\" >> '" + bin.resolve(helper.getKey() + ".log") + "'",
              "if [ \"$server\" != '" + registry.host() + "' ]; then",
              "  echo 'credentials not found in native keychain'; exit 1",
              "fi",
              "printf '{\"ServerURL\":\"%s\",\"Username\":\"%s\",\"Secret\":\"%s\"}\\n' \"$server\" '"
                  + RegistrySecrets.USER
                  + "' '"
                  + helper.getValue()
                  + "'",
              ""));
      program.toFile().setExecutable(true);
    }
    return bin;
  }

  private HttpsURLConnection realm(String pathAndQuery) throws IOException {
    URI realm = URI.create(registry.tokens().realm());
    HttpsURLConnection connection =
        (HttpsURLConnection)
            URI.create("https://" + realm.getRawAuthority() + pathAndQuery)
                .toURL()
                .openConnection();
    connection.setSSLSocketFactory(
        RegistryTrust.trusting(registry.secrets().ca()).getSocketFactory());
    return connection;
  }

  /**
   * {@code run}, a release to REGISTRY/{@code below}, failed with exit 1 and one error line naming
   * the registry and {@code problem}, and nothing was pushed below it.
   */
  private void assertRefused(CommandRun run, String below, String problem) throws IOException {
    assertThat(run.exit()).as("exit code; stderr: %s", run.stderr()).isEqualTo(1);
    assertThat(run.stderr().lines().filter(l -> l.startsWith("release: error:")).toList())
        .singleElement()
        .asString()
        .contains("the registry " + registry.host() + "/" + below + " refuses the release: ")
        .contains(problem);
    for (String repository : RegistryCheck.RELEASED) {
      HttpURLConnection tags =
          registry.openAsUser("/v2/" + below + "/" + repository + "/tags/list");
      assertThat(tags.getResponseCode())
          .as("%s/%s in the registry", below, repository)
          .isEqualTo(404);
    }
  }
}
