import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes target/runtime/sbom/racer-krm.cdx.json, the SBOM of the image's runtime: CycloneDX's bom
 * of the module (target/bom.json, cyclonedx-maven-plugin), checked against what target/runtime
 * really holds and completed with what Maven cannot see. Every jar in runtime/app is listed with
 * its version and SHA-256 (racer-krm.jar itself as the bom's subject, metadata.component), and the
 * jlink runtime in jre/ as a platform component with the Java version and vendor its own java
 * reports.
 *
 * <p>The build fails when a jar of runtime/app has no component with its hash, or the bom lists a
 * library that is not in runtime/app: the SBOM says exactly what ships, or nothing is shipped.
 *
 * <p>Usage: java -cp CLASSPATH RuntimeSbom.java TARGET TIMESTAMP
 */
public final class RuntimeSbom {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public static void main(String[] args) throws Exception {
    Path target = Path.of(args[0]);
    Path runtime = target.resolve("runtime");
    ObjectNode bom = (ObjectNode) JSON.readTree(target.resolve("bom.json").toFile());

    Map<String, Path> jarsByHash = new TreeMap<>();
    try (Stream<Path> files = Files.list(runtime.resolve("app"))) {
      for (Path jar :
          files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
        jarsByHash.put(sha256(jar), jar);
      }
    }
    List<String> problems = new ArrayList<>();
    ArrayNode components = (ArrayNode) bom.withArray("components");
    for (JsonNode component : components) {
      String hash = hashOf(component);
      if (jarsByHash.remove(hash) == null) {
        problems.add(
            "the bom lists "
                + component.path("purl").asText()
                + " (SHA-256 "
                + hash
                + "), not in runtime/app");
      }
    }
    ObjectNode subject = (ObjectNode) bom.path("metadata").path("component");
    Path ownJar = runtime.resolve("app/racer-krm.jar");
    String ownHash = sha256(ownJar);
    if (jarsByHash.remove(ownHash) == null) {
      problems.add("runtime/app/racer-krm.jar is not the jar the module built");
    }
    subject.putArray("hashes").addObject().put("alg", "SHA-256").put("content", ownHash);
    jarsByHash
        .values()
        .forEach(
            jar ->
                problems.add("runtime/app/" + jar.getFileName() + " has no component in the bom"));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "the SBOM would not match the runtime:\n  " + String.join("\n  ", problems));
    }
    components.add(jre(runtime.resolve("jre")));

    Path out = Files.createDirectories(runtime.resolve("sbom")).resolve("racer-krm.cdx.json");
    JSON.writeValue(out.toFile(), bom);
    FileTime time = FileTime.from(Instant.parse(args[1]));
    Files.setLastModifiedTime(out, time);
    Files.setLastModifiedTime(out.getParent(), time);
    System.err.println("[runtime] SBOM " + out + ": " + components.size() + " components");
  }

  /**
   * The jlink runtime: the Java version and vendor as its own java reports them, and its modules.
   */
  private static ObjectNode jre(Path jre) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                jre.resolve("bin/java").toString(), "-XshowSettings:properties", "-version")
            .redirectErrorStream(true)
            .start();
    String settings = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IllegalStateException(jre + "/bin/java failed: " + settings);
    }
    String modules =
        Files.readAllLines(jre.resolve("release")).stream()
            .filter(l -> l.startsWith("MODULES="))
            .map(l -> l.substring("MODULES=".length()).replace("\"", ""))
            .findFirst()
            .orElse("");
    ObjectNode component = JSON.createObjectNode();
    component.put("type", "platform");
    component.put("bom-ref", "racer-krm:jre");
    component.put("publisher", property(settings, "java.vendor"));
    component.put("name", property(settings, "java.runtime.name"));
    component.put("version", property(settings, "java.runtime.version"));
    component.put("description", "jlink runtime at jre/ (" + modules + ")");
    ArrayNode properties = component.putArray("properties");
    for (String key :
        List.of("java.version", "java.vendor", "java.vendor.version", "java.vm.name")) {
      properties.addObject().put("name", key).put("value", property(settings, key));
    }
    return component;
  }

  private static String property(String settings, String key) {
    return settings
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith(key + " = "))
        .map(l -> l.substring(key.length() + 3))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("the runtime's java reports no " + key));
  }

  private static String hashOf(JsonNode component) {
    for (JsonNode hash : component.path("hashes")) {
      if ("SHA-256".equals(hash.path("alg").asText())) {
        return hash.path("content").asText();
      }
    }
    throw new IllegalStateException(
        "no SHA-256 for " + component.path("purl").asText() + " in the bom");
  }

  private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[65536];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
