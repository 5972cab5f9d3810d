package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * By default the JVM prints its own warnings to stdout, which would corrupt the ResourceList.
 * Options that make it warn ({@code -XX:SharedArchiveFile=/nonexistent.jsa} warns on Java 25,
 * {@code -XX:+UseLargePages} on a host without large pages warns on 17 and 25) are passed through
 * RACER_KRM_JAVA_OPTS: stdout must stay the same ResourceList, and the warnings must reach stderr.
 */
@DisplayName("JVM warnings never reach stdout")
class JvmWarningsIT {
  private static final String WARNING_OPTIONS =
      "-XX:SharedArchiveFile=/nonexistent.jsa -XX:+UseLargePages";
  private static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

  /**
   * The JVMs to try: the launcher's default ({@code java} on the PATH) and Temurin 25 when
   * installed.
   */
  static Stream<Arguments> jvms() {
    Map<String, String> onPath = new HashMap<>();
    onPath.put("JAVA_HOME", null);
    onPath.put("RACER_KRM_JAVA", null);
    Map<String, String> temurin = new HashMap<>(onPath);
    temurin.put("JAVA_HOME", TEMURIN_25.toString());
    return Stream.of(
        arguments("java on the PATH", "java", onPath),
        arguments("Temurin 25 by JAVA_HOME", TEMURIN_25.resolve("bin/java").toString(), temurin));
  }

  private static void requireJava(String java) {
    if (java.startsWith("/") && !Files.isExecutable(Path.of(java))) {
      Launcher.skip(java + " is not installed");
    }
  }

  /**
   * What the JVM alone prints on stdout for {@link #WARNING_OPTIONS}: unified-logging warning
   * lines.
   */
  private static List<String> bareWarnings(String java) {
    List<String> command = new java.util.ArrayList<>(List.of(java));
    command.addAll(List.of(WARNING_OPTIONS.split(" ")));
    command.add("-version");
    Launcher.Run bare = Launcher.run(command, Map.of(), new byte[0]);
    return bare.out()
        .lines()
        .filter(line -> line.matches("\\[[^]]*]\\[(warning|error) *].*"))
        .toList();
  }

  private static Map<String, String> withOptions(Map<String, String> env) {
    Map<String, String> changed = new HashMap<>(env);
    changed.put("RACER_KRM_JAVA_OPTS", WARNING_OPTIONS);
    return changed;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  @DisplayName("stdout is the same ResourceList with or without options that make the JVM warn")
  void stdoutUnchanged(String name, String java, Map<String, String> env) {
    requireJava(java);
    byte[] input = Launcher.quickstartResourceList().getBytes(StandardCharsets.UTF_8);
    Launcher.Run plain = Launcher.run(Launcher.withLauncher(List.of()), env, input);
    Launcher.Run warned = Launcher.run(Launcher.withLauncher(List.of()), withOptions(env), input);
    assertThat(plain.exit()).as(plain.describe()).isZero();
    assertThat(warned.exit()).as(warned.describe()).isZero();
    assertThat(warned.stdout()).as(warned.describe()).isEqualTo(plain.stdout());
    Map<?, ?> list = new Yaml(new SafeConstructor(new LoaderOptions())).load(warned.out());
    assertThat(list.get("kind")).isEqualTo("ResourceList");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  @DisplayName("the warnings the bare JVM prints on stdout go to stderr instead")
  void warningsOnStderr(String name, String java, Map<String, String> env) {
    requireJava(java);
    List<String> warnings = bareWarnings(java);
    if (warnings.isEmpty()) {
      Launcher.skip(java + " prints no warning for " + WARNING_OPTIONS + " on this host");
    }
    byte[] input = Launcher.quickstartResourceList().getBytes(StandardCharsets.UTF_8);
    Launcher.Run warned = Launcher.run(Launcher.withLauncher(List.of()), withOptions(env), input);
    for (String warning : warnings) {
      String message = warning.substring(warning.lastIndexOf(']') + 1).strip();
      assertThat(warned.stderr()).as("stderr of %s", warned.describe()).contains(message);
      assertThat(warned.out()).doesNotContain(message);
    }
  }
}
