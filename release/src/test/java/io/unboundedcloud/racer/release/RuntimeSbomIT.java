package io.unboundedcloud.racer.release;

import static io.unboundedcloud.racer.release.SbomReading.components;
import static io.unboundedcloud.racer.release.SbomReading.platform;
import static io.unboundedcloud.racer.release.SbomReading.properties;
import static io.unboundedcloud.racer.release.SbomReading.sha256;
import static io.unboundedcloud.racer.release.SbomReading.sha256Of;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SBOM each platform's runtime folder ships (sbom/racer-krm.cdx.json, in the image and the exec
 * bundle) against the runtime it describes: target/runtime, which mvn package assembles, and
 * target/runtime-linux-arm64, which only assemble-debian.sh arm64 (tools/release.sh) assembles.
 */
@DisplayName("Each runtime's SBOM (CycloneDX)")
class RuntimeSbomIT {
  private static final String ARM64 = "linux/arm64";
  private static final Set<String> SKIPS_PRINTED = new HashSet<>();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"linux/amd64", ARM64})
  @DisplayName(
      "lists exactly the jars of the runtime's app/, each with its version and the SHA-256 of the file")
  void jars(String platform) throws Exception {
    Path runtime = runtime(platform);
    JsonNode bom = bom(runtime);
    Map<String, String> expected = new TreeMap<>();
    try (Stream<Path> files = Files.list(runtime.resolve("app"))) {
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
                List.of(RuntimeFolder.plainLauncher().toString(), "--version"))
            .succeeded()
            .stdoutText();
    assertThat(printed).startsWith("racer-krm " + subject.path("version").asText() + " ");
    listed.put("racer-krm.jar", sha256Of(subject));
    List<JsonNode> libraries = components(bom, "library");
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

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"linux/amd64", ARM64})
  @DisplayName("names the jlink runtime with the Java version of its jre/release and a vendor")
  void javaRuntime(String platform) throws IOException {
    Path runtime = runtime(platform);
    JsonNode jre = platform(bom(runtime));
    String javaVersion = javaVersion(runtime);

    assertThat(properties(jre)).containsEntry("java.version", javaVersion);
    assertThat(jre.path("version").asText()).startsWith(javaVersion);
    assertThat(jre.path("publisher").asText())
        .isNotBlank()
        .isEqualTo(properties(jre).get("java.vendor"));
  }

  @Test
  @DisplayName(
      "this machine's runtime: the Java runtime's name, version and vendor are what its own java reports")
  void asItsJavaReports() throws IOException {
    Path runtime = runtime(RuntimeFolder.nativePlatform());
    JsonNode jre = platform(bom(runtime));
    String settings =
        CommandRun.of(
                RuntimeFolder.module(),
                Map.of(),
                List.of(
                    runtime.resolve("jre/bin/java").toString(),
                    "-XshowSettings:properties",
                    "-version"))
            .succeeded()
            .stderr();

    assertThat(jre.path("publisher").asText()).isEqualTo(setting(settings, "java.vendor"));
    assertThat(jre.path("name").asText()).isEqualTo(setting(settings, "java.runtime.name"));
    assertThat(jre.path("version").asText()).isEqualTo(setting(settings, "java.runtime.version"));
    assertThat(properties(jre))
        .containsEntry("java.version", setting(settings, "java.version"))
        .containsEntry("java.version.date", setting(settings, "java.version.date"));
  }

  @Test
  @DisplayName(
      "linux/arm64: names Debian's openjdk-17-jdk-headless for arm64, of its jre's Java version, as the runtime's pedigree and purl")
  void debianPackage() throws IOException {
    Path runtime = runtime(ARM64);
    JsonNode jre = platform(bom(runtime));
    String javaVersion = javaVersion(runtime);

    assertThat(jre.path("publisher").asText()).isEqualTo("Debian");
    JsonNode ancestors = jre.path("pedigree").path("ancestors");
    assertThat(ancestors).hasSize(1);
    JsonNode deb = ancestors.get(0);
    assertThat(deb.path("name").asText()).isEqualTo("openjdk-17-jdk-headless");
    assertThat(deb.path("version").asText()).startsWith(javaVersion + "+");
    assertThat(deb.path("purl").asText())
        .startsWith("pkg:deb/debian/openjdk-17-jdk-headless@" + javaVersion + "%2B")
        .contains("?arch=arm64&distro=debian-")
        .endsWith("&upstream=openjdk-17");
    assertThat(sha256Of(deb)).matches("[0-9a-f]{64}");
    assertThat(jre.path("purl").asText()).isEqualTo(deb.path("purl").asText());
  }

  /** The platform's runtime folder; the test is skipped, saying so once, when it is absent. */
  private static Path runtime(String platform) {
    Path runtime = RuntimeFolder.runtimeOf(platform);
    String skip = RuntimeFolder.unavailableReason();
    if (skip == null && !Files.isRegularFile(runtime.resolve("sbom/racer-krm.cdx.json"))) {
      skip =
          "target/"
              + runtime.getFileName()
              + " not assembled: only tools/release.sh or src/main/runtime/assemble-debian.sh "
              + platform.substring("linux/".length())
              + " makes it (needs arm64 emulation and Debian's mirror)";
    }
    if (skip != null && SKIPS_PRINTED.add(skip)) {
      System.out.println("SKIPPED: RuntimeSbomIT " + platform + ": " + skip);
    }
    Assumptions.assumeTrue(skip == null, skip);
    return runtime;
  }

  private static JsonNode bom(Path runtime) throws IOException {
    return new ObjectMapper().readTree(runtime.resolve("sbom/racer-krm.cdx.json").toFile());
  }

  private static String javaVersion(Path runtime) throws IOException {
    return Files.readAllLines(runtime.resolve("jre/release")).stream()
        .filter(l -> l.startsWith("JAVA_VERSION="))
        .findFirst()
        .orElseThrow()
        .replaceAll("JAVA_VERSION=|\"", "");
  }

  /** A property as java -XshowSettings:properties prints it (" key = value"). */
  private static String setting(String settings, String key) {
    return settings
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith(key + " = "))
        .map(l -> l.substring(key.length() + 3))
        .findFirst()
        .orElseThrow(() -> new AssertionError("java printed no " + key + ":\n" + settings));
  }
}
