package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The packaged launcher, run as a process the way kustomize, kpt and people run it. */
@DisplayName("The packaged launcher target/racer-krm")
class LauncherIT {
  private static final byte[] NO_INPUT = new byte[0];

  private static Yaml yaml() {
    return new Yaml(new SafeConstructor(new LoaderOptions()));
  }

  /** stdout of the same arguments run in this JVM, for byte-for-byte comparison. */
  private static byte[] inProcess(byte[] stdin, String... args) {
    return KrmRun.run(stdin, KrmRun.HANG_GUARD, args).stdoutBytes();
  }

  @Nested
  @DisplayName("plain runs")
  class Plain {
    @Test
    @DisplayName("render examples/quickstart: exit 0, stdout is manifests only, as in process")
    void renderQuickstart() {
      Launcher.Run run = Launcher.launcher(NO_INPUT, "render", Launcher.QUICKSTART.toString());
      assertThat(run.exit()).as(run.describe()).isZero();
      assertThat(run.stderr()).as(run.describe()).isEmpty();
      List<Object> documents = new ArrayList<>();
      yaml().loadAll(run.out()).forEach(documents::add);
      assertThat(documents)
          .allSatisfy(
              document ->
                  assertThat(document)
                      .isInstanceOf(Map.class)
                      .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                      .containsKeys("apiVersion", "kind"));
      assertThat(
              documents.stream()
                  .map(document -> String.valueOf(((Map<?, ?>) document).get("kind"))))
          .containsExactlyInAnyOrder("ConfigMap", "DaemonSet", "ServiceAccount", "DaemonSet");
      assertThat(run.stdout())
          .isEqualTo(inProcess(NO_INPUT, "render", Launcher.QUICKSTART.toString()));
    }

    @Test
    @DisplayName(
        "function mode on the quickstart as a ResourceList: exit 0, stdout one ResourceList, as in process")
    void functionMode() {
      byte[] input = Launcher.quickstartResourceList().getBytes(StandardCharsets.UTF_8);
      Launcher.Run run = Launcher.launcher(input);
      assertThat(run.exit()).as(run.describe()).isZero();
      assertThat(run.stderr()).as(run.describe()).isEmpty();
      Map<?, ?> list = (Map<?, ?>) yaml().load(run.out());
      assertThat(list.get("apiVersion")).isEqualTo("config.kubernetes.io/v1");
      assertThat(list.get("kind")).isEqualTo("ResourceList");
      assertThat((List<?>) list.get("items")).hasSize(4);
      assertThat(list.get("results")).isNull();
      assertThat(run.stdout()).isEqualTo(inProcess(input));
    }
  }

  @Nested
  @DisplayName("exit codes of the real process")
  class ExitCodes {
    static Stream<Arguments> cases() {
      String good = Launcher.quickstartResourceList();
      String badSetting = good.replace("RACER_CONTROL_SEATS: \"3\"", "RACER_CONTROL_SEATS: \"17\"");
      return Stream.of(
          arguments("--version", "", List.of("--version"), 0, "stdout"),
          arguments("function mode on a valid ResourceList", good, List.of(), 0, "ResourceList"),
          arguments(
              "render of the quickstart",
              "",
              List.of("render", Launcher.QUICKSTART.toString()),
              0,
              "stdout"),
          arguments(
              "function mode with an invalid setting", badSetting, List.of(), 1, "ResourceList"),
          arguments(
              "function mode on input that is no ResourceList",
              "kind: Deployment\n",
              List.of(),
              1,
              "ResourceList"),
          arguments(
              "render of a path that does not exist",
              "",
              List.of("render", "no/such/dir"),
              1,
              "empty"),
          arguments("an unknown flag", "", List.of("--frobnicate"), 2, "empty"),
          arguments("render without a path", "", List.of("render"), 2, "empty"),
          arguments(
              "adopt of a live dump on stdin",
              Launcher.liveDump(),
              List.of("adopt", "-"),
              0,
              "stdout"),
          arguments(
              "adopt --fail-on-rollout of a live dump whose settings changed since the pods started",
              Launcher.liveDump().replace("RACER_MAX_THREADS: \"16\"", "RACER_MAX_THREADS: \"32\""),
              List.of("adopt", "--fail-on-rollout", "-"),
              1,
              "empty"),
          arguments("adopt without a path", "", List.of("adopt"), 2, "empty"));
    }

    @ParameterizedTest(name = "{0}: exit {3}")
    @MethodSource("cases")
    @DisplayName("0 on success, 1 on any error result, 2 on a command line that cannot run")
    void exitCode(String name, String stdin, List<String> args, int exit, String stdout) {
      Launcher.Run run =
          Launcher.launcher(stdin.getBytes(StandardCharsets.UTF_8), args.toArray(String[]::new));
      assertThat(run.exit()).as(run.describe()).isEqualTo(exit);
      switch (stdout) {
        case "empty" -> assertThat(run.out()).as(run.describe()).isEmpty();
        case "ResourceList" ->
            assertThat(((Map<?, ?>) yaml().load(run.out())).get("kind")).isEqualTo("ResourceList");
        default -> assertThat(run.out()).isNotEmpty();
      }
      if (exit != 0) {
        // adopt warns before it judges: the error need not be the first line
        assertThat(run.stderr().lines())
            .as(run.describe())
            .anyMatch(line -> line.startsWith("error: "));
        assertThat(run.stderr()).as(run.describe()).doesNotContain("\tat ");
      }
    }
  }

  /**
   * What a container user (uid 65534, no home) lacks: checked here without root, as any user may.
   */
  @Nested
  @DisplayName("needs nothing a container user lacks")
  class Needs {
    /** The jars on the launcher's class path: racer-krm.jar and everything in lib/. */
    private static List<Path> jars() throws IOException {
      Path home = Launcher.SCRIPT.getParent();
      List<Path> jars = new ArrayList<>(List.of(home.resolve("racer-krm.jar")));
      try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
        lib.filter(path -> path.toString().endsWith(".jar")).sorted().forEach(jars::add);
      }
      return jars;
    }

    /**
     * The build's own output only: the folders above the module are wherever the checkout lies (a
     * 0700 home folder is fine), so the tests that run the launcher as another user stage it first.
     */
    @Test
    @DisplayName(
        "the build leaves the launcher and every jar it needs readable by others, target/ and target/lib searchable")
    void readableByOthers() throws IOException {
      assertThat(jars()).hasSizeGreaterThan(5);
      assertThat(Files.getPosixFilePermissions(Launcher.SCRIPT))
          .as("mode of %s", Launcher.SCRIPT)
          .contains(PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE);
      for (Path jar : jars()) {
        assertThat(Files.getPosixFilePermissions(jar))
            .as("mode of %s", jar)
            .contains(PosixFilePermission.OTHERS_READ);
      }
      Path module = Launcher.SCRIPT.getParent().getParent();
      for (Path dir = Launcher.SCRIPT.getParent().resolve("lib");
          !dir.equals(module);
          dir = dir.getParent()) {
        assertThat(Files.getPosixFilePermissions(dir))
            .as("mode of %s", dir)
            .contains(PosixFilePermission.OTHERS_EXECUTE);
      }
    }

    @Test
    @DisplayName(
        "it opens no file under ~/.m2 and no jar outside target/, and opens nothing to write")
    void filesOpened() throws IOException {
      Path strace = Launcher.require("strace", "to see which files the launcher opens");
      Path trace = Files.createTempFile("racer-krm-strace-", ".txt");
      try {
        List<String> command =
            Launcher.withLauncher(
                List.of(
                    strace.toString(), "-f", "-qq", "-e", "trace=%file", "-o", trace.toString()));
        Launcher.Run run =
            Launcher.run(
                command,
                Map.of(),
                Launcher.quickstartResourceList().getBytes(StandardCharsets.UTF_8));
        assertThat(run.exit()).as(run.describe()).isZero();
        List<String> calls = Files.readAllLines(trace);
        assertThat(calls).as("file system calls traced").hasSizeGreaterThan(50);
        assertThat(calls).as("calls touching ~/.m2").noneMatch(call -> call.contains("/.m2"));
        String target = Launcher.SCRIPT.getParent().toString() + "/";
        assertThat(
                calls.stream()
                    .flatMap(call -> quotedPaths(call).stream())
                    .filter(path -> path.endsWith(".jar")))
            .as("jars opened")
            .isNotEmpty()
            .allMatch(path -> path.startsWith(target));
        assertThat(calls)
            .as("files opened to write (the JVM's own /proc/self/coredump_filter aside)")
            .filteredOn(
                call ->
                    call.matches(".*(O_WRONLY|O_RDWR|O_CREAT).*")
                        || call.matches(
                            "^\\d+\\s+(mkdir|mkdirat|unlink|unlinkat|rename|renameat2?|creat)\\(.*"))
            .allMatch(call -> call.contains("\"/proc/self/") || call.contains("\"/dev/null\""));
      } finally {
        Files.deleteIfExists(trace);
      }
    }

    private static List<String> quotedPaths(String call) {
      List<String> paths = new ArrayList<>();
      java.util.regex.Matcher matcher =
          java.util.regex.Pattern.compile("\"([^\"]*)\"").matcher(call);
      while (matcher.find()) {
        paths.add(matcher.group(1));
      }
      return paths;
    }
  }
}
