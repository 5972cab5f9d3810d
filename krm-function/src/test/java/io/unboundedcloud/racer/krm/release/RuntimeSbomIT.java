package io.unboundedcloud.racer.krm.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The SBOM the image ships (runtime/sbom/racer-krm.cdx.json) against the runtime it describes. */
@DisplayName("The runtime's SBOM (CycloneDX)")
class RuntimeSbomIT {
  private JsonNode bom;

  @BeforeEach
  void read() throws IOException {
    String skip = RuntimeFolder.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: RuntimeSbomIT: " + skip);
    }
    Assumptions.assumeTrue(skip == null, skip);
    bom =
        new ObjectMapper()
            .readTree(RuntimeFolder.runtime().resolve("sbom/racer-krm.cdx.json").toFile());
  }

  @Test
  @DisplayName(
      "lists exactly the jars of runtime/app, each with its version and the SHA-256 of the file")
  void jars() throws Exception {
    Map<String, String> expected = new TreeMap<>();
    try (Stream<Path> files = Files.list(RuntimeFolder.runtime().resolve("app"))) {
      for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar")).toList()) {
        expected.put(jar.getFileName().toString(), sha256(jar));
      }
    }
    Map<String, String> listed = new TreeMap<>();
    JsonNode subject = bom.path("metadata").path("component");
    String printed =
        CommandRun.of(
                RuntimeFolder.module(),
                Map.of(),
                List.of(RuntimeFolder.launcher().toString(), "--version"))
            .succeeded()
            .stdoutText();
    assertThat(printed).startsWith("racer-krm " + subject.path("version").asText() + " ");
    listed.put("racer-krm.jar", sha256Of(subject));
    List<JsonNode> libraries =
        components().stream().filter(c -> "library".equals(c.path("type").asText())).toList();
    for (JsonNode library : libraries) {
      assertThat(library.path("version").asText())
          .as("version of %s", library.path("purl"))
          .isNotBlank();
      listed.put(
          library.path("name").asText() + "-" + library.path("version").asText() + ".jar",
          sha256Of(library));
    }

    assertThat(listed).isEqualTo(expected);
    assertThat(libraries).hasSize(expected.size() - 1);
  }

  @Test
  @DisplayName("names the jlink runtime with the Java version of jre/release and its vendor")
  void javaRuntime() throws IOException {
    List<JsonNode> platforms =
        components().stream().filter(c -> "platform".equals(c.path("type").asText())).toList();
    assertThat(platforms).hasSize(1);
    JsonNode jre = platforms.get(0);
    String javaVersion =
        Files.readAllLines(RuntimeFolder.runtime().resolve("jre/release")).stream()
            .filter(l -> l.startsWith("JAVA_VERSION="))
            .findFirst()
            .orElseThrow()
            .replaceAll("JAVA_VERSION=|\"", "");
    Map<String, String> properties = new TreeMap<>();
    jre.path("properties")
        .forEach(p -> properties.put(p.path("name").asText(), p.path("value").asText()));

    assertThat(properties).containsEntry("java.version", javaVersion);
    assertThat(jre.path("version").asText()).startsWith(javaVersion);
    assertThat(jre.path("publisher").asText())
        .isNotBlank()
        .isEqualTo(properties.get("java.vendor"));
  }

  private List<JsonNode> components() {
    return new ArrayList<>(
        StreamSupport.stream(bom.path("components").spliterator(), false).toList());
  }

  private static String sha256Of(JsonNode component) {
    return StreamSupport.stream(component.path("hashes").spliterator(), false)
        .filter(h -> "SHA-256".equals(h.path("alg").asText()))
        .map(h -> h.path("content").asText())
        .findFirst()
        .orElse("none");
  }

  private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
