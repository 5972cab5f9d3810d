package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import javax.net.ssl.SSLContext;
import land.oras.ContainerRef;
import land.oras.Manifest;
import land.oras.Registry;
import land.oras.auth.AuthProvider;
import land.oras.auth.AuthScheme;
import land.oras.exception.OrasException;

/**
 * Pushes an exec bundle and its SHA-256 file to the registry as one OCI artifact (an image manifest
 * with an artifact type, the empty config, one layer per file titled with its name), as {@code oras
 * push} would, through ORAS's Java SDK. Prints the manifest's digest on stdout; on failure one line
 * on stderr, exit 1.
 *
 * <p>ORAS moves the blobs (an empty POST starts each upload, one PUT sends the file) and puts the
 * manifest, written here and handed over as JSON so that ORAS stamps no push time into it. The
 * credentials are {@link RegistryCheck}'s (credential helpers too), which asks a token service once
 * for a token to push the repository; ORAS sends it with every request (its own token exchange
 * sends its cached token to the token service instead of the credentials). The CAs are {@link
 * RegistryTrust}'s, made this process's default.
 *
 * <p>Usage: {@code BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...} (REPOSITORY below
 * REGISTRY, SCHEME {@code https} or {@code http} as {@link RegistryCheck} printed it, AUTH_FILE
 * {@code -} for none).
 */
public final class BundlePush {
  static final String ARTIFACT_TYPE = "application/vnd.unbounded-cloud.racer-krm.bundle.v1";
  private static final String EMPTY_TYPE = "application/vnd.oci.empty.v1+json";
  private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);

  private final Registry oras;
  private final ContainerRef target;

  private BundlePush(Registry oras, ContainerRef target) {
    this.oras = oras;
    this.target = target;
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length < 6) {
      System.err.println("usage: BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...");
      System.exit(2);
    }
    try {
      System.out.println(push(args));
    } catch (IOException | OrasException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      Throwable cause = e.getCause();
      if (cause != null && !why.contains(cause.toString())) {
        why += " (" + cause + ")";
      }
      System.err.printf(
          "release: error: cannot push %s/%s:%s: %s%n", args[0], args[1], args[2], why);
      System.exit(1);
    }
  }

  /** Pushes the files as {@code main} says, returns the manifest's digest. */
  private static String push(String[] args) throws IOException, InterruptedException {
    RegistryCheck registry = new RegistryCheck(args[0], args[3]);
    String credentials = "-".equals(args[4]) ? null : registry.credentials(Path.of(args[4]));
    String below =
        args[0].length() > registry.host().length()
            ? args[0].substring(registry.host().length() + 1) + "/"
            : "";
    String authorization = registry.authorization(below + args[1], credentials);
    Registry.Builder oras = Registry.builder().withInsecure("http".equals(args[3]));
    // ORAS trusts the CAs it is given instead of the system's, or else the JVM's default
    SSLContext.setDefault(RegistryTrust.forHost(registry.host()));
    if (authorization != null) {
      oras.withAuthProvider(sending(authorization));
    }
    BundlePush push =
        new BundlePush(oras.build(), ContainerRef.parse(args[0] + "/" + args[1] + ":" + args[2]));

    ObjectMapper json = new ObjectMapper();
    ObjectNode manifest = json.createObjectNode();
    manifest.put("schemaVersion", 2);
    manifest.put("mediaType", "application/vnd.oci.image.manifest.v1+json");
    manifest.put("artifactType", ARTIFACT_TYPE);
    manifest.set("config", push.blob(EMPTY, EMPTY_TYPE, null));
    ArrayNode layers = manifest.putArray("layers");
    for (int i = 5; i < args.length; i++) {
      Path file = Path.of(args[i]);
      String name = file.getFileName().toString();
      layers.add(
          push.blob(
              Files.readAllBytes(file),
              name.endsWith(".tar.gz")
                  ? "application/vnd.oci.image.layer.v1.tar+gzip"
                  : "text/plain",
              name));
    }
    byte[] bytes = json.writeValueAsBytes(manifest);
    push.oras.pushManifest(
        push.target, Manifest.fromJson(new String(bytes, StandardCharsets.UTF_8)));
    return "sha256:" + sha256(bytes);
  }

  /** Uploads a blob unless the repository has it, returns its descriptor. */
  private ObjectNode blob(byte[] content, String mediaType, String title) {
    String digest = "sha256:" + sha256(content);
    oras.pushBlob(
        target.withDigest(digest),
        content.length,
        () -> new ByteArrayInputStream(content),
        Map.of());
    ObjectNode descriptor = new ObjectMapper().createObjectNode();
    descriptor.put("mediaType", mediaType);
    descriptor.put("digest", digest);
    descriptor.put("size", content.length);
    if (title != null) {
      descriptor.putObject("annotations").put("org.opencontainers.image.title", title);
    }
    return descriptor;
  }

  /**
   * Sends {@code authorization} (Basic, or a Bearer token for the repository) with each request.
   */
  private static AuthProvider sending(String authorization) {
    return new AuthProvider() {
      @Override
      public String getAuthHeader(ContainerRef registry) {
        return authorization;
      }

      @Override
      public AuthScheme getAuthScheme() {
        return authorization.startsWith("Bearer ") ? AuthScheme.BEARER : AuthScheme.BASIC;
      }
    };
  }

  private static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
