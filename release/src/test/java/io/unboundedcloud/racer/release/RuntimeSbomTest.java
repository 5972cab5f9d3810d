package io.unboundedcloud.racer.release;

import static io.unboundedcloud.racer.release.SbomReading.components;
import static io.unboundedcloud.racer.release.SbomReading.properties;
import static io.unboundedcloud.racer.release.SbomReading.sha256;
import static io.unboundedcloud.racer.release.SbomReading.sha256Of;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link io.unboundedcloud.racer.release.sbom.RuntimeSbom}, run as the build and assemble-debian.sh
 * run it (a java process on the release module's class path), on a small runtime folder: three
 * jars, and a jre/ whose lib/ is this JVM's (so its java.base is a real one, and this JVM's own
 * system properties are what the SBOM must say).
 */
@Tag("slow")
@DisplayName("RuntimeSbom: a runtime folder's SBOM")
class RuntimeSbomTest {
  private static final String TIMESTAMP = "2026-11-29T00:00:00Z";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** apt-cache show openjdk-17-jdk-headless:arm64=17.0.21.1+2-1~deb12u1, shortened. */
  private static final String DEBIAN_RECORD =
      """
      Package: openjdk-17-jdk-headless
      Source: openjdk-17
      Version: 17.0.21.1+2-1~deb12u1
      Installed-Size: 77671
      Maintainer: OpenJDK Team <openjdk-17@packages.debian.org>
      Architecture: arm64
      Depends: openjdk-17-jre-headless (= 17.0.21.1+2-1~deb12u1), libc6 (>= 2.34)
      Description: OpenJDK Development Kit (JDK) (headless)
       OpenJDK is a development environment for building applications,
       Version: not a field, a line of the description
      Homepage: https://openjdk.java.net/
      Filename: pool/updates/main/o/openjdk-17/openjdk-17-jdk-headless_17.0.21.1+2-1~deb12u1_arm64.deb
      SHA256: 51cbad035bfa05a3578bd4a7c74203d5141213b052c47eb0719349fac414a86b
      """;

  @TempDir Path work;
  private Path runtime;
  private Path bom;

  @BeforeEach
  void runtimeFolder() throws Exception {
    runtime = work.resolve("runtime-linux-arm64");
    Files.createDirectories(runtime.resolve("app"));
    Path jre = Files.createDirectories(runtime.resolve("jre"));
    Path javaHome = Path.of(System.getProperty("java.home"));
    Files.createSymbolicLink(jre.resolve("lib"), javaHome.resolve("lib"));
    Files.writeString(
        jre.resolve("release"),
        "JAVA_VERSION=\"" + System.getProperty("java.version") + "\"\nMODULES=\"java.base\"\n");
    Files.writeString(runtime.resolve("app/racer-krm.jar"), "the function");
    Files.writeString(runtime.resolve("app/snakeyaml-2.5.jar"), "snakeyaml");
    Files.writeString(runtime.resolve("app/workload-0.1.0.jar"), "workload");
    Files.writeString(runtime.resolve("app/racer-krm.classlist"), "not a jar");

    ObjectNode document = JSON.createObjectNode();
    document.put("bomFormat", "CycloneDX").put("specVersion", "1.6").put("version", 1);
    document
        .putObject("metadata")
        .putObject("component")
        .put("type", "application")
        .put("name", "racer-krm");
    document.putArray("components");
    bom = work.resolve("bom.json");
    writeBom(document, "snakeyaml-2.5.jar", "workload-0.1.0.jar");
  }

  @Nested
  @DisplayName("when the bom and app/ hold the same jars")
  class Matching {
    @Test
    @DisplayName(
        "writes RUNTIME/sbom/racer-krm.cdx.json with every library of the bom and the subject's SHA-256, at the build's time")
    void jars() throws Exception {
      run().succeeded();

      JsonNode sbom = sbom();
      assertThat(sha256Of(sbom.path("metadata").path("component")))
          .isEqualTo(sha256(runtime.resolve("app/racer-krm.jar")));
      Map<String, String> libraries = new TreeMap<>();
      components(sbom, "library").forEach(c -> libraries.put(c.path("name").asText(), sha256Of(c)));
      assertThat(libraries)
          .containsExactlyEntriesOf(
              new TreeMap<>(
                  Map.of(
                      "snakeyaml-2.5.jar", sha256(runtime.resolve("app/snakeyaml-2.5.jar")),
                      "workload-0.1.0.jar", sha256(runtime.resolve("app/workload-0.1.0.jar")))));
      Path file = runtime.resolve("sbom/racer-krm.cdx.json");
      assertThat(Files.getLastModifiedTime(file))
          .isEqualTo(FileTime.from(Instant.parse(TIMESTAMP)));
    }

    @Test
    @DisplayName(
        "names jre/ as the platform with the version, vendor and name its java.base reports, read without running it")
    void javaRuntime() throws Exception {
      run().succeeded();

      JsonNode jre = platform();
      assertThat(jre.path("publisher").asText()).isEqualTo(System.getProperty("java.vendor"));
      assertThat(jre.path("name").asText()).isEqualTo(System.getProperty("java.runtime.name"));
      assertThat(jre.path("version").asText())
          .isEqualTo(System.getProperty("java.runtime.version"));
      assertThat(jre.path("description").asText()).isEqualTo("jlink runtime at jre/ (java.base)");
      assertThat(properties(jre))
          .containsEntry("java.version", System.getProperty("java.version"))
          .containsEntry("java.version.date", System.getProperty("java.version.date"))
          .containsEntry("java.vendor", System.getProperty("java.vendor"));
      assertThat(jre.has("pedigree")).as("no Debian package given").isFalse();
      assertThat(jre.has("purl")).as("no Debian package given").isFalse();
    }

    @Test
    @DisplayName(
        "with --debian-package, names the package the runtime was linked from as its pedigree (purl, version, architecture, the .deb's SHA-256) and carries its purl for scanners")
    void debianPackage() throws Exception {
      Path record = Files.writeString(work.resolve("jdk.package"), DEBIAN_RECORD);

      run("--debian-package", record.toString(), "debian-12").succeeded();

      String purl =
          "pkg:deb/debian/openjdk-17-jdk-headless@17.0.21.1%2B2-1~deb12u1"
              + "?arch=arm64&distro=debian-12&upstream=openjdk-17";
      JsonNode ancestors = platform().path("pedigree").path("ancestors");
      assertThat(ancestors).hasSize(1);
      JsonNode deb = ancestors.get(0);
      assertThat(deb.path("purl").asText()).isEqualTo(purl);
      assertThat(platform().path("purl").asText()).as("the runtime's own purl").isEqualTo(purl);
      assertThat(deb.path("name").asText()).isEqualTo("openjdk-17-jdk-headless");
      assertThat(deb.path("version").asText()).isEqualTo("17.0.21.1+2-1~deb12u1");
      assertThat(sha256Of(deb))
          .isEqualTo("51cbad035bfa05a3578bd4a7c74203d5141213b052c47eb0719349fac414a86b");
      assertThat(properties(deb))
          .containsEntry("debian:architecture", "arm64")
          .containsEntry("debian:source", "openjdk-17");
    }

    @Test
    @DisplayName("writes valid CycloneDX 1.6: its JSON schema accepts the SBOM")
    void valid() throws Exception {
      Path record = Files.writeString(work.resolve("jdk.package"), DEBIAN_RECORD);

      run("--debian-package", record.toString(), "debian-12").succeeded();

      assertThat(
              new org.cyclonedx.parsers.JsonParser()
                  .validate(
                      runtime.resolve("sbom/racer-krm.cdx.json").toFile(),
                      org.cyclonedx.Version.VERSION_16))
          .isEmpty();
      assertThat(sbom().path("specVersion").asText()).isEqualTo("1.6");
      assertThat(sbom().path("metadata").has("timestamp"))
          .as("no time of its own: the bom's reproducible build has none")
          .isFalse();
    }

    @Test
    @DisplayName("writes the same bytes when run again")
    void reproducible() throws Exception {
      run().succeeded();
      byte[] first = Files.readAllBytes(runtime.resolve("sbom/racer-krm.cdx.json"));
      run().succeeded();
      assertThat(runtime.resolve("sbom/racer-krm.cdx.json")).hasBinaryContent(first);
    }
  }

  @Nested
  @DisplayName("fails, writing no SBOM, naming the folder and what to do")
  class Failing {
    @Test
    @DisplayName("when app/ holds a jar the bom does not list")
    void unlistedJar() throws Exception {
      Files.writeString(runtime.resolve("app/extra-1.0.jar"), "extra");

      assertFails(run(), "runtime-linux-arm64/app/extra-1.0.jar has no component in the bom");
    }

    @Test
    @DisplayName("when the bom lists a jar app/ does not hold")
    void missingJar() throws Exception {
      Files.delete(runtime.resolve("app/workload-0.1.0.jar"));

      assertFails(
          run(),
          "the bom lists pkg:maven/test/workload-0.1.0.jar ("
              + "SHA-256 "
              + sha256("workload".getBytes())
              + "), not in runtime-linux-arm64/app");
    }

    @Test
    @DisplayName("when app/ has no racer-krm.jar")
    void noOwnJar() throws Exception {
      Files.delete(runtime.resolve("app/racer-krm.jar"));

      assertFails(run(), "runtime-linux-arm64/app/racer-krm.jar is not the jar the module built");
    }

    @Test
    @DisplayName("when jre/release and java.base name two Java versions")
    void twoRuntimes() throws Exception {
      Files.writeString(runtime.resolve("jre/release"), "JAVA_VERSION=\"11.0.2\"\n");

      assertFails(run(), "/release says Java 11.0.2, its java.base " + javaVersion());
    }

    @Test
    @DisplayName("when jre/ holds no runtime")
    void noRuntime() throws Exception {
      Files.delete(runtime.resolve("jre/lib"));

      assertFails(run(), "cannot read java.lang.VersionProps from " + runtime.resolve("jre"));
    }

    @Test
    @DisplayName("when the Debian package's record has no version")
    void debianRecordWithoutVersion() throws Exception {
      Path record =
          Files.writeString(
              work.resolve("jdk.package"),
              DEBIAN_RECORD.replace("Version: 17.0.21.1+2-1~deb12u1\n", ""));

      assertFails(
          run("--debian-package", record.toString(), "debian-12"),
          "the Debian package record has no Version field");
    }

    @Test
    @DisplayName("when the SBOM would not be valid CycloneDX (the bom's subject has no type)")
    void invalid() throws Exception {
      ObjectNode document = (ObjectNode) JSON.readTree(bom.toFile());
      ((ObjectNode) document.path("metadata").path("component")).remove("type");
      JSON.writeValue(bom.toFile(), document);

      assertFails(run(), "is not valid CycloneDX 1.6: ");
    }

    @Test
    @DisplayName("when --debian-package lacks the distribution")
    void usage() throws Exception {
      assertFails(
          run("--debian-package", "jdk.package"),
          "usage: RuntimeSbom BOM RUNTIME TIMESTAMP [--debian-package STANZA DISTRO]");
    }

    private void assertFails(CommandRun run, String message) {
      assertThat(run.exit()).as("exit code; stderr:%n%s", run.stderr()).isNotZero();
      assertThat(run.stderr()).contains(message);
      assertThat(runtime.resolve("sbom")).doesNotExist();
    }

    private static String javaVersion() {
      return System.getProperty("java.version");
    }
  }

  private CommandRun run(String... options) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("io.unboundedcloud.racer.release.sbom.RuntimeSbom");
    command.addAll(List.of(bom.toString(), runtime.toString(), TIMESTAMP));
    command.addAll(List.of(options));
    return CommandRun.of(work, Map.of(), command);
  }

  /** A bom as cyclonedx-maven-plugin writes it, for these jars of app/ (by their files' hashes). */
  private void writeBom(ObjectNode document, String... jars) throws Exception {
    for (String jar : jars) {
      ObjectNode component = document.withArray("components").addObject();
      component.put("type", "library");
      component.put("name", jar);
      component.put("purl", "pkg:maven/test/" + jar);
      component
          .putArray("hashes")
          .addObject()
          .put("alg", "SHA-256")
          .put("content", sha256(runtime.resolve("app").resolve(jar)));
    }
    JSON.writeValue(bom.toFile(), document);
  }

  private JsonNode sbom() throws IOException {
    return JSON.readTree(runtime.resolve("sbom/racer-krm.cdx.json").toFile());
  }

  private JsonNode platform() throws IOException {
    return SbomReading.platform(sbom());
  }
}
