package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Pushes an exec bundle and its SHA-256 file to the registry as one OCI artifact (an image manifest
 * with an artifact type, the empty config, one layer per file titled with its name), as {@code oras
 * push} would, over the Docker registry API. Prints the manifest's digest on stdout.
 *
 * <p>Usage: {@code BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...} (REPOSITORY below
 * REGISTRY, SCHEME {@code https} or {@code http} as {@link RegistryCheck} printed it, AUTH_FILE
 * {@code -} for none).
 */
public final class BundlePush {
  static final String ARTIFACT_TYPE = "application/vnd.unbounded-cloud.racer-krm.bundle.v1";
  private static final String EMPTY_TYPE = "application/vnd.oci.empty.v1+json";
  private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);

  private final RegistryCheck registry;
  private final String repository;
  private final String authorization;

  private BundlePush(RegistryCheck registry, String repository, String authorization) {
    this.registry = registry;
    this.repository = repository;
    this.authorization = authorization;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 6) {
      System.err.println("usage: BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...");
      System.exit(2);
    }
    String host = args[0].contains("/") ? args[0].substring(0, args[0].indexOf('/')) : args[0];
    String below =
        args[0].length() > host.length() ? args[0].substring(host.length() + 1) + "/" : "";
    RegistryCheck registry = new RegistryCheck(args[0], args[3]);
    String credentials = "-".equals(args[4]) ? null : registry.credentials(Path.of(args[4]));
    String repository = below + args[1];
    BundlePush push =
        new BundlePush(registry, repository, registry.authorization(repository, credentials));

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
    System.out.println(push.manifest(json.writeValueAsBytes(manifest), args[2]));
  }

  /** Uploads {@code content} (monolithic upload) and returns its descriptor. */
  private ObjectNode blob(byte[] content, String mediaType, String title)
      throws IOException, InterruptedException {
    String digest = "sha256:" + sha256(content);
    HttpResponse<String> started =
        send(
            HttpRequest.newBuilder(uri("/v2/" + repository + "/blobs/uploads/"))
                .POST(HttpRequest.BodyPublishers.noBody()));
    expect(started, 202, "start the upload of " + (title == null ? "the config" : title));
    URI location = uri("/").resolve(started.headers().firstValue("Location").orElseThrow());
    String separator = location.getRawQuery() == null ? "?" : "&";
    HttpResponse<String> put =
        send(
            HttpRequest.newBuilder(URI.create(location + separator + "digest=" + digest))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(content)));
    expect(put, 201, "upload " + (title == null ? "the config" : title));
    ObjectNode descriptor = new ObjectMapper().createObjectNode();
    descriptor.put("mediaType", mediaType);
    descriptor.put("digest", digest);
    descriptor.put("size", content.length);
    if (title != null) {
      descriptor.putObject("annotations").put("org.opencontainers.image.title", title);
    }
    return descriptor;
  }

  private String manifest(byte[] manifest, String tag) throws IOException, InterruptedException {
    HttpResponse<String> put =
        send(
            HttpRequest.newBuilder(uri("/v2/" + repository + "/manifests/" + tag))
                .header("Content-Type", "application/vnd.oci.image.manifest.v1+json")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(manifest)));
    expect(put, 201, "put the manifest " + repository + ":" + tag);
    return "sha256:" + sha256(manifest);
  }

  private URI uri(String path) {
    return URI.create(registry.scheme() + "://" + registry.host() + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder request)
      throws IOException, InterruptedException {
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return registry.client().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void expect(HttpResponse<String> response, int status, String what)
      throws IOException {
    if (response.statusCode() != status) {
      throw new IOException(
          "cannot " + what + ": HTTP " + response.statusCode() + " " + response.body().strip());
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
