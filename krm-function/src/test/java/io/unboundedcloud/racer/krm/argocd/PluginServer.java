package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.fail;

import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What Argo CD's plugin server (argocd-cmp-server in the racer-krm sidecar) does for one
 * Application, as far as the generate command can tell: a fresh copy of the app's files (mode 0644,
 * folders 0755) under a work folder, the generate command run there exactly as plugin.yaml states
 * it, as uid 999 with the sidecar's environment plus the Application's (no HOME), stdout and stderr
 * kept apart, and the repo server's deadline. The sidecar's PATH is the image's: the staged
 * runtime's bin folder (racer-krm, racer-krm-generate, the docker stand-in), then the tool folders
 * given (where the repo-server patch puts Argo CD's kustomize), then the system's.
 */
final class PluginServer {
  /** The user the sidecar runs as (runAsUser in repo-server-patch.yaml); it has no passwd entry. */
  static final int UID = 999;

  /**
   * The repo server's default deadline for generating manifests
   * (server.repo.server.timeout.seconds).
   */
  static final int DEADLINE_SECONDS = 60;

  /** Where an Argo CD Application would point: the app's folder inside the repository. */
  static final String SOURCE_PATH = "examples/argocd/app";

  private static final Set<PosixFilePermission> FOLDER =
      PosixFilePermissions.fromString("rwxr-xr-x");
  private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-r--r--");
  private static final Set<PosixFilePermission> PRIVATE =
      PosixFilePermissions.fromString("rwx------");

  private final Path root;
  private final List<String> generateCommand;
  private final List<Path> toolFolders;
  private final Map<String, String> operatorSettings;

  /**
   * @param root an empty folder this server may use (it is made traversable for uid 999)
   */
  PluginServer(Path root, List<String> generateCommand) {
    this(root, generateCommand, List.of());
  }

  /**
   * @param toolFolders folders put on the sidecar's PATH after the runtime's bin folder
   */
  PluginServer(Path root, List<String> generateCommand, List<Path> toolFolders) {
    this(root, generateCommand, toolFolders, Map.of());
  }

  private PluginServer(
      Path root,
      List<String> generateCommand,
      List<Path> toolFolders,
      Map<String, String> operatorSettings) {
    this.root = root;
    this.generateCommand = List.copyOf(generateCommand);
    this.toolFolders = List.copyOf(toolFolders);
    this.operatorSettings = Map.copyOf(operatorSettings);
  }

  /**
   * This server with {@code settings} in the sidecar's environment, as its operator sets them (the
   * container's env in repo-server-patch.yaml), e.g. RACER_KRM_JAVA_OPTS.
   */
  PluginServer withOperatorSettings(Map<String, String> settings) {
    return new PluginServer(root, generateCommand, toolFolders, settings);
  }

  /**
   * Why the simulation cannot run here, or null: it runs generate as uid 999 (root and setpriv),
   * from the assembled runtime, as the image does.
   */
  static String unavailableReason() {
    if (!isRoot() || HostCommand.find("setpriv").isEmpty()) {
      return "the Argo CD plugin simulation runs generate as uid "
          + UID
          + " with setpriv, which needs root and setpriv";
    }
    String runtime = RuntimeFolder.unavailableReason();
    return runtime == null
        ? null
        : "the Argo CD plugin simulation runs the image's runtime: " + runtime;
  }

  /**
   * Copies an app folder as the plugin server unpacks it; returns the copy, where generate runs.
   */
  Path receive(Path appSource) {
    return receive(appSource, SOURCE_PATH);
  }

  /**
   * Copies a folder of the repository to {@code sourcePath} of a fresh checkout; returns the copy.
   */
  Path receive(Path appSource, String sourcePath) {
    try {
      for (Path above = root.toAbsolutePath().getParent();
          above != null;
          above = above.getParent()) {
        if (!Files.getPosixFilePermissions(above).contains(PosixFilePermission.OTHERS_EXECUTE)) {
          fail(
              "uid %d cannot reach %s: %s is not searchable by others (set java.io.tmpdir)",
              UID, root, above);
        }
      }
      Files.setPosixFilePermissions(root, FOLDER);
      Path app = checkout().resolve(sourcePath);
      createFolders(app);
      try (Stream<Path> walk = Files.walk(appSource)) {
        for (Path source : walk.sorted().toList()) {
          Path target = app.resolve(appSource.relativize(source).toString());
          if (Files.isDirectory(source)) {
            createFolders(target);
          } else {
            Files.copy(source, target);
            Files.setPosixFilePermissions(target, FILE);
          }
        }
      }
      return app;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs plugin.yaml's generate command in a folder of the received checkout, as the sidecar's
   * user.
   */
  Generated generate(Path app) throws IOException, InterruptedException {
    return run(app, generateCommand, null);
  }

  /**
   * Runs plugin.yaml's generate command for an Application whose spec.source.plugin.parameters are
   * {@code parametersJson} (a JSON array, as Argo CD writes ARGOCD_APP_PARAMETERS).
   */
  Generated generate(Path app, String parametersJson) throws IOException, InterruptedException {
    return run(app, generateCommand, parametersJson);
  }

  /**
   * Runs {@code command} (a command of plugin.yaml, such as parameters.dynamic.command) in a folder
   * of the received checkout, as the sidecar's user, for an Application with these parameters
   * (null: an Application that sets none, for which Argo CD sets ARGOCD_APP_PARAMETERS to null).
   */
  Generated run(Path app, List<String> command, String parametersJson)
      throws IOException, InterruptedException {
    return run(app, command, parametersJson, Map.of());
  }

  /**
   * The same, with {@code applicationEnvironment} added as the Application's plugin env reaches the
   * sidecar (names already prefixed {@code ARGOCD_ENV_}, values as Argo CD 3 passes them: an empty
   * value as an empty string).
   */
  Generated run(
      Path app,
      List<String> command,
      String parametersJson,
      Map<String, String> applicationEnvironment)
      throws IOException, InterruptedException {
    Path output = root.resolve("output");
    Files.createDirectories(output);
    Files.setPosixFilePermissions(output, PRIVATE);
    File stdout = output.resolve("stdout").toFile();
    File stderr = output.resolve("stderr").toFile();

    List<String> argv = new ArrayList<>();
    argv.add(HostCommand.find("setpriv").orElseThrow().toString());
    argv.addAll(List.of("--reuid=" + UID, "--regid=" + UID, "--clear-groups", "--"));
    argv.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(argv)
            .directory(app.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(stdout)
            .redirectError(stderr);
    builder.environment().clear();
    builder.environment().putAll(environment(checkout().relativize(app).toString()));
    builder.environment().putAll(ApplicationParametersEnvironment.of(parametersJson));
    builder.environment().putAll(applicationEnvironment);

    Process process = builder.start();
    if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      fail("%s ran past the repo server's %d s deadline", command, DEADLINE_SECONDS);
    }
    return new Generated(
        process.exitValue(), Files.readString(stdout.toPath()), Files.readString(stderr.toPath()));
  }

  /** Where the plugin server unpacks the repository. */
  private Path checkout() {
    return root.resolve("_cmp_server/4f6c1a2e");
  }

  /**
   * The sidecar's environment (the image's PATH; HOME deliberately absent, the harshest case) plus
   * what Argo CD adds for the Application.
   */
  private Map<String, String> environment(String sourcePath) {
    Map<String, String> env = new LinkedHashMap<>();
    List<String> path = new ArrayList<>();
    path.add(StagedProduct.get().runtime().resolve("bin").toString());
    toolFolders.forEach(folder -> path.add(folder.toString()));
    path.addAll(
        List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"));
    env.put("PATH", String.join(File.pathSeparator, path));
    env.put("ARGOCD_APP_NAME", "racer");
    env.put("ARGOCD_APP_NAMESPACE", "racer");
    env.put("ARGOCD_APP_PROJECT_NAME", "default");
    env.put("ARGOCD_APP_REVISION", "9a6e88c0b6a1d4f1e3c2b5a7d8e9f0a1b2c3d4e5");
    env.put("ARGOCD_APP_REVISION_SHORT", "9a6e88c");
    env.put("ARGOCD_APP_SOURCE_PATH", sourcePath);
    env.put("ARGOCD_APP_SOURCE_REPO_URL", "https://github.com/unbounded-cloud/racer-krm.git");
    env.put("ARGOCD_APP_SOURCE_TARGET_REVISION", "main");
    env.put("KUBE_VERSION", "1.32.4");
    env.put(
        "KUBE_API_VERSIONS",
        "admissionregistration.k8s.io/v1,apps/v1,batch/v1,policy/v1,rbac.authorization.k8s.io/v1,v1");
    env.put("ARGOCD_ENV_FOO", "bar");
    env.putAll(operatorSettings);
    return env;
  }

  /** Creates a folder and its missing parents under root, each 0755 whatever the umask. */
  private void createFolders(Path folder) throws IOException {
    Files.createDirectories(folder);
    for (Path step = folder; step.startsWith(root); step = step.getParent()) {
      Files.setPosixFilePermissions(step, FOLDER);
    }
  }

  private static boolean isRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** What one run of generate gave: the exit code and the two streams. */
  record Generated(int exitCode, String stdout, String stderr) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr;
    }
  }
}
