package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.net.ssl.HttpsURLConnection;
import org.assertj.core.api.AbstractStringAssert;
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
 * {@link BundlePush} on its own, through ORAS's Java SDK, against the distribution registry with
 * TLS and token auth ({@link LocalRegistry}): the CA is handed over as {@code SSL_CERT_FILE}, so
 * nothing is written to {@code /etc/containers/certs.d}; and against one without TLS or auth
 * ({@link LocalRegistry#startPlainHttp}), as {@code --plain-http} or a loopback registry without
 * TLS makes the release push. ORAS reads {@code registries.conf}: each push is handed a file of the
 * test's own as {@code CONTAINERS_REGISTRIES_CONF}, so the machine's ({@code /etc/containers}, its
 * drop-ins, the user's) cannot change what these tests see. {@link ReleaseIT} and {@link
 * TokenRegistryIT} push the real bundles through {@code tools/release.sh}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("BundlePush REGISTRY racer-krm-bundle TAG https|http AUTH_FILE FILE...")
class BundlePushIT {
  private static final String TITLE = "org.opencontainers.image.title";

  private Path temp;
  private String skip;
  private LocalRegistry registry;

  /** A 20 MB bundle of random bytes, as large as one blob PUT takes it, and its SHA-256 file. */
  private Path bundle;

  private Path sums;

  /** A registries.conf that configures nothing, read instead of the machine's. */
  private Path noRegistriesConf;

  @BeforeAll
  void startRegistry(@TempDir Path folder) throws IOException {
    temp = folder;
    skip = LocalRegistry.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: BundlePushIT: " + skip);
      return;
    }
    noRegistriesConf = registriesConf("none", "unqualified-search-registries = []");
    registry =
        LocalRegistry.start(
            Files.createDirectories(temp.resolve("registry")), LocalRegistry.Auth.TOKEN);
    byte[] random = new byte[20_000_000];
    new Random(35).nextBytes(random);
    bundle = Files.write(temp.resolve("racer-krm-0.0.0-linux-amd64.tar.gz"), random);
    sums =
        Files.writeString(
            temp.resolve("racer-krm-0.0.0-linux-amd64.tar.gz.sha256"),
            sha256(random) + "  racer-krm-0.0.0-linux-amd64.tar.gz\n");
  }

  @AfterAll
  void stopRegistry() {
    if (registry != null) {
      registry.close();
    }
  }

  @BeforeEach
  void needsRegistry() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  @Nested
  @DisplayName("with credentials that may push")
  class MayPush {
    @Test
    @DisplayName(
        "prints the digest the registry serves; the manifest: the artifact type, the empty config, a layer per file titled with its name, no push time")
    void pushes() throws IOException {
      CommandRun push = push("pushed", registry.secrets().authFile()).succeeded();

      String digest = push.stdoutText().strip();
      assertThat(registry.digest("racer-krm-bundle", "pushed")).isEqualTo(digest);
      JsonNode manifest = manifest(digest);
      assertThat(manifest.path("artifactType").asText()).isEqualTo(BundlePush.ARTIFACT_TYPE);
      assertThat(manifest.has("annotations")).as("annotations of %s", manifest).isFalse();
      assertThat(manifest.path("config").path("mediaType").asText())
          .isEqualTo("application/vnd.oci.empty.v1+json");
      assertThat(manifest.path("config").path("digest").asText())
          .isEqualTo("sha256:" + sha256("{}".getBytes(StandardCharsets.UTF_8)));
      List<String> titles = new ArrayList<>();
      manifest.path("layers").forEach(l -> titles.add(l.path("annotations").path(TITLE).asText()));
      assertThat(titles)
          .containsExactly(bundle.getFileName().toString(), sums.getFileName().toString());
      assertThat(manifest.path("layers").get(0).path("mediaType").asText())
          .isEqualTo("application/vnd.oci.image.layer.v1.tar+gzip");
      assertThat(manifest.path("layers").get(1).path("mediaType").asText()).isEqualTo("text/plain");
      assertThat(blob(manifest.path("layers").get(0).path("digest").asText()))
          .isEqualTo(Files.readAllBytes(bundle));
    }

    @Test
    @DisplayName("pushing the same files under another tag prints the same digest")
    void reproducible() {
      String first = push("first", registry.secrets().authFile()).succeeded().stdoutText();
      String again = push("again", registry.secrets().authFile()).succeeded().stdoutText();

      assertThat(again).isEqualTo(first);
    }
  }

  @Nested
  @DisplayName("with credentials that may only pull")
  class MayOnlyPull {
    @Test
    @DisplayName("exits 1 with one line naming what it pushed, no stack trace; the tag is absent")
    void refused() throws IOException {
      CommandRun push = push("refused", registry.secrets().readerAuth());

      assertRefused(push, registry.host() + "/racer-krm-bundle:refused");
      HttpsURLConnection tag = registry.openAsUser("/v2/racer-krm-bundle/manifests/refused");
      assertThat(tag.getResponseCode()).isEqualTo(404);
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("to a registry on 127.0.0.1 without TLS or auth, with the scheme http")
  class PlainHttp {
    private final HttpClient http = HttpClient.newHttpClient();
    private LocalRegistry plain;

    @BeforeAll
    void startPlainRegistry() throws IOException {
      if (skip == null) {
        plain = LocalRegistry.startPlainHttp(Files.createDirectories(temp.resolve("plain")));
      }
    }

    @AfterAll
    void stopPlainRegistry() {
      if (plain != null) {
        plain.close();
      }
    }

    @Test
    @DisplayName(
        "prints the sha256 of the manifest the registry serves, listing the two files; the same digest as over TLS")
    void pushes() throws IOException, InterruptedException {
      String digest =
          pushPlain("racer-krm-bundle", "pushed", noRegistriesConf)
              .succeeded()
              .stdoutText()
              .strip();

      HttpResponse<byte[]> manifest = get("/v2/racer-krm-bundle/manifests/pushed");
      assertThat(manifest.statusCode()).isEqualTo(200);
      assertThat(digest).isEqualTo("sha256:" + sha256(manifest.body()));
      assertThat(manifest.headers().firstValue("Docker-Content-Digest")).contains(digest);
      List<String> layers = new ArrayList<>();
      new ObjectMapper()
          .readTree(manifest.body())
          .path("layers")
          .forEach(l -> layers.add(l.path("digest").asText()));
      assertThat(layers)
          .containsExactly(
              "sha256:" + sha256(Files.readAllBytes(bundle)),
              "sha256:" + sha256(Files.readAllBytes(sums)));
      String overTls =
          push("as-over-http", registry.secrets().authFile()).succeeded().stdoutText().strip();
      assertThat(digest).isEqualTo(overTls);
    }

    @Test
    @DisplayName("pushing the same files again under the same tag prints the same digest")
    void again() throws IOException, InterruptedException {
      String first =
          pushPlain("racer-krm-bundle", "again", noRegistriesConf).succeeded().stdoutText();
      String again =
          pushPlain("racer-krm-bundle", "again", noRegistriesConf).succeeded().stdoutText();

      assertThat(again).isEqualTo(first);
      assertThat(
              get("/v2/racer-krm-bundle/manifests/again")
                  .headers()
                  .firstValue("Docker-Content-Digest"))
          .contains(first.strip());
    }

    @Test
    @DisplayName(
        "a registries.conf [[registry]] of the host with blocked = true: exit 1, one line, nothing pushed")
    void blocked() throws IOException, InterruptedException {
      Path conf =
          registriesConf(
              "blocked", "[[registry]]\nlocation = \"" + plain.host() + "\"\nblocked = true");

      CommandRun push = pushPlain("blocked/racer-krm-bundle", "refused", conf);

      assertRefused(push, plain.host() + "/blocked/racer-krm-bundle:refused")
          .contains("blocked by registry configuration");
      assertThat(get("/v2/blocked/racer-krm-bundle/manifests/refused").statusCode()).isEqualTo(404);
      assertThat(new String(get("/v2/_catalog").body(), StandardCharsets.UTF_8))
          .doesNotContain("blocked/");
    }

    @Test
    @DisplayName(
        "a registries.conf [[registry]] of the host without insecure = true: ORAS speaks TLS to it, exit 1, one line, nothing pushed")
    void tlsByRegistriesConf() throws IOException, InterruptedException {
      Path conf = registriesConf("secure", "[[registry]]\nlocation = \"" + plain.host() + "\"");

      CommandRun push = pushPlain("racer-krm-bundle", "tls-by-conf", conf);

      assertRefused(push, plain.host() + "/racer-krm-bundle:tls-by-conf").contains("SSL");
      assertThat(get("/v2/racer-krm-bundle/manifests/tls-by-conf").statusCode()).isEqualTo(404);
    }

    /** BundlePush with the scheme http and no credentials, to the plain registry. */
    private CommandRun pushPlain(String repository, String tag, Path registriesConf) {
      return push(plain, repository, tag, "http", "-", registriesConf);
    }

    /** GET over plain HTTP, anonymous, accepting an OCI image manifest. */
    private HttpResponse<byte[]> get(String path) throws IOException, InterruptedException {
      return http.send(
          HttpRequest.newBuilder(plain.plainUri(path))
              .header("Accept", "application/vnd.oci.image.manifest.v1+json")
              .build(),
          HttpResponse.BodyHandlers.ofByteArray());
    }
  }

  /**
   * Asserts the push exited 1 with nothing on stdout and one line on stderr naming {@code
   * reference}; the line, for what it must say further.
   */
  private static AbstractStringAssert<?> assertRefused(CommandRun push, String reference) {
    assertThat(push.exit()).isEqualTo(1);
    assertThat(push.stdoutText()).isEmpty();
    assertThat(push.stderr().lines().toList()).hasSize(1);
    return assertThat(push.stderr().strip())
        .startsWith("release: error: cannot push " + reference + ": ");
  }

  private CommandRun push(String tag, Path authFile) {
    return push(registry, "racer-krm-bundle", tag, "https", authFile.toString(), noRegistriesConf);
  }

  /**
   * Runs {@code BundlePush} in a JVM of its own on the bundle and its SHA-256 file, reading {@code
   * registriesConf} as its only registries.conf; a TLS registry's CA as SSL_CERT_FILE.
   */
  private CommandRun push(
      LocalRegistry target,
      String repository,
      String tag,
      String scheme,
      String authFile,
      Path registriesConf) {
    String java = ProcessHandle.current().info().command().orElse("java");
    Map<String, String> env = new java.util.HashMap<>();
    env.put("CONTAINERS_REGISTRIES_CONF", registriesConf.toString());
    if (target == registry) {
      env.put("SSL_CERT_FILE", registry.secrets().ca().toString());
    }
    return CommandRun.of(
        temp,
        env,
        new byte[0],
        List.of(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            BundlePush.class.getName(),
            target.host(),
            repository,
            tag,
            scheme,
            authFile,
            bundle.toString(),
            sums.toString()),
        120);
  }

  private Path registriesConf(String name, String toml) throws IOException {
    return Files.writeString(temp.resolve("registries-" + name + ".conf"), toml + "\n");
  }

  private JsonNode manifest(String digest) throws IOException {
    HttpsURLConnection connection = registry.openAsUser("/v2/racer-krm-bundle/manifests/" + digest);
    connection.setRequestProperty("Accept", "application/vnd.oci.image.manifest.v1+json");
    try (InputStream in = connection.getInputStream()) {
      return new ObjectMapper().readTree(in);
    }
  }

  private byte[] blob(String digest) throws IOException {
    try (InputStream in =
        registry.openAsUser("/v2/racer-krm-bundle/blobs/" + digest).getInputStream()) {
      return in.readAllBytes();
    }
  }

  private static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
