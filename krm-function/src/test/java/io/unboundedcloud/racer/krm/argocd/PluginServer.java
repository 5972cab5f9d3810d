package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.fail;

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
 * What Argo CD's plugin server (argocd-cmp-server in the racer-krm sidecar) does for one Application, as
 * far as the generate command can tell: a fresh copy of the app's files (mode 0644, folders 0755) under a
 * work folder, the generate command run there exactly as plugin.yaml states it, as uid 999 with the
 * sidecar's environment plus the Application's (no HOME), stdout and stderr kept apart, and the repo
 * server's deadline.
 */
final class PluginServer {
    /** The user the sidecar runs as (runAsUser in repo-server-patch.yaml); it has no passwd entry. */
    static final int UID = 999;
    /** The repo server's default deadline for generating manifests (server.repo.server.timeout.seconds). */
    static final int DEADLINE_SECONDS = 60;
    /** Where an Argo CD Application would point: the app's folder inside the repository. */
    static final String SOURCE_PATH = "examples/argocd/app";

    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-r--r--");
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private final Path root;
    private final List<String> generateCommand;

    /** @param root an empty folder this server may use (it is made traversable for uid 999) */
    PluginServer(Path root, List<String> generateCommand) {
        this.root = root;
        this.generateCommand = List.copyOf(generateCommand);
    }

    /** Whether this JVM can run a command as uid 999 (it must be root, with setpriv installed). */
    static boolean canRunAsSidecarUser() {
        return isRoot() && HostCommand.find("setpriv").isPresent();
    }

    /** Copies an app folder as the plugin server unpacks it; returns the copy, where generate runs. */
    Path receive(Path appSource) {
        try {
            for (Path above = root.toAbsolutePath().getParent(); above != null; above = above.getParent()) {
                if (!Files.getPosixFilePermissions(above).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                    fail("uid %d cannot reach %s: %s is not searchable by others (set java.io.tmpdir)", UID, root, above);
                }
            }
            Files.setPosixFilePermissions(root, FOLDER);
            Path app = root.resolve("_cmp_server/4f6c1a2e").resolve(SOURCE_PATH);
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

    /** Runs plugin.yaml's generate command in the received app folder, as the sidecar's user. */
    Generated generate(Path app) throws IOException, InterruptedException {
        Path bin = root.resolve("bin");
        createFolders(bin);
        // the plain launcher mvn package builds; the image installs the same script as racer-krm on its PATH
        Files.createSymbolicLink(bin.resolve("racer-krm"), launcher());
        Path output = root.resolve("output");
        Files.createDirectories(output);
        Files.setPosixFilePermissions(output, PRIVATE);
        File stdout = output.resolve("stdout").toFile();
        File stderr = output.resolve("stderr").toFile();

        List<String> argv = new ArrayList<>();
        argv.add(HostCommand.find("setpriv").orElseThrow().toString());
        argv.addAll(List.of("--reuid=" + UID, "--regid=" + UID, "--clear-groups", "--"));
        argv.addAll(generateCommand);
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(app.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(stdout)
                .redirectError(stderr);
        builder.environment().clear();
        builder.environment().putAll(environment(bin));

        try {
            Process process = builder.start();
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                fail("generate ran past the repo server's %d s deadline: %s", DEADLINE_SECONDS, generateCommand);
            }
            return new Generated(process.exitValue(), Files.readString(stdout.toPath()), Files.readString(stderr.toPath()));
        } finally {
            Files.delete(bin.resolve("racer-krm")); // JUnit warns about links out of a temp folder it cleans
        }
    }

    /**
     * The sidecar's environment (a PATH that finds racer-krm and java; HOME deliberately absent, the harshest
     * case) plus what Argo CD adds for the Application.
     */
    private static Map<String, String> environment(Path bin) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", String.join(File.pathSeparator, bin.toString(), Path.of(System.getProperty("java.home"), "bin").toString(),
                "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"));
        env.put("ARGOCD_APP_NAME", "racer");
        env.put("ARGOCD_APP_NAMESPACE", "racer");
        env.put("ARGOCD_APP_PROJECT_NAME", "default");
        env.put("ARGOCD_APP_REVISION", "9a6e88c0b6a1d4f1e3c2b5a7d8e9f0a1b2c3d4e5");
        env.put("ARGOCD_APP_REVISION_SHORT", "9a6e88c");
        env.put("ARGOCD_APP_SOURCE_PATH", SOURCE_PATH);
        env.put("ARGOCD_APP_SOURCE_REPO_URL", "https://github.com/unbounded-cloud/racer-krm.git");
        env.put("ARGOCD_APP_SOURCE_TARGET_REVISION", "main");
        env.put("KUBE_VERSION", "1.32.4");
        env.put("KUBE_API_VERSIONS", "admissionregistration.k8s.io/v1,apps/v1,batch/v1,policy/v1,rbac.authorization.k8s.io/v1,v1");
        env.put("ARGOCD_ENV_FOO", "bar");
        return env;
    }

    /** The plain launcher, staged where uid 999 can run it wherever the checkout lies. */
    private static Path launcher() {
        return StagedProduct.get().plainLauncher();
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
