package io.unboundedcloud.racer.release.sbom;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
import org.cyclonedx.Version;
import org.cyclonedx.generators.BomGeneratorFactory;
import org.cyclonedx.model.Ancestors;
import org.cyclonedx.model.Bom;
import org.cyclonedx.model.Component;
import org.cyclonedx.model.Hash;
import org.cyclonedx.model.Pedigree;
import org.cyclonedx.model.Property;
import org.cyclonedx.parsers.JsonParser;

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
 * <p>The bom is read and written through CycloneDX's own Java model (cyclonedx-core-java), and the
 * SBOM written is checked against CycloneDX's JSON schema of the bom's spec version.
 *
 * <p>Usage: java -cp RELEASE_CLASSPATH io.unboundedcloud.racer.release.sbom.RuntimeSbom BOM RUNTIME
 * TIMESTAMP [--debian-package STANZA DISTRO]. STANZA is the package's record as {@code apt-cache
 * show} prints it, DISTRO the purl's distro qualifier (debian-12).
 */
public final class RuntimeSbom {
  private RuntimeSbom() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3 && !(args.length == 6 && args[3].equals("--debian-package"))) {
      throw new IllegalArgumentException(
          "usage: RuntimeSbom BOM RUNTIME TIMESTAMP [--debian-package STANZA DISTRO]");
    }
    Path runtime = Path.of(args[1]).toAbsolutePath().normalize();
    Bom bom = new JsonParser().parse(Path.of(args[0]).toFile());
    // the plugin's reproducible bom has no timestamp; CycloneDX's model stamps the time it was read
    bom.getMetadata().setTimestamp(null);
    checkJars(bom, runtime);
    Component jre = jre(runtime.resolve("jre"));
    if (args.length == 6) {
      Component debian = debianPackage(Files.readString(Path.of(args[4])), args[5]);
      Ancestors ancestors = new Ancestors();
      ancestors.addComponent(debian);
      Pedigree pedigree = new Pedigree();
      pedigree.setAncestors(ancestors);
      jre.setPedigree(pedigree);
      // scanners match advisories by the components' own purls and do not read pedigree (grype,
      // Dependency-Track): the runtime carries the package's purl too, its code being that
      // package's
      jre.setPurl(debian.getPurl());
    }
    bom.addComponent(jre);

    Version version = Version.fromVersionString(bom.getSpecVersion());
    String json = BomGeneratorFactory.createJson(version, bom).toJsonString() + "\n";
    List<?> invalid = new JsonParser().validate(json.getBytes(StandardCharsets.UTF_8), version);
    if (!invalid.isEmpty()) {
      throw new IllegalStateException(
          "the SBOM of "
              + runtime
              + " is not valid CycloneDX "
              + bom.getSpecVersion()
              + ": "
              + invalid);
    }
    Path out = Files.createDirectories(runtime.resolve("sbom")).resolve("racer-krm.cdx.json");
    Files.writeString(out, json);
    FileTime time = FileTime.from(Instant.parse(args[2]));
    Files.setLastModifiedTime(out, time);
    Files.setLastModifiedTime(out.getParent(), time);
    System.err.println("[runtime] SBOM " + out + ": " + bom.getComponents().size() + " components");
  }

  /**
   * Every jar of RUNTIME/app against the bom's components, by SHA-256; gives the subject
   * (racer-krm.jar) its hash.
   */
  private static void checkJars(Bom bom, Path runtime)
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
    for (Component component : bom.getComponents()) {
      String hash = hashOf(component);
      if (jarsByHash.remove(hash) == null) {
        problems.add(
            "the bom lists " + component.getPurl() + " (SHA-256 " + hash + "), not in " + app);
      }
    }
    Component subject = bom.getMetadata().getComponent();
    Path ownJar = runtime.resolve("app/racer-krm.jar");
    String ownHash = Files.isRegularFile(ownJar) ? sha256(ownJar) : "none";
    if (jarsByHash.remove(ownHash) == null) {
      problems.add(app + "/racer-krm.jar is not the jar the module built");
    }
    subject.setHashes(List.of(new Hash(Hash.Algorithm.SHA_256, ownHash)));
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
  private static Component jre(Path jre) throws IOException {
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
    Component component = new Component();
    component.setType(Component.Type.PLATFORM);
    component.setBomRef("racer-krm:jre");
    component.setPublisher(props.get("java.vendor"));
    component.setName(props.get("java.runtime.name"));
    component.setVersion(props.get("java.runtime.version"));
    component.setDescription("jlink runtime at jre/ (" + release.getOrDefault("MODULES", "") + ")");
    List<Property> properties = new ArrayList<>();
    for (String key : List.of("java.version", "java.version.date", "java.vendor")) {
      if (props.containsKey(key)) {
        properties.add(new Property(key, props.get(key)));
      }
    }
    component.setProperties(properties);
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
  private static Component debianPackage(String stanza, String distro) {
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
    Component component = new Component();
    component.setType(Component.Type.LIBRARY);
    component.setBomRef(purl);
    component.setPublisher("Debian");
    component.setName(name);
    component.setVersion(version);
    if (fields.containsKey("SHA256")) {
      component.setHashes(List.of(new Hash(Hash.Algorithm.SHA_256, fields.get("SHA256"))));
    }
    component.setPurl(purl);
    component.setProperties(
        List.of(
            new Property("debian:architecture", fields.get("Architecture")),
            new Property("debian:source", source)));
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

  private static String hashOf(Component component) {
    if (component.getHashes() != null) {
      for (Hash hash : component.getHashes()) {
        if (Hash.Algorithm.SHA_256.getSpec().equals(hash.getAlgorithm())) {
          return hash.getValue();
        }
      }
    }
    throw new IllegalStateException("no SHA-256 for " + component.getPurl() + " in the bom");
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
