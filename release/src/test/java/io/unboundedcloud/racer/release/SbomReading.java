package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.StreamSupport;

/**
 * Test support: what the SBOM tests read from a CycloneDX bom (components by type, a component's
 * properties and SHA-256) and the SHA-256 of a file to compare with it.
 */
final class SbomReading {
  private SbomReading() {}

  /** The bom's components of {@code type} ("library", "platform"), in order. */
  static List<JsonNode> components(JsonNode bom, String type) {
    return StreamSupport.stream(bom.path("components").spliterator(), false)
        .filter(c -> type.equals(c.path("type").asText()))
        .toList();
  }

  /** The one platform component (the Java runtime); fails unless there is exactly one. */
  static JsonNode platform(JsonNode bom) {
    List<JsonNode> platforms = components(bom, "platform");
    assertThat(platforms).hasSize(1);
    return platforms.get(0);
  }

  /** The component's properties, name to value. */
  static Map<String, String> properties(JsonNode component) {
    Map<String, String> properties = new TreeMap<>();
    component
        .path("properties")
        .forEach(p -> properties.put(p.path("name").asText(), p.path("value").asText()));
    return properties;
  }

  /** The component's SHA-256, or "none". */
  static String sha256Of(JsonNode component) {
    return StreamSupport.stream(component.path("hashes").spliterator(), false)
        .filter(h -> "SHA-256".equals(h.path("alg").asText()))
        .map(h -> h.path("content").asText())
        .findFirst()
        .orElse("none");
  }

  /** The file's SHA-256, in hex. */
  static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    return sha256(Files.readAllBytes(file));
  }

  /** The bytes' SHA-256, in hex. */
  static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
