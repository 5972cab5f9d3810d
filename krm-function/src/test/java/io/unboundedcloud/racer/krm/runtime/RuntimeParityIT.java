package io.unboundedcloud.racer.krm.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * target/runtime/bin/racer-krm, run as the image runs it (uid 65534, no network, nothing writable,
 * the archive required), prints exactly what the plain launcher prints: same stdout bytes, same
 * stderr, same exit code. The plain launcher runs unsandboxed on the system's Java, so any
 * difference is the runtime's: a module jlink left out, a JVM warning, the archive. The sandboxed
 * runs use the runtime and the examples staged where every user can read them ({@link
 * StagedProduct}), wherever the checkout is.
 */
@DisplayName("The assembled runtime prints what the plain launcher prints")
class RuntimeParityIT {
  private static final Map<String, String> KUSTOMIZE_ENV =
      Map.of("LOG_TO_STDERR", "true", "STRUCTURED_RESULTS", "true");
  private static String skip;

  @BeforeAll
  static void canRun() {
    skip = RuntimeFolder.unavailableReason();
    if (skip == null) {
      skip = Sandbox.unavailableReason();
    }
    if (skip != null) {
      System.out.println("SKIPPED: RuntimeParityIT: " + skip);
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Assumptions.assumeTrue(skip == null, skip);
  }

  static Stream<Arguments> resourceLists() {
    List<Arguments> cases = new ArrayList<>();
    for (Path input : RuntimeFolder.goldenInputs()) {
      cases.add(
          Arguments.of("golden " + input.getParent().getFileName(), RuntimeFolder.read(input)));
    }
    cases.add(Arguments.of("400 ConfigMaps beside the quickstart", configMaps(400)));
    cases.add(
        Arguments.of("input that is not YAML", "items: [\n".getBytes(StandardCharsets.UTF_8)));
    cases.add(Arguments.of("empty input", new byte[0]));
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("resourceLists")
  @DisplayName(
      "KRM function mode, as uid 65534 with no network, nothing writable and the archive required")
  void functionMode(String name, byte[] input) {
    // the two runs side by side: the suite runs some 50 of these on 2 cores
    CompletableFuture<CommandRun> plain =
        CompletableFuture.supplyAsync(
            () -> plain(RuntimeFolder.module(), KUSTOMIZE_ENV, input, List.of()));
    Map<String, String> env = containerEnv();
    env.putAll(KUSTOMIZE_ENV);
    CommandRun runtime = sandboxed(Sandbox.NOBODY, Path.of("/"), env, input, List.of());

    runtime.assertSameAs(plain.join(), name);
  }

  @ParameterizedTest(name = "render examples/{0}")
  @ValueSource(strings = {"quickstart", "kpt", "argocd/app"})
  @DisplayName(
      "render mode on an example folder (the kpt one fails: no function config outside kpt), as uid 65534")
  void renderMode(String example) {
    String folder = StagedProduct.get().example(example).toString();
    CommandRun plain =
        plain(RuntimeFolder.module(), Map.of(), new byte[0], List.of("render", folder));
    CommandRun runtime =
        sandboxed(
            Sandbox.NOBODY, Path.of("/"), containerEnv(), new byte[0], List.of("render", folder));

    runtime.assertSameAs(plain, "render " + example);
  }

  @Test
  @DisplayName(
      "as the Argo CD sidecar runs it: uid 999 without a passwd entry, HOME=/tmp, render . in the app folder")
  void argoCdSidecar() {
    Path app = StagedProduct.get().example("argocd/app");
    Map<String, String> env =
        new HashMap<>(
            Map.of(
                "HOME",
                "/tmp",
                "ARGOCD_APP_NAME",
                "racer",
                "ARGOCD_APP_NAMESPACE",
                "racer",
                "RACER_KRM_REQUIRE_ARCHIVE",
                "1"));
    CommandRun plain = plain(app, Map.of(), new byte[0], List.of("render", "."));
    CommandRun runtime = sandboxed(Sandbox.ARGOCD, app, env, new byte[0], List.of("render", "."));

    runtime.assertSameAs(plain.succeeded(), "render . as uid 999");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--help", "--version", "--no-such-flag"})
  @DisplayName("the command line outside the two modes")
  void commandLine(String argument) {
    CommandRun plain = plain(RuntimeFolder.module(), Map.of(), new byte[0], List.of(argument));
    CommandRun runtime =
        sandboxed(Sandbox.NOBODY, Path.of("/"), containerEnv(), new byte[0], List.of(argument));

    runtime.assertSameAs(plain, argument);
  }

  @Test
  @DisplayName(
      "the sandbox itself: nothing the function could write to, HOME, TMPDIR and the runtime included, and no network")
  void sandboxIsTight() {
    String probe =
        """
        for d in / /tmp /var/tmp /dev/shm /run /run/lock "$HOME" "$TMPDIR" "$PWD" "$1" "$1/app" "$1/jre"; do
          [ -d "$d" ] && touch "$d/.racer-krm-probe" 2>/dev/null && rm -f "$d/.racer-krm-probe" && echo "writable: $d"
        done
        echo "network: $(awk -F: 'NR > 2 { gsub(/ /, "", $1); printf "%s ", $1 }' /proc/self/net/dev)"
        id -u
        """;
    CommandRun run =
        CommandRun.of(
            Path.of("/"),
            Map.of(),
            new byte[0],
            Sandbox.command(
                Sandbox.NOBODY,
                Path.of("/"),
                containerEnv(),
                List.of("sh", "-c", probe, "probe", StagedProduct.get().runtime().toString())));

    assertThat(run.succeeded().stdoutText().lines()).containsExactly("network: lo ", "65534");
  }

  /** HOME as nobody's (it does not exist) and TMPDIR an existing folder that is read-only here. */
  private static Map<String, String> containerEnv() {
    return new HashMap<>(
        Map.of("HOME", "/nonexistent", "TMPDIR", "/tmp", "RACER_KRM_REQUIRE_ARCHIVE", "1"));
  }

  private static CommandRun plain(
      Path dir, Map<String, String> env, byte[] input, List<String> args) {
    List<String> command = new ArrayList<>(List.of(RuntimeFolder.plainLauncher().toString()));
    command.addAll(args);
    return CommandRun.of(dir, env, input, command);
  }

  private static CommandRun sandboxed(
      int uid, Path dir, Map<String, String> env, byte[] input, List<String> args) {
    List<String> command =
        new ArrayList<>(List.of(StagedProduct.get().runtimeLauncher().toString()));
    command.addAll(args);
    return CommandRun.of(Path.of("/"), Map.of(), input, Sandbox.command(uid, dir, env, command));
  }

  /**
   * The quickstart's settings, {@code count} ConfigMaps with comments and block scalars, a function
   * config.
   */
  static byte[] configMaps(int count) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("RACER_NVIDIA", "off");
    settings.put("RACER_CONTROL_SEATS", "3");
    ResourceLists list = ResourceLists.of().settings(settings);
    for (int i = 0; i < count; i++) {
      list.item(
          String.format(
              """
              apiVersion: v1
              kind: ConfigMap
              metadata:
                name: app-config-%04d # generated
                namespace: apps
                annotations:
                  config.kubernetes.io/index: '%d'
                  internal.config.kubernetes.io/path: 'apps/config-%04d.yaml'
              data:
                port: "8%03d"
                enabled: "true"
                script.sh: |
                  #!/bin/sh
                  echo %d
              """,
              i, i, i, i % 1000, i));
    }
    return list.functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY)).bytes();
  }
}
