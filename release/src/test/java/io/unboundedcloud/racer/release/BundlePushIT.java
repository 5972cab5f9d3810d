package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.io.InputStream;
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
 * nothing is written to {@code /etc/containers/certs.d}. {@link ReleaseIT} and {@link
 * TokenRegistryIT} push the real bundles through {@code tools/release.sh}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("BundlePush REGISTRY racer-krm-bundle TAG https AUTH_FILE FILE...")
class BundlePushIT {
  private static final String TITLE = "org.opencontainers.image.title";

  private Path temp;
  private String skip;
  private LocalRegistry registry;

  /** A 20 MB bundle of random bytes, as large as one blob PUT takes it, and its SHA-256 file. */
  private Path bundle;

  private Path sums;

  @BeforeAll
  void startRegistry(@TempDir Path folder) throws IOException {
    temp = folder;
    skip = LocalRegistry.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: BundlePushIT: " + skip);
      return;
    }
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

      assertThat(push.exit()).isEqualTo(1);
      assertThat(push.stdoutText()).isEmpty();
      assertThat(push.stderr().lines().toList())
          .singleElement()
          .asString()
          .startsWith(
              "release: error: cannot push " + registry.host() + "/racer-krm-bundle:refused: ");
      HttpsURLConnection tag = registry.openAsUser("/v2/racer-krm-bundle/manifests/refused");
      assertThat(tag.getResponseCode()).isEqualTo(404);
    }
  }

  private CommandRun push(String tag, Path authFile) {
    String java = ProcessHandle.current().info().command().orElse("java");
    return CommandRun.of(
        temp,
        Map.of("SSL_CERT_FILE", registry.secrets().ca().toString()),
        new byte[0],
        List.of(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            BundlePush.class.getName(),
            registry.host(),
            "racer-krm-bundle",
            tag,
            "https",
            authFile.toString(),
            bundle.toString(),
            sums.toString()),
        120);
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
