package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.e2e.DockerStandin;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.nio.file.Files;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The runtime's {@code bin/docker}, the stand-in kustomize reaches in the Argo CD sidecar, called
 * directly with the arguments kustomize gives {@code docker run} (fixtures/krm/captured) and
 * variations of them. The reference is the runtime's racer-krm on the same ResourceList.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The sidecar's docker stand-in (krm-function/target/runtime/bin/docker)")
class SidecarDockerIT {
  private static final String IMAGE = "ghcr.io/unbounded-cloud/racer-krm:0.1.0";

  /** What kustomize passes before the image: docker run and its options. */
  private static final List<String> KUSTOMIZE_RUN =
      Stream.concat(Stream.of("run"), DockerStandin.KUSTOMIZE_RUN_OPTIONS.stream()).toList();

  private byte[] input;
  private CommandRun reference;

  @BeforeAll
  void needsTheRuntime() {
    String why = RuntimeFolder.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: SidecarDockerIT: " + why);
    }
    assumeTrue(why == null, why);
    input =
        RuntimeFolder.read(
            RuntimeFolder.module()
                .resolve("src/test/resources/golden/kpt-render-comments/input.yaml"));
    reference =
        CommandRun.of(
                RuntimeFolder.module(),
                Map.of(),
                input,
                List.of(RuntimeFolder.launcher().toString()))
            .succeeded();
  }

  @Nested
  @DisplayName("runs the function")
  class Runs {

    @Test
    @DisplayName(
        "as kustomize calls it: the ResourceList on stdin, the function's output on stdout, byte for byte")
    void asKustomizeCallsIt() {
      docker(KUSTOMIZE_RUN, IMAGE).assertSameAs(reference, "docker run " + IMAGE);
    }

    @Test
    @DisplayName(
        "accepts a host network, another user and storage mounts, which cannot change what the function renders")
    void acceptsWhatCannotMatter() {
      List<String> options =
          new ArrayList<>(
              List.of(
                  "run",
                  "--rm",
                  "-i",
                  "--network",
                  "host",
                  "--user",
                  "1000:1000",
                  "--mount",
                  "type=bind,source=/etc,target=/data,readonly",
                  "-v",
                  "/var:/var:ro",
                  "--volume=/srv:/srv"));
      docker(options, IMAGE).assertSameAs(reference, "docker run with network, user and mounts");
    }

    @Test
    @DisplayName(
        "as kpt calls it: `docker version` answers a client kpt accepts (20.10.0 or later), then `docker run"
            + " --pull missing` runs the function, byte for byte")
    void asKptCallsIt() {
      CommandRun version = docker(List.of("version", "--format", "{{.Client.Version}}"), null);
      assertThat(version.exit()).as("%s", version.stderr()).isZero();
      assertThat(version.stdoutText()).isEqualTo("20.10.0+racer-krm.0.1.0\n");
      List<String> kptRun =
          List.of(
              "run",
              "--rm",
              "-i",
              "--network",
              "none",
              "--user",
              "nobody",
              "--security-opt=no-new-privileges",
              "--pull",
              "missing");
      docker(kptRun, IMAGE).assertSameAs(reference, "docker run --pull missing " + IMAGE);
    }

    @Test
    @DisplayName(
        "hands the function exactly LOG_TO_STDERR and STRUCTURED_RESULTS from -e, and PATH, RACER_KRM_* and"
            + " ARGOCD_APP_PARAMETERS from its own environment: nothing else of either")
    void exactEnvironment(@TempDir Path bin) throws Exception {
      // the stand-in beside a racer-krm that prints the environment it was started with
      Files.copy(RuntimeFolder.runtime().resolve("bin/docker"), bin.resolve("docker"));
      Files.createSymbolicLink(bin.resolve("racer-krm"), Path.of("/usr/bin/env"));
      assumeTrue(Files.isExecutable(Path.of("/usr/bin/env")), "/usr/bin/env");
      List<String> command =
          new ArrayList<>(
              List.of(
                  "/usr/bin/env",
                  "-i",
                  "PATH=/usr/bin:/bin",
                  "RACER_KRM_ARCHIVE=off",
                  "ARGOCD_APP_PARAMETERS=[]",
                  "JAVA_TOOL_OPTIONS=-Dsidecar=1",
                  "HOME=/tmp",
                  "STRUCTURED_RESULTS=from-the-sidecar",
                  bin.resolve("docker").toString()));
      command.addAll(KUSTOMIZE_RUN);
      command.addAll(List.of("-e", "STRUCTURED_RESULTS", IMAGE));

      CommandRun run = CommandRun.of(RuntimeFolder.module(), Map.of(), new byte[0], command);

      assertThat(run.exit()).as("%s", run.stderr()).isZero();
      assertThat(run.stdoutText().lines())
          .containsExactlyInAnyOrder(
              "PATH=/usr/bin:/bin",
              "RACER_KRM_ARCHIVE=off",
              "ARGOCD_APP_PARAMETERS=[]",
              "LOG_TO_STDERR=true",
              // kustomize's -e STRUCTURED_RESULTS=true, then -e STRUCTURED_RESULTS, which takes the
              // caller's value as docker does: the later one wins
              "STRUCTURED_RESULTS=from-the-sidecar");
    }
  }

  @Nested
  @DisplayName("hands the function the Application's parameters")
  class Parameters {
    private static final String PARAMETERS =
        "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
            + "{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":\"9300\"}}]";

    @Test
    @DisplayName(
        "ARGOCD_APP_PARAMETERS from the sidecar's environment, exactly: the function renders what it renders with them")
    void passesParameters() {
      Map<String, String> env =
          Map.of("ARGOCD_APP_PARAMETERS", PARAMETERS, "PARAM_RACER_NVIDIA", "off");
      CommandRun withParameters =
          CommandRun.of(
                  RuntimeFolder.module(),
                  Map.of("ARGOCD_APP_PARAMETERS", PARAMETERS),
                  input,
                  List.of(RuntimeFolder.launcher().toString()))
              .succeeded();

      CommandRun run =
          CommandRun.of(
              RuntimeFolder.module(),
              env,
              input,
              Stream.concat(
                      Stream.of(RuntimeFolder.runtime().resolve("bin/docker").toString()),
                      Stream.concat(KUSTOMIZE_RUN.stream(), Stream.of(IMAGE)))
                  .toList());

      run.assertSameAs(withParameters, "docker run with ARGOCD_APP_PARAMETERS in the environment");
      assertThat(run.stdoutText())
          .as("the parameters changed the output")
          .isNotEqualTo(reference.stdoutText());
    }
  }

  @Nested
  @DisplayName("refuses, with one line on stderr and exit 125")
  class Refuses {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "gcr.io/kpt-fn/set-namespace:v0.4",
          "ghcr.io/unbounded-cloud/racer-krm-fork:0.1.0",
          "ghcr.io/racer-krm/other:0.1.0",
          "racer-krm.example.com/function:0.1.0"
        })
    @DisplayName("an image that is not racer-krm, naming it")
    void foreignImage(String image) {
      refused(docker(KUSTOMIZE_RUN, image), "refusing image " + image);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "ghcr.io/unbounded-cloud/racer-krm:0.2.0",
          "ghcr.io/unbounded-cloud/racer-krm:latest",
          "localhost:5000/racer-krm:0.1"
        })
    @DisplayName("a racer-krm tag other than the sidecar's version")
    void otherTag(String image) {
      refused(docker(KUSTOMIZE_RUN, image), "is not this sidecar's version 0.1.0");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "JAVA_TOOL_OPTIONS=-XX:OnOutOfMemoryError=/tmp/x.sh",
          "JDK_JAVA_OPTIONS=-javaagent:/tmp/x.jar",
          "_JAVA_OPTIONS=-Xmx1m",
          "JDK_AOT_VM_OPTIONS=-Xmx1m",
          "LD_PRELOAD=/tmp/x.so",
          "LD_LIBRARY_PATH=/tmp",
          "GLIBC_TUNABLES=glibc.malloc.check=3",
          "RACER_KRM_JAVA_OPTS=-XX:+RacerNoSuchOption",
          "RACER_KRM_ARCHIVE=off",
          "RACER_KRM_LD_PRELOAD=/tmp/x.so",
          "ARGOCD_APP_PARAMETERS=[]",
          "PATH=/tmp",
          "HOME",
          "FOO=bar"
        })
    @DisplayName(
        "an -e variable other than LOG_TO_STDERR and STRUCTURED_RESULTS, in each form docker takes, naming it")
    void otherVariable(String variable) {
      String name = variable.split("=", 2)[0];
      String reason = "refusing -e " + name + ": ";
      refused(docker(withRun("-e", variable), IMAGE), reason);
      refused(docker(withRun("--env", variable), IMAGE), reason);
      refused(docker(withRun("--env=" + variable), IMAGE), reason);
      refused(docker(withRun("-e", name), IMAGE), reason);
      assertThat(docker(withRun("-e", variable), IMAGE).stderr())
          .contains("remove " + name + " from the envs: of its config.kubernetes.io/function")
          .contains("The stand-in's environment");
    }

    /** kustomize's docker run options, then {@code extra}. */
    private List<String> withRun(String... extra) {
      List<String> options = new ArrayList<>(KUSTOMIZE_RUN);
      options.addAll(List.of(extra));
      return options;
    }

    @Test
    @DisplayName(
        "an option it does not know, arguments after the image, a docker command other than run")
    void unknownUse() {
      refused(
          docker(List.of("run", "--privileged", "-i"), IMAGE),
          "unsupported docker run option '--privileged'");
      refused(docker(List.of("run", "-i", IMAGE, "render", "."), null), "takes no arguments");
      refused(docker(List.of("pull"), IMAGE), "'docker pull' is not supported");
      refused(docker(List.of("run", "-i"), null), "names no image");
    }

    private void refused(CommandRun run, String reason) {
      assertThat(run.exit()).as("%s", run.stderr()).isEqualTo(125);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr().lines()).hasSize(1).first().asString().contains(reason);
    }
  }

  /** bin/docker with these arguments, then the image unless null, the ResourceList on stdin. */
  private CommandRun docker(List<String> options, String image) {
    List<String> command = new ArrayList<>();
    command.add(RuntimeFolder.runtime().resolve("bin/docker").toString());
    command.addAll(options);
    if (image != null) {
      command.add(image);
    }
    return CommandRun.of(RuntimeFolder.module(), Map.of(), input, command);
  }
}
