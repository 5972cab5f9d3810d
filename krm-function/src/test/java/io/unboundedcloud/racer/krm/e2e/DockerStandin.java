package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.staging.StagedProduct;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test support: the docker stand-in (src/test/sh/docker-standin) installed as {@code docker} in a
 * folder that a test puts first on the PATH, so kustomize and kpt run the function's container
 * image as the packaged launcher, sandboxed as a container would be: uid 65534, no network. It logs
 * the docker arguments of every call, and what the sandbox looked like from inside.
 */
public final class DockerStandin {
  /**
   * The options kustomize gives {@code docker run} for a container function, before the image, as
   * recorded from a real kustomize run.
   */
  public static final List<String> KUSTOMIZE_RUN_OPTIONS =
      List.of(
          "--rm",
          "-i",
          "-a",
          "STDIN",
          "-a",
          "STDOUT",
          "-a",
          "STDERR",
          "--network",
          "none",
          "--user",
          "nobody",
          "--security-opt=no-new-privileges",
          "-e",
          "LOG_TO_STDERR=true",
          "-e",
          "STRUCTURED_RESULTS=true");

  /**
   * A sandbox log line of a function that ran as nobody, in no group of the host, seeing only
   * loopback.
   */
  static final String SANDBOXED = "uid=65534 gid=65534 groups=65534 net=lo,";

  private static final String SANDBOX =
      "unshare --net setpriv --reuid=65534 --regid=65534 --clear-groups";

  /** The folder to put first on the PATH. */
  public final Path bin;

  private final Path argvLog;
  private final Path sandboxLog;

  private DockerStandin(Path bin, Path argvLog, Path sandboxLog) {
    this.bin = bin;
    this.argvLog = argvLog;
    this.sandboxLog = sandboxLog;
  }

  /**
   * Why the stand-in cannot sandbox a function on this machine (not root, no network namespaces, a
   * java that uid 65534 cannot run), or {@code null} when it can.
   */
  public static String unavailableReason() {
    for (String tool : List.of("id", "unshare", "setpriv")) {
      if (Tool.onPath(tool).isEmpty()) {
        return tool + " not found on PATH: the docker stand-in needs it to sandbox the function";
      }
    }
    String uid = Tool.run(Path.of("/"), null, "id", "-u").stdout().strip();
    if (!"0".equals(uid)) {
      return "not running as root (uid "
          + uid
          + "): the docker stand-in needs root for `"
          + SANDBOX
          + "`";
    }
    Tool.Run probe = Tool.run(Path.of("/"), null, "sh", "-c", SANDBOX + " --no-new-privs true");
    if (probe.exit() != 0) {
      return "`" + SANDBOX + "` fails here (" + probe.stderr().strip() + ")";
    }
    if (!usableByNobody(List.of(), List.of(java()))) {
      return "uid 65534 cannot run " + java() + ", so a sandboxed function cannot start";
    }
    return null;
  }

  /**
   * Installs the stand-in in {@code work/docker}: it runs {@code function} for {@link
   * Repository#FUNCTION_IMAGE}, or its staged copy ({@link StagedProduct}) when uid 65534 cannot
   * read the checkout (a clone under a private home folder, say).
   */
  public static DockerStandin install(Path work, Path function) {
    try {
      Path dir = Files.createDirectories(work.resolve("docker"));
      Path bin = Files.createDirectories(dir.resolve("bin"));
      Path argvLog = dir.resolve("docker-argv.log");
      Path sandboxLog = dir.resolve("sandbox.log");
      Files.copy(Repository.dockerStandin(), bin.resolve("docker"));
      bin.resolve("docker").toFile().setExecutable(true);
      Path runnable =
          usableByNobody(functionFiles(function), List.of(function)) ? function : staged();
      Files.writeString(
          bin.resolve("docker-standin.conf"),
          "RACER_KRM="
              + quoted(runnable.toString())
              + "\n"
              + "EXPECTED_IMAGE="
              + quoted(Repository.FUNCTION_IMAGE)
              + "\n"
              + "ARGV_LOG="
              + quoted(argvLog.toString())
              + "\n"
              + "SANDBOX_LOG="
              + quoted(sandboxLog.toString())
              + "\n"
              + "FUNCTION_JAVA="
              + quoted(java().toString())
              + "\n");
      Files.writeString(argvLog, "");
      Files.writeString(sandboxLog, "");
      return new DockerStandin(bin, argvLog, sandboxLog);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot install the docker stand-in in " + work, e);
    }
  }

  /** The launcher, its jar and its lib/ jars. */
  private static List<Path> functionFiles(Path launcher) throws IOException {
    List<Path> files = new ArrayList<>(List.of(launcher, launcher.resolveSibling("racer-krm.jar")));
    try (Stream<Path> lib = Files.list(launcher.resolveSibling("lib"))) {
      files.addAll(lib.sorted().toList());
    }
    return files;
  }

  /** The staged launcher, which uid 65534 must be able to read and run. */
  private static Path staged() throws IOException {
    Path launcher = StagedProduct.get().plainLauncher();
    assertThat(usableByNobody(functionFiles(launcher), List.of(launcher)))
        .as("uid 65534 can read the staged function in %s", launcher.getParent())
        .isTrue();
    return launcher;
  }

  /**
   * Whether uid 65534 can read every one of {@code readable} and run every one of {@code
   * executable}.
   */
  private static boolean usableByNobody(List<Path> readable, List<Path> executable) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "sh",
                "-c",
                "n=$1; shift; i=0; for f; do i=$((i+1)); if [ $i -le $n ]; then test -r \"$f\"; else test -x \"$f\"; fi"
                    + " || exit 1; done",
                "sh",
                String.valueOf(readable.size())));
    readable.forEach(p -> command.add(p.toString()));
    executable.forEach(p -> command.add(p.toString()));
    return Tool.run(Path.of("/"), null, command.toArray(String[]::new)).exit() == 0;
  }

  /** The arguments of every docker call so far, in order. */
  List<List<String>> calls() {
    List<List<String>> calls = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : PackageFiles.read(argvLog).lines().toList()) {
      if (line.equals("--end--")) {
        calls.add(List.copyOf(current));
        current.clear();
      } else {
        current.add(line);
      }
    }
    assertThat(current).as("a docker call that did not finish logging").isEmpty();
    return calls;
  }

  /**
   * One line per function run: {@code uid=... gid=... groups=... net=...}, as seen inside the
   * sandbox.
   */
  List<String> sandboxes() {
    return PackageFiles.read(sandboxLog).lines().toList();
  }

  /** Forgets the calls so far. */
  void clear() {
    PackageFiles.write(argvLog, "");
    PackageFiles.write(sandboxLog, "");
  }

  /** The java of this test run, which the container's launcher is given. */
  private static Path java() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  private static String quoted(String value) {
    return "'" + value.replace("'", "'\\''") + "'";
  }
}
