package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.hostile.HostilePayload;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every launcher starts java without JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS and LD_*
 * (docs/krm.md, "The stand-in's environment"): each launcher is run with each variable set to a
 * payload that runs code ({@link HostilePayload}), and renders what it renders without it, the
 * payload never run by java. The controls prove each payload does run: java started directly with
 * the variable, and the launcher given it through the operator's settings (RACER_KRM_JAVA_OPTS,
 * RACER_KRM_LD_PRELOAD).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Every launcher starts java without what configures the JVM or the dynamic loader")
class LauncherEnvironmentIT {
  private static final List<String> JVM_VARIABLES =
      List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  private byte[] input;
  private Path folderApp;

  @BeforeAll
  void needsTheRuntime() {
    String why = RuntimeFolder.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: LauncherEnvironmentIT: " + why);
    }
    assumeTrue(why == null, why);
    input =
        RuntimeFolder.read(
            RuntimeFolder.module()
                .resolve("src/test/resources/golden/kpt-render-comments/input.yaml"));
    folderApp = RuntimeFolder.repository().resolve("examples/argocd/app");
  }

  /** A launcher: its command, the stdin it reads, the folder it runs in. */
  private record Started(String name, List<String> command, boolean readsStdin) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Started> launchers() {
    Path bin = RuntimeFolder.runtime().resolve("bin");
    return List.of(
        new Started("runtime bin/racer-krm", List.of(bin.resolve("racer-krm").toString()), true),
        new Started(
            "plain target/racer-krm", List.of(RuntimeFolder.plainLauncher().toString()), true),
        new Started(
            "bin/racer-krm-generate (racer-krm render .)",
            List.of(bin.resolve("racer-krm-generate").toString()),
            false),
        new Started(
            "bin/racer-krm-announce (racer-krm announce .)",
            List.of(bin.resolve("racer-krm-announce").toString()),
            false),
        new Started(
            "bin/racer-krm-archive (racer-krm --version)",
            List.of(bin.resolve("racer-krm-archive").toString()),
            false));
  }

  /**
   * The launchers whose java loads the function's classes into the metaspace, where the JVM payload
   * fires: not racer-krm-archive, which starts bin/racer-krm (a launcher of this list) with the
   * archive required, so that its classes never reach the metaspace and the payload could not fire
   * even if it got through; its LD_PRELOAD tests hold it.
   */
  static Stream<Started> javaOptionLaunchers() {
    return launchers().stream().filter(launcher -> !launcher.name().contains("archive"));
  }

  static Stream<Arguments> launchersAndJvmVariables() {
    return javaOptionLaunchers()
        .flatMap(launcher -> JVM_VARIABLES.stream().map(name -> Arguments.of(launcher, name)));
  }

  @Nested
  @DisplayName("run nothing")
  class RunNothing {

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource(
        "io.unboundedcloud.racer.krm.launcher.LauncherEnvironmentIT#launchersAndJvmVariables")
    @DisplayName(
        "a JVM option variable set to run a script on OutOfMemoryError: the same output, exit 0, the script never run")
    void jvmVariable(Started launcher, String variable, @TempDir Path root) {
      HostilePayload payload = HostilePayload.in(root);
      String options = payload.jvmOptions("jvm", archiveOff(launcher));

      CommandRun run = run(launcher, Map.of(variable, options));

      run.assertSameAs(run(launcher, Map.of()), launcher + " with " + variable);
      assertThat(run.exit()).isZero();
      assertThat(run.stderr()).doesNotContain("Picked up").doesNotContain("OutOfMemoryError");
      assertThat(payload.marks("jvm")).as("the script's marker").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.launcher.LauncherEnvironmentIT#launchers")
    @DisplayName(
        "LD_PRELOAD of a library whose constructor writes a marker: the same output, exit 0, never loaded into java"
            + " (the launcher's own shell loads it before its first line: that is the caller's environment)")
    void preload(Started launcher, @TempDir Path root) {
      HostilePayload.assumeCompiler("LauncherEnvironmentIT LD_PRELOAD");
      HostilePayload payload = HostilePayload.in(root);
      Path library = payload.preloadLibrary("preload");

      CommandRun run = run(launcher, Map.of("LD_PRELOAD", library.toString()));

      run.assertSameAs(run(launcher, Map.of()), launcher + " with LD_PRELOAD");
      assertThat(payload.marks("preload"))
          .as("the programs that loaded the library")
          .isNotEmpty()
          .noneMatch(exe -> exe.endsWith("/java"));
    }
  }

  @Nested
  @DisplayName("the same payloads do run (the controls)")
  class Controls {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.launcher.LauncherEnvironmentIT#jvmVariables")
    @DisplayName("when java is started directly with the variable")
    void javaDirectly(String variable, @TempDir Path root) {
      HostilePayload payload = HostilePayload.in(root);
      String options =
          payload.jvmOptions("jvm", HostilePayload.archiveOff(RuntimeFolder.runtime()));

      CommandRun run = directJava(Map.of(variable, options));

      assertThat(run.exit()).as("%s", run.stderr()).isNotZero();
      assertThat(run.stderr()).contains("OutOfMemoryError");
      assertThat(payload.marks("jvm")).hasSize(1).first().asString().startsWith("ran as uid ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.launcher.LauncherEnvironmentIT#javaOptionLaunchers")
    @DisplayName("when the operator gives the options through RACER_KRM_JAVA_OPTS")
    void operatorJavaOptions(Started launcher, @TempDir Path root) {
      HostilePayload payload = HostilePayload.in(root);
      String options = payload.jvmOptions("jvm", archiveOff(launcher));

      CommandRun run = run(launcher, Map.of("RACER_KRM_JAVA_OPTS", options));

      // the announcements exit 0 whatever happens; the others fail on the OutOfMemoryError
      assertThat(payload.marks("jvm"))
          .as("%s", run.stderr())
          .isNotEmpty()
          .allMatch(line -> line.startsWith("ran as uid "));
    }

    @Test
    @DisplayName("when java is started directly with LD_PRELOAD")
    void preloadDirectly(@TempDir Path root) {
      HostilePayload.assumeCompiler("LauncherEnvironmentIT LD_PRELOAD");
      HostilePayload payload = HostilePayload.in(root);
      Path library = payload.preloadLibrary("preload");

      CommandRun run = directJava(Map.of("LD_PRELOAD", library.toString()));

      assertThat(run.exit()).as("%s", run.stderr()).isZero();
      assertThat(payload.marks("preload")).anyMatch(exe -> exe.endsWith("/java"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.launcher.LauncherEnvironmentIT#launchers")
    @DisplayName(
        "when the operator preloads it through RACER_KRM_LD_PRELOAD: into java, the output unchanged")
    void operatorPreload(Started launcher, @TempDir Path root) {
      HostilePayload.assumeCompiler("LauncherEnvironmentIT LD_PRELOAD");
      HostilePayload payload = HostilePayload.in(root);
      Path library = payload.preloadLibrary("preload");

      CommandRun run = run(launcher, Map.of("RACER_KRM_LD_PRELOAD", library.toString()));

      run.assertSameAs(run(launcher, Map.of()), launcher + " with RACER_KRM_LD_PRELOAD");
      assertThat(payload.marks("preload"))
          .as("the programs that loaded the library")
          .anyMatch(exe -> exe.endsWith("/java"))
          .noneMatch(exe -> exe.endsWith("sh"));
    }
  }

  static Stream<String> jvmVariables() {
    return JVM_VARIABLES.stream();
  }

  /** The option that keeps the launcher's archive out of the payload's way. */
  private static String archiveOff(Started launcher) {
    return launcher.name().startsWith("plain")
        ? "-Xshare:off"
        : HostilePayload.archiveOff(RuntimeFolder.runtime());
  }

  /**
   * The launcher with {@code env} added to a clean environment (PATH with the runtime's bin first,
   * as in the image), in the flat Argo CD app's folder, the ResourceList on stdin where it reads
   * one.
   */
  private CommandRun run(Started launcher, Map<String, String> env) {
    List<String> command = new ArrayList<>(List.of("/usr/bin/env", "-i", "PATH=" + path()));
    env.forEach((name, value) -> command.add(name + "=" + value));
    command.addAll(launcher.command());
    return CommandRun.of(folderApp, Map.of(), launcher.readsStdin() ? input : new byte[0], command);
  }

  /** The runtime's java on the function, without a launcher, with {@code env} added. */
  private CommandRun directJava(Map<String, String> env) {
    Path runtime = RuntimeFolder.runtime();
    List<String> command = new ArrayList<>(List.of("/usr/bin/env", "-i", "PATH=" + path()));
    env.forEach((name, value) -> command.add(name + "=" + value));
    command.addAll(
        List.of(
            runtime.resolve("jre/bin/java").toString(),
            "-Xlog:disable",
            "-cp",
            runtime.resolve("app") + File.separator + "*",
            "io.unboundedcloud.racer.krm.Main"));
    return CommandRun.of(folderApp, Map.of(), input, command);
  }

  private static String path() {
    return RuntimeFolder.runtime().resolve("bin") + File.pathSeparator + "/usr/bin:/bin";
  }
}
