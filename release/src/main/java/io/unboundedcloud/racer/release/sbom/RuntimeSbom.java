import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes RUNTIME/sbom/racer-krm.cdx.json, the SBOM of a runtime folder (target/runtime, this
 * machine's; target/runtime-linux-ARCH, another platform's): CycloneDX's bom of the module
 * (target/bom.json, cyclonedx-maven-plugin), checked against what the folder really holds and
 * completed with what Maven cannot see. Every jar in RUNTIME/app is listed with its version and
 * SHA-256 (racer-krm.jar itself as the bom's subject, metadata.component), and the jlink runtime in
 * jre/ as a platform component with the Java version and vendor it was built with, read from its
 * own java.base (java.lang.VersionProps in jre/lib/modules, where java takes them from) without
 * running it: another platform's java runs here only under emulation. When the runtime was linked
 * from a Debian package's jmods, the component names that package as its pedigree (its purl, its
 * version and architecture, the .deb's SHA-256) and carries its purl, which is what a scanner
 * matches advisories by.
 *
 * <p>The build fails when a jar of RUNTIME/app has no component with its hash, or the bom lists a
 * library that is not in RUNTIME/app: the SBOM says exactly what ships, or nothing is shipped.
 *
 * <p>Usage: java -cp CLASSPATH RuntimeSbom.java BOM RUNTIME TIMESTAMP [--debian-package STANZA
 * DISTRO]. STANZA is the package's record as {@code apt-cache show} prints it, DISTRO the purl's
 * distro qualifier (debian-12).
 */
public final class RuntimeSbom {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public static void main(String[] args) throws Exception {
    if (args.length != 3 && !(args.length == 6 && args[3].equals("--debian-package"))) {
      throw new IllegalArgumentException(
          "usage: RuntimeSbom.java BOM RUNTIME TIMESTAMP [--debian-package STANZA DISTRO]");
    }
    Path runtime = Path.of(args[1]);
    ObjectNode bom = (ObjectNode) JSON.readTree(Path.of(args[0]).toFile());
    checkJars(bom, runtime);
    ObjectNode jre = jre(runtime.resolve("jre"));
    if (args.length == 6) {
      ObjectNode debian = debianPackage(Files.readString(Path.of(args[4])), args[5]);
      jre.putObject("pedigree").putArray("ancestors").add(debian);
      // scanners match advisories by the components' own purls and do not read pedigree (grype,
      // Dependency-Track): the runtime carries the package's purl too, its code being that
      // package's
      jre.put("purl", debian.path("purl").asText());
    }
    bom.withArray("components").add(jre);

    Path out = Files.createDirectories(runtime.resolve("sbom")).resolve("racer-krm.cdx.json");
    JSON.writeValue(out.toFile(), bom);
    FileTime time = FileTime.from(Instant.parse(args[2]));
    Files.setLastModifiedTime(out, time);
    Files.setLastModifiedTime(out.getParent(), time);
    System.err.println(
        "[runtime] SBOM " + out + ": " + bom.path("components").size() + " components");
  }

  /**
   * Every jar of RUNTIME/app against the bom's components, by SHA-256; gives the subject
   * (racer-krm.jar) its hash.
   */
  private static void checkJars(ObjectNode bom, Path runtime)
      throws IOException, NoSuchAlgorithmException {
    String app = runtime.getFileName() + "/app";
    Map<String, Path> jarsByHash = new TreeMap<>();
    try (Stream<Path> files = Files.list(runtime.resolve("app"))) {
      for (Path jar :
          files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
        jarsByHash.put(sha256(jar), jar);
      }
    }
    List<String> problems = new ArrayList<>();
    for (JsonNode component : bom.withArray("components")) {
      String hash = hashOf(component);
      if (jarsByHash.remove(hash) == null) {
        problems.add(
            "the bom lists "
                + component.path("purl").asText()
                + " (SHA-256 "
                + hash
                + "), not in "
                + app);
      }
    }
    ObjectNode subject = (ObjectNode) bom.path("metadata").path("component");
    Path ownJar = runtime.resolve("app/racer-krm.jar");
    String ownHash = Files.isRegularFile(ownJar) ? sha256(ownJar) : "none";
    if (jarsByHash.remove(ownHash) == null) {
      problems.add(app + "/racer-krm.jar is not the jar the module built");
    }
    subject.putArray("hashes").addObject().put("alg", "SHA-256").put("content", ownHash);
    jarsByHash
        .values()
        .forEach(
            jar -> problems.add(app + "/" + jar.getFileName() + " has no component in the bom"));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "the SBOM would not match the runtime "
              + runtime
              + " (run mvn -B package again, then the script that assembled it):\n  "
              + String.join("\n  ", problems));
    }
  }

  /**
   * The jlink runtime: the Java version and vendor its java.base was built with, and its modules
   * (jre/release).
   */
  private static ObjectNode jre(Path jre) throws IOException {
    Map<String, String> release = release(jre.resolve("release"));
    Map<String, String> props = VersionProps.of(jre);
    String javaVersion = release.get("JAVA_VERSION");
    if (!javaVersion.equals(props.get("java.version"))) {
      throw new IllegalStateException(
          jre
              + "/release says Java "
              + javaVersion
              + ", its java.base "
              + props.get("java.version")
              + ": the folder mixes two runtimes (assemble it again)");
    }
    ObjectNode component = JSON.createObjectNode();
    component.put("type", "platform");
    component.put("bom-ref", "racer-krm:jre");
    component.put("publisher", props.get("java.vendor"));
    component.put("name", props.get("java.runtime.name"));
    component.put("version", props.get("java.runtime.version"));
    component.put(
        "description", "jlink runtime at jre/ (" + release.getOrDefault("MODULES", "") + ")");
    ArrayNode properties = component.putArray("properties");
    for (String key : List.of("java.version", "java.version.date", "java.vendor")) {
      if (props.containsKey(key)) {
        properties.addObject().put("name", key).put("value", props.get(key));
      }
    }
    return component;
  }

  /** KEY="value" lines; JAVA_VERSION must be there. */
  private static Map<String, String> release(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(file + " is missing: the folder holds no jlink runtime");
    }
    Map<String, String> release = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        release.put(line.substring(0, eq), line.substring(eq + 1).replace("\"", ""));
      }
    }
    if (!release.containsKey("JAVA_VERSION")) {
      throw new IllegalStateException(file + " has no JAVA_VERSION");
    }
    return release;
  }

  /**
   * The Debian package the runtime's jmods came from, from its apt record: name, version,
   * architecture, source package (the purl's upstream, which Debian's security tracker is keyed by)
   * and the .deb's SHA-256.
   */
  private static ObjectNode debianPackage(String stanza, String distro) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : stanza.lines().toList()) {
      int colon = line.indexOf(':');
      if (colon > 0 && !Character.isWhitespace(line.charAt(0))) {
        fields.putIfAbsent(line.substring(0, colon), line.substring(colon + 1).strip());
      }
    }
    for (String required : List.of("Package", "Version", "Architecture")) {
      if (!fields.containsKey(required)) {
        throw new IllegalStateException(
            "the Debian package record has no " + required + " field: " + stanza.strip());
      }
    }
    String name = fields.get("Package");
    String version = fields.get("Version");
    // Source: openjdk-17, or "openjdk-17 (VERSION)" when it differs from the binary's version
    String source = fields.getOrDefault("Source", name).split(" ")[0];
    String purl =
        "pkg:deb/debian/"
            + name
            + "@"
            + purlEncoded(version)
            + "?arch="
            + fields.get("Architecture")
            + "&distro="
            + distro
            + (source.equals(name) ? "" : "&upstream=" + source);
    ObjectNode component = JSON.createObjectNode();
    component.put("type", "library");
    component.put("bom-ref", purl);
    component.put("publisher", "Debian");
    component.put("name", name);
    component.put("version", version);
    if (fields.containsKey("SHA256")) {
      component
          .putArray("hashes")
          .addObject()
          .put("alg", "SHA-256")
          .put("content", fields.get("SHA256"));
    }
    component.put("purl", purl);
    ArrayNode properties = component.putArray("properties");
    properties
        .addObject()
        .put("name", "debian:architecture")
        .put("value", fields.get("Architecture"));
    properties.addObject().put("name", "debian:source").put("value", source);
    return component;
  }

  /** Percent-encoded as the purl spec asks: all but letters, digits and "._-~" (so + is %2B). */
  private static String purlEncoded(String text) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || "._-~".indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
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

  /**
   * The system properties a runtime's java takes from java.lang.VersionProps, whose string
   * constants the build of that JDK filled in: read from its jre/lib/modules through the jrt file
   * system of that runtime (any platform's: the image format is the same), not by running it.
   * java.vendor.version is set in its static initializer, not as a constant, and java.vm.name comes
   * from libjvm: neither is read.
   */
  private static final class VersionProps {
    private static final Map<String, String> FIELDS =
        Map.of(
            "java_version", "java.version",
            "java_runtime_name", "java.runtime.name",
            "java_runtime_version", "java.runtime.version",
            "java_version_date", "java.version.date",
            "VENDOR", "java.vendor");

    static Map<String, String> of(Path jre) throws IOException {
      byte[] bytes;
      try (FileSystem modules =
          FileSystems.newFileSystem(
              URI.create("jrt:/"), Map.of("java.home", jre.toAbsolutePath().toString()))) {
        bytes =
            Files.readAllBytes(modules.getPath("/modules/java.base/java/lang/VersionProps.class"));
      } catch (IOException | RuntimeException e) {
        throw new IllegalStateException(
            "cannot read java.lang.VersionProps from " + jre + "/lib/modules: " + e, e);
      }
      Map<String, String> constants = constants(bytes);
      Map<String, String> props = new TreeMap<>();
      FIELDS.forEach(
          (field, property) -> {
            String value = constants.get(field);
            if (value != null && !value.isEmpty()) {
              props.put(property, value);
            }
          });
      for (String required :
          List.of("java.version", "java.vendor", "java.runtime.name", "java.runtime.version")) {
        if (!props.containsKey(required)) {
          throw new IllegalStateException(
              jre
                  + ": java.lang.VersionProps holds no "
                  + required
                  + " (a JDK of another layout?)");
        }
      }
      return props;
    }

    /** The String constants of a class's static final fields, by field name (JVMS 4.4, 4.5). */
    private static Map<String, String> constants(byte[] classFile) throws IOException {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
      if (in.readInt() != 0xCAFEBABE) {
        throw new IOException("not a class file");
      }
      in.readInt(); // minor, major
      int count = in.readUnsignedShort();
      Object[] pool = new Object[count];
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> pool[i] = in.readUTF();
          case 8 -> pool[i] = new int[] {in.readUnsignedShort()};
          case 7, 16, 19, 20 -> in.skipBytes(2);
          case 15 -> in.skipBytes(3);
          case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
          case 5, 6 -> {
            in.skipBytes(8);
            i++;
          }
          default -> throw new IOException("unknown constant pool tag " + tag);
        }
      }
      in.skipBytes(6); // access flags, this class, super class
      in.skipBytes(2 * in.readUnsignedShort()); // interfaces
      Map<String, String> constants = new HashMap<>();
      int fields = in.readUnsignedShort();
      for (int f = 0; f < fields; f++) {
        in.skipBytes(2);
        String name = (String) pool[in.readUnsignedShort()];
        in.skipBytes(2);
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
          String attribute = (String) pool[in.readUnsignedShort()];
          int length = in.readInt();
          if (!attribute.equals("ConstantValue")) {
            in.skipBytes(length);
          } else if (pool[in.readUnsignedShort()] instanceof int[] string) {
            constants.put(name, (String) pool[string[0]]);
          }
        }
      }
      return constants;
    }
  }
}
