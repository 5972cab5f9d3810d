package io.unboundedcloud.racer.krm.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The layout of target/runtime and its class-data archive: the archive serves the function's
 * classes, survives a move of the whole folder (the Dockerfile copies it to /opt/racer-krm), and a
 * broken one fails a run that requires it, with nothing on stdout, instead of silently slowing
 * every run.
 */
@DisplayName("The assembled runtime and its class-data archive")
class RuntimeArchiveIT {
  private static final Pattern LOADED =
      Pattern.compile("\\[class,load\\s*\\] (\\S+) source: (.+)$");
  private static String skip;

  @TempDir Path temp;

  @BeforeAll
  static void canRun() {
    skip = RuntimeFolder.unavailableReason();
    if (skip != null) {
      System.out.println("SKIPPED: RuntimeArchiveIT: " + skip);
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  @Test
  @DisplayName(
      "bin/racer-krm, jre/ from jlink (no headers, man pages or jmods), app/ with the build's jars and one archive")
  void layout() throws IOException {
    Path runtime = RuntimeFolder.runtime();
    assertThat(runtime.resolve("bin/racer-krm")).isExecutable();
    assertThat(runtime.resolve("bin/racer-krm-archive")).isExecutable();
    assertThat(runtime.resolve("jre/bin/java")).isExecutable();
    assertThat(runtime.resolve("jre/include")).doesNotExist();
    assertThat(runtime.resolve("jre/man")).doesNotExist();
    assertThat(runtime.resolve("jre/jmods")).doesNotExist();
    assertThat(runtime.resolve("app/racer-krm.jar"))
        .hasSameBinaryContentAs(RuntimeFolder.module().resolve("target/racer-krm.jar"));
    try (Stream<Path> lib = Files.list(RuntimeFolder.module().resolve("target/lib"))) {
      lib.forEach(
          jar ->
              assertThat(runtime.resolve("app").resolve(jar.getFileName()))
                  .hasSameBinaryContentAs(jar));
    }
    assertThat(
            Stream.of("aot", "jsa")
                .filter(kind -> Files.exists(runtime.resolve("app/racer-krm." + kind))))
        .hasSize(1);
  }

  @Test
  @DisplayName(
      "the jars are those the archive was trained with (a Java 25.0.3 AOT cache does not check them itself, JDK-8377932)")
  void jarsAreTheTrainedOnes() {
    CommandRun check =
        CommandRun.of(
            RuntimeFolder.runtime().resolve("app"),
            Map.of(),
            List.of("sha256sum", "--check", "--strict", "racer-krm.jars.sha256"));

    check.succeeded();
    try (Stream<Path> jars = Files.list(RuntimeFolder.runtime().resolve("app"))) {
      assertThat(check.stdoutText().lines().count())
          .as("every jar is listed")
          .isEqualTo(jars.filter(p -> p.toString().endsWith(".jar")).count());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  @DisplayName(
      "on the training input every class of the function, fabric8 and snakeyaml comes from the archive,"
          + " and Jackson's databind is never loaded")
  void archiveServesTheClasses() {
    CommandRun run = loggingClassLoads(RuntimeFolder.trainingInput());

    List<String> fromArchive = new ArrayList<>();
    StringBuilder fromJars = new StringBuilder();
    List<String> databind = new ArrayList<>();
    for (String line : run.stderr().lines().toList()) {
      Matcher loaded = LOADED.matcher(line);
      if (!loaded.find()) {
        continue;
      }
      String name = loaded.group(1);
      if (name.startsWith("com.fasterxml.jackson.databind.")) {
        databind.add(name);
      }
      if (name.matches("(io\\.unboundedcloud|io\\.fabric8|com\\.fasterxml|org\\.yaml)\\..*")) {
        if (loaded.group(2).contains("shared objects file")) {
          fromArchive.add(name);
        } else if (loaded.group(2).startsWith("file:") || loaded.group(2).startsWith("jar:")) {
          fromJars.append(line).append('\n');
        }
      }
    }
    assertThat(fromJars.toString()).as("classes loaded from the jars, not the archive").isEmpty();
    assertThat(fromArchive)
        .as("classes loaded from the archive")
        .contains(
            "io.unboundedcloud.racer.krm.Main",
            "io.unboundedcloud.racer.krm.codec.Fabric8Trees",
            "io.fabric8.kubernetes.api.model.apps.DaemonSet",
            "org.yaml.snakeyaml.composer.Composer");
    // the generated codec replaced ObjectMapper: its introspection was most of the start-up time
    assertThat(databind).as("Jackson databind classes loaded").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"first pass: the quickstart without the DaemonSet", "second pass: with it"})
  @DisplayName(
      "on each training pass's input ({0}) no class of the jars is defined at run time: every one, lambdas and string concatenations included, comes from the archive")
  void noClassDefinedAtRunTime(String pass) {
    Path input =
        pass.startsWith("first") ? RuntimeFolder.firstPassInput() : RuntimeFolder.trainingInput();
    CommandRun run = loggingClassLoads(input);

    List<String> loaded = new ArrayList<>();
    StringBuilder defined = new StringBuilder();
    for (String line : run.stderr().lines().toList()) {
      Matcher load = LOADED.matcher(line);
      if (load.find()) {
        loaded.add(load.group(1));
        // the JDK's own classes from its modules (jrt:) are the JDK's to archive
        if (!load.group(2).contains("shared objects file") && !load.group(2).startsWith("jrt:")) {
          defined.append(line).append('\n');
        }
      }
    }
    assertThat(loaded).as("classes loaded").contains("io.unboundedcloud.racer.krm.Main");
    // the Java 17 archive (dumped from class lists) is held to the jars' own classes only, above
    if (RuntimeFolder.archive().toString().endsWith(".aot")) {
      assertThat(defined.toString()).as("classes not from the archive").isEmpty();
    }
  }

  @Test
  @DisplayName(
      "on a host of 64 GiB without a memory limit (a heap of 48 GiB at 75%) the archive is still used: the launcher keeps compressed oops, which the archive was trained with")
  void largeHost() {
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    CommandRun reference = run(RuntimeFolder.launcher(), Map.of(), input);

    CommandRun large =
        run(
            RuntimeFolder.launcher(),
            Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1", "RACER_KRM_JAVA_OPTS", "-XX:MaxRAM=64g"),
            input);

    large.assertSameAs(reference, "the runtime on a host of 64 GiB");
  }

  @Test
  @DisplayName(
      "the runtime's own java carries a default CDS archive of the JDK's classes, as a JDK does (java -Xshare:on starts)")
  void runtimeJavaHasDefaultArchive() {
    Path java = RuntimeFolder.runtime().resolve("jre/bin/java");
    assertThat(RuntimeFolder.runtime().resolve("jre/lib/server/classes.jsa")).isRegularFile();
    assertThat(RuntimeFolder.runtime().resolve("jre/lib/server/classes_nocoops.jsa"))
        .as("the archive for a heap without compressed oops, which the launcher never runs")
        .doesNotExist();

    CommandRun.of(temp, Map.of(), List.of(java.toString(), "-Xshare:on", "-version")).succeeded();
  }

  @Test
  @DisplayName(
      "moved elsewhere as a whole, it still runs with the archive required (after racer-krm-archive, as the Dockerfile does)")
  void movedRuntime() {
    Path moved = temp.resolve("opt/racer-krm");
    CommandRun.of(temp, Map.of(), List.of("mkdir", "-p", moved.getParent().toString())).succeeded();
    CommandRun.of(
            temp,
            Map.of(),
            List.of("cp", "-a", RuntimeFolder.runtime().toString(), moved.toString()))
        .succeeded();
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    CommandRun original =
        run(RuntimeFolder.launcher(), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), input);

    if (RuntimeFolder.archive().toString().endsWith(".aot")) {
      // an AOT cache matches the jars by their common prefix: no step needed
      run(moved.resolve("bin/racer-krm"), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), input)
          .assertSameAs(original, "moved runtime");
    }
    CommandRun.of(temp, Map.of(), List.of(moved.resolve("bin/racer-krm-archive").toString()))
        .succeeded();
    run(moved.resolve("bin/racer-krm"), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), input)
        .assertSameAs(original, "moved runtime");
  }

  @Test
  @DisplayName(
      "started through a link to its folder or to bin/racer-krm, or by a relative path, it runs with the archive required and prints what it prints started directly")
  void startedThroughLinks() throws IOException {
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    Map<String, String> required = Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1");
    CommandRun original = run(RuntimeFolder.launcher(), required, input);
    Path folderLink =
        Files.createSymbolicLink(temp.resolve("linked-runtime"), RuntimeFolder.runtime());
    Path launcherLink =
        Files.createSymbolicLink(temp.resolve("racer-krm"), RuntimeFolder.launcher());
    Path relativeLink =
        Files.createSymbolicLink(
            Files.createDirectories(temp.resolve("tools")).resolve("racer-krm"),
            Path.of("../linked-runtime/bin/racer-krm"));

    for (String started :
        List.of(
            folderLink.resolve("bin/racer-krm").toString(),
            launcherLink.toString(),
            relativeLink.toString(),
            "linked-runtime/bin/racer-krm",
            "./tools/racer-krm")) {
      CommandRun.of(temp, required, input, List.of(started))
          .assertSameAs(original, "started as " + started);
    }
  }

  @Test
  @DisplayName(
      "a damaged archive: required, the run fails with nothing on stdout; by default it runs without it, same output")
  void damagedArchive() throws IOException {
    Path copy = copyOfRuntime();
    Path archive = copy.resolve("app").resolve(RuntimeFolder.archive().getFileName());
    try (FileChannel file = FileChannel.open(archive, StandardOpenOption.WRITE)) {
      file.write(ByteBuffer.allocate(8), 0); // the magic number
    }
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    CommandRun reference = run(RuntimeFolder.launcher(), Map.of(), input);

    CommandRun required =
        run(copy.resolve("bin/racer-krm"), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), input);
    assertThat(required.exit()).as("exit code with the damaged archive required").isNotZero();
    assertThat(required.stdoutText()).as("stdout: the JVM's complaint belongs on stderr").isEmpty();
    assertThat(required.stderr()).contains("bad magic number");

    // stderr carries the JVM's complaint about the archive
    run(copy.resolve("bin/racer-krm"), Map.of(), input)
        .assertSameStdoutAs(reference, "runtime with a damaged archive, not required");
  }

  @Test
  @DisplayName(
      "a jar changed after training: an AppCDS archive refuses it when required (a 25.0.3 AOT cache does not check, JDK-8377932)")
  void changedJar() throws IOException {
    String reason =
        "the AOT cache of "
            + System.getProperty("java.version")
            + " does not check the jars (JDK-8377932, fixed in"
            + " 25.0.4); racer-krm.jars.sha256 and jarsAreTheTrainedOnes guard them";
    Assumptions.assumeTrue(
        RuntimeFolder.archive().toString().endsWith(".jsa") || aotChecksJars(), reason);
    Path copy = copyOfRuntime();
    Files.write(copy.resolve("app/racer-krm.jar"), new byte[] {0}, StandardOpenOption.APPEND);

    CommandRun required =
        run(copy.resolve("bin/racer-krm"), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), new byte[0]);
    assertThat(required.exit())
        .as("exit code with a changed jar and the archive required")
        .isNotZero();
    assertThat(required.stdoutText()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"Nehalem", "qemu64"})
  @DisplayName(
      "on an x86-64 CPU without AVX (qemu-user emulating CPU model {0}) it runs with its archive required and prints what it prints here: the archive holds no code for the CPU it was trained on")
  void olderCpu(String model) throws IOException {
    Path qemu = ContainerTools.onPath("qemu-x86_64-static").orElse(null);
    String why =
        !"amd64".equals(System.getProperty("os.arch"))
            ? "not an x86-64 machine"
            : qemu == null
                ? "qemu-x86_64-static not found (.ci/run installs qemu-user-static)"
                : null;
    if (why != null) {
      System.out.println("SKIPPED: RuntimeArchiveIT on an older x86-64 CPU: " + why);
    }
    Assumptions.assumeTrue(why == null, why);
    Path copy = copyOfRuntime();
    // the runtime's own java, started by qemu: everything else (launcher, archive, jars) unchanged
    Path java = copy.resolve("jre/bin/java");
    Files.move(java, java.resolveSibling("java.real"));
    Files.writeString(java, "#!/bin/sh\nexec " + qemu + " -cpu " + model + " \"$0.real\" \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    byte[] input = RuntimeFolder.read(RuntimeFolder.trainingInput());
    CommandRun reference = run(RuntimeFolder.launcher(), Map.of(), input);

    CommandRun emulated =
        run(copy.resolve("bin/racer-krm"), Map.of("RACER_KRM_REQUIRE_ARCHIVE", "1"), input);

    emulated.assertSameStdoutAs(reference, "the runtime on an emulated " + model + " CPU");
  }

  /**
   * A copy of the runtime in the temp folder, its archive made valid there (as the Dockerfile
   * does).
   */
  private Path copyOfRuntime() {
    Path copy = temp.resolve("runtime");
    CommandRun.of(
            temp,
            Map.of(),
            List.of("cp", "-a", RuntimeFolder.runtime().toString(), copy.toString()))
        .succeeded();
    CommandRun.of(temp, Map.of(), List.of(copy.resolve("bin/racer-krm-archive").toString()))
        .succeeded();
    return copy;
  }

  /**
   * Whether the runtime's JDK checks the jars against an AOT cache (JDK-8377932 is fixed in 25.0.4
   * and 26.0.2).
   */
  private static boolean aotChecksJars() {
    String release =
        new String(
            RuntimeFolder.read(RuntimeFolder.runtime().resolve("jre/release")),
            StandardCharsets.UTF_8);
    Matcher version =
        Pattern.compile("JAVA_VERSION=\"(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?").matcher(release);
    if (!version.find()) {
      return false;
    }
    int feature = Integer.parseInt(version.group(1));
    int update = version.group(3) == null ? 0 : Integer.parseInt(version.group(3));
    return feature == 25 ? update >= 4 : feature == 26 ? update >= 2 : feature > 26;
  }

  /** The runtime on this input with its archive required, each class it loads logged on stderr. */
  private static CommandRun loggingClassLoads(Path input) {
    CommandRun run =
        run(
            RuntimeFolder.launcher(),
            Map.of(
                "RACER_KRM_REQUIRE_ARCHIVE",
                "1",
                "RACER_KRM_JAVA_OPTS",
                "-Xlog:class+load=info:stderr"),
            RuntimeFolder.read(input));
    assertThat(run.exit()).as("exit code; stderr:%n%s", run.stderr()).isLessThanOrEqualTo(1);
    return run;
  }

  private static CommandRun run(Path launcher, Map<String, String> env, byte[] input) {
    return CommandRun.of(RuntimeFolder.module(), env, input, List.of(launcher.toString()));
  }
}
