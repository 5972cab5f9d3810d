package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
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
 * The warm renderer (bin/racer-krm-renderer) as the sidecar runs it: started as the sidecar's user,
 * RACER_KRM_RENDERER in the plugin server's environment. Every generate of the plugin's examples
 * and error cases is run cold and warm and must give the same exit code, stdout and stderr; a
 * renderer that is missing or stopped, or that another user tries to reach, leaves the cold run's
 * bytes with one line more on stderr.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The warm renderer (racer-krm-renderer) beside the Argo CD plugin server")
class WarmRendererIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();
  private static final String PARAMETERS =
      "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
          + "{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":\"9300\"}}]";

  private Path root;
  private Path socket;
  private Process renderer;
  private Path tools;

  @BeforeAll
  void start(@TempDir Path folder) throws Exception {
    root = folder;
    String why = PluginServer.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: " + why);
    }
    assumeTrue(why == null, why);
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path run = Files.createDirectories(root.resolve("run"));
    Files.setAttribute(run, "unix:uid", PluginServer.UID);
    socket = run.resolve("racer-krm/socket");
    renderer = startRenderer(socket);
    if (LocalKustomize.unavailableReason() == null) {
      tools = LocalKustomize.find().toolFolder(root);
    }
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (renderer != null) {
      renderer.destroy();
      renderer.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** A renderer on {@code socket}, as uid 999; returns once it serves. */
  private Process startRenderer(Path socket) throws IOException, InterruptedException {
    List<String> argv =
        new ArrayList<>(
            List.of(
                HostCommand.find("setpriv").orElseThrow().toString(),
                "--reuid=" + PluginServer.UID,
                "--regid=" + PluginServer.UID,
                "--clear-groups",
                "--",
                bin().resolve("racer-krm-renderer").toString(),
                socket.toString()));
    ProcessBuilder builder =
        new ProcessBuilder(argv)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(root.resolve("renderer-" + socket.getParent().getFileName()).toFile());
    builder.environment().clear();
    builder.environment().put("PATH", bin() + File.pathSeparator + "/usr/bin:/bin");
    Process process = builder.start();
    for (int i = 0; i < 600 && !Files.exists(socket); i++) {
      assertThat(process.isAlive()).as("the renderer started").isTrue();
      Thread.sleep(100);
    }
    assertThat(socket).as("the renderer's socket").exists();
    return process;
  }

  private static Path bin() {
    return StagedProduct.get().runtime().resolve("bin");
  }

  /** A plugin server of its own (a fresh folder), with the renderer on its socket unless null. */
  private PluginServer server(Path renderer) throws IOException {
    List<Path> folders = tools == null ? List.of() : List.of(tools);
    PluginServer server =
        new PluginServer(
            Files.createTempDirectory(root, "server"),
            ArgoCdExample.generateCommand(PLUGIN),
            folders);
    return renderer == null
        ? server
        : server.withOperatorSettings(Map.of("RACER_KRM_RENDERER", renderer.toString()));
  }

  /** An Application: which example folder, edited how, with which parameters. */
  record Application(String name, String folder, UnaryOperator<String> edit, String parameters) {
    @Override
    public String toString() {
      return name;
    }

    boolean kustomize() {
      return folder.startsWith("overlay-app");
    }

    /** Received as the plugin server receives it; returns the folder generate runs in. */
    Path receive(PluginServer server) throws IOException {
      Path checkout =
          server.receive(
              ArgoCdExample.dir().resolve(kustomize() ? "overlay-app" : "app"),
              kustomize() ? "examples/argocd/overlay-app" : PluginServer.SOURCE_PATH);
      if (edit != null) {
        try (Stream<Path> files = Files.walk(checkout)) {
          for (Path file : files.filter(Files::isRegularFile).toList()) {
            Files.writeString(file, edit.apply(Files.readString(file)));
          }
        }
      }
      return kustomize() ? checkout.resolve(folder.substring("overlay-app/".length())) : checkout;
    }
  }

  static Stream<Application> applications() {
    List<Application> applications = new ArrayList<>();
    applications.add(new Application("app", "app", null, null));
    applications.add(new Application("app with parameters", "app", null, PARAMETERS));
    applications.add(
        new Application(
            "app with a parameter it refuses",
            "app",
            null,
            "[{\"name\":\"RACER_NOPE\",\"string\":\"1\"}]"));
    ConfigManagementPluginIT.brokenSettings()
        .map(Arguments::get)
        .forEach(
            arguments ->
                applications.add(
                    new Application(
                        "app, " + arguments[0],
                        "app",
                        edited((UnaryOperator<String>) arguments[1]),
                        null)));
    applications.add(new Application("overlay east", "overlay-app/overlays/east", null, null));
    applications.add(
        new Application(
            "overlay west with parameters", "overlay-app/overlays/west", null, PARAMETERS));
    applications.add(
        new Application(
            "overlay east, a foreign function image",
            "overlay-app/overlays/east",
            text -> text.replace("/racer-krm:", "/set-namespace:"),
            null));
    applications.add(
        new Application(
            "overlay west, a peer port below 1024",
            "overlay-app/overlays/west",
            text -> text.replaceAll("RACER_PEER_PORT=\"?[0-9]+\"?", "RACER_PEER_PORT=80"),
            null));
    return applications.stream();
  }

  /** The edit on racer-settings.yaml only. */
  private static UnaryOperator<String> edited(UnaryOperator<String> settings) {
    return text -> text.contains("name: racer-settings") ? settings.apply(text) : text;
  }

  /**
   * generate for {@code application} on a fresh copy, warm on {@code renderer} (cold when null),
   * the two things that differ between any two runs taken out of its stderr: the folder each copy
   * lies in, and the time and pid of kustomize's own log lines (klog's header).
   */
  private Generated generate(Application application, Path renderer) throws Exception {
    assumeTrue(
        !application.kustomize() || tools != null,
        () -> "SKIPPED: " + LocalKustomize.unavailableReason());
    PluginServer server = server(renderer);
    Path folder = application.receive(server);
    Generated generated = server.generate(folder, application.parameters());
    Path copy = root.relativize(folder).getName(0);
    return new Generated(
        generated.exitCode(),
        generated.stdout(),
        KLOG_HEADER
            .matcher(generated.stderr().replace(root.resolve(copy).toString(), "COPY"))
            .replaceAll("$1 "));
  }

  /** klog's header: severity, date, time, pid, source line. */
  private static final Pattern KLOG_HEADER =
      Pattern.compile("(?m)^([EWI])\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d+ +\\d+ ");

  @ParameterizedTest(name = "{0}")
  @MethodSource("applications")
  @DisplayName("gives a cold run's exit code, stdout and stderr, byte for byte")
  void sameAsCold(Application application) throws Exception {
    Generated cold = generate(application, null);
    Generated warm = generate(application, socket);

    assertThat(warm).as("warm against cold").isEqualTo(cold);
  }

  @Test
  @DisplayName(
      "carries nothing from one Application to the next: A, B, A each as its cold run (folder, parameters, errors)")
  void nothingCarried() throws Exception {
    List<Application> all = applications().filter(a -> !a.kustomize() || tools != null).toList();
    Application a = all.get(1);
    Application b = all.get(4);
    for (Application application : List.of(a, b, a, b, all.get(0))) {
      assertThat(generate(application, socket))
          .as("%s", application)
          .isEqualTo(generate(application, null));
    }
  }

  @Nested
  @DisplayName("falls back to a cold run, with one line on stderr, when the renderer")
  class FallBack {
    @Test
    @DisplayName("is missing: nothing serves the socket RACER_KRM_RENDERER names")
    void missing() throws Exception {
      Path nowhere = root.resolve("run/none/socket");
      Application app = applications().findFirst().orElseThrow();

      Generated generated = generate(app, nowhere);

      Generated cold = generate(app, null);
      assertThat(generated.exitCode()).isEqualTo(cold.exitCode());
      assertThat(generated.stdout()).isEqualTo(cold.stdout());
      assertThat(generated.stderr())
          .startsWith("racer-krm: the warm renderer (" + nowhere + ") is not running (")
          .endsWith("; running cold\n" + cold.stderr())
          .hasLineCount(1 + cold.stderr().split("\n", -1).length - 1);
    }

    @Test
    @DisplayName("crashed: its JVM was killed, its socket left behind")
    void crashed() throws Exception {
      Path run = Files.createDirectories(root.resolve("run/crash"));
      Files.setAttribute(run, "unix:uid", PluginServer.UID);
      Path other = run.resolve("racer-krm/socket");
      Process doomed = startRenderer(other);
      ProcessHandle jvm =
          doomed.descendants().reduce((first, last) -> last).orElse(doomed.toHandle());
      jvm.destroyForcibly();
      doomed.waitFor(10, TimeUnit.SECONDS);
      Application app = applications().skip(3).findFirst().orElseThrow();

      Generated generated = generate(app, other);

      Generated cold = generate(app, null);
      assertThat(generated.exitCode()).isEqualTo(cold.exitCode()).isNotZero();
      assertThat(generated.stdout()).isEqualTo(cold.stdout());
      assertThat(generated.stderr())
          .isEqualTo(
              "racer-krm: the warm renderer ("
                  + other
                  + ") is not running (Connection refused); running cold\n"
                  + cold.stderr());
    }

    @Test
    @DisplayName(
        "declines an Application larger than its heap gives a request: the cold run renders it")
    void tooLarge() throws Exception {
      Application large =
          new Application(
              "app with 8 MiB of ConfigMaps beside racer-settings",
              "app",
              edited(text -> text + configMaps(8 << 20)),
              null);

      Generated generated = generate(large, socket);

      Generated cold = generate(large, null);
      assertThat(cold.exitCode()).as(cold.stderr()).isZero();
      assertThat(generated.exitCode()).isEqualTo(cold.exitCode());
      assertThat(generated.stdout()).isEqualTo(cold.stdout());
      assertThat(generated.stderr())
          .matches(
              Pattern.quote("racer-krm: the warm renderer (" + socket + ") declined: ")
                  + "the input needs about \\d+ MiB of heap, more than the renderer gives its"
                  + " requests \\(\\d+ MiB\\); running cold\n"
                  + Pattern.quote(cold.stderr()));
    }
  }

  /** ConfigMaps of 1 KiB of data each, {@code bytes} of YAML in all, each its own document. */
  private static String configMaps(int bytes) {
    StringBuilder yaml = new StringBuilder(bytes + 2048);
    String data = "x".repeat(1024);
    for (int i = 0; yaml.length() < bytes; i++) {
      yaml.append("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-")
          .append(i)
          .append("\ndata:\n  text: ")
          .append(data)
          .append('\n');
    }
    return yaml.toString();
  }

  @Nested
  @DisplayName("only the sidecar's own user reaches it")
  class OwnUserOnly {
    @Test
    @DisplayName("another user cannot enter the socket's folder, and its run goes cold")
    void anotherUser() throws Exception {
      Path setpriv = HostCommand.find("setpriv").orElseThrow();
      Process listing =
          new ProcessBuilder(
                  setpriv.toString(),
                  "--reuid=1000",
                  "--regid=1000",
                  "--clear-groups",
                  "--",
                  "ls",
                  socket.getParent().toString())
              .redirectErrorStream(true)
              .start();
      String said = new String(listing.getInputStream().readAllBytes());
      assertThat(listing.waitFor()).as(said).isNotZero();
      assertThat(said).contains("Permission denied");

      Path app = server(null).receive(ArgoCdExample.app());
      ProcessBuilder builder =
          new ProcessBuilder(
                  setpriv.toString(),
                  "--reuid=1000",
                  "--regid=1000",
                  "--clear-groups",
                  "--",
                  bin().resolve("racer-krm").toString(),
                  "render",
                  ".")
              .directory(app.toFile());
      builder.environment().put("RACER_KRM_RENDERER", socket.toString());
      Process run = builder.start();
      String stdout = new String(run.getInputStream().readAllBytes());
      String stderr = new String(run.getErrorStream().readAllBytes());
      assertThat(run.waitFor()).as(stderr).isZero();
      assertThat(stderr)
          .isEqualTo(
              "racer-krm: the warm renderer ("
                  + socket
                  + ") is not used: its folder "
                  + socket.getParent()
                  + " is not a folder of this user's alone (mode 0700); running cold\n");
      assertThat(stdout)
          .isEqualTo(generate(applications().findFirst().orElseThrow(), null).stdout());
    }
  }
}
