package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: the docker stand-in (src/test/sh/docker-standin) installed as {@code docker} in a folder
 * that a test puts first on the PATH, so kustomize and kpt run the function's container image as the
 * packaged launcher, sandboxed as a container would be: uid 65534, no network. It logs the docker
 * arguments of every call, and what the sandbox looked like from inside.
 */
final class DockerStandin {
  /** A sandbox log line of a function that ran as nobody, in no group of the host, seeing only loopback. */
  static final String SANDBOXED = "uid=65534 gid=65534 groups=65534 net=lo,";

  private static final String SANDBOX = "unshare --net setpriv --reuid=65534 --regid=65534 --clear-groups";

  /** The folder to put first on the PATH. */
  final Path bin;
  private final Path argvLog;
  private final Path sandboxLog;

  private DockerStandin(Path bin, Path argvLog, Path sandboxLog) {
    this.bin = bin;
    this.argvLog = argvLog;
    this.sandboxLog = sandboxLog;
  }

  /**
   * Why the stand-in cannot sandbox the function on this machine (not root, no user or network
   * namespaces, a checkout that uid 65534 cannot read), or {@code null} when it can.
   */
  static String unavailableReason(Path function) {
    String uid = Tool.run(Path.of("/"), null, "id", "-u").stdout().strip();
    if (!"0".equals(uid)) {
      return "not running as root (uid " + uid + "): the docker stand-in needs root for `" + SANDBOX + "`";
    }
    Tool.Run probe = Tool.run(Path.of("/"), null, "sh", "-c", SANDBOX + " --no-new-privs true");
    if (probe.exit() != 0) {
      return "`" + SANDBOX + "` fails here (" + probe.stderr().strip() + ")";
    }
    Path jar = function.resolveSibling("racer-krm.jar");
    Tool.Run readable =
        Tool.run(Path.of("/"), null, "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c",
            "test -x \"$1\" && test -r \"$2\" && test -x \"$3\"", "sh", function.toString(), jar.toString(),
            java().toString());
    if (readable.exit() != 0) {
      return "uid 65534 cannot read " + function + ", " + jar + " or run " + java()
          + " (a parent folder is not world-readable), so a sandboxed function cannot start";
    }
    return null;
  }

  /** Installs the stand-in under {@code dir}: it runs {@code function} for {@link Repository#FUNCTION_IMAGE}. */
  static DockerStandin install(Path dir, Path function) {
    try {
      Path bin = Files.createDirectories(dir.resolve("bin"));
      Path argvLog = dir.resolve("docker-argv.log");
      Path sandboxLog = dir.resolve("sandbox.log");
      Files.copy(Repository.dockerStandin(), bin.resolve("docker"));
      bin.resolve("docker").toFile().setExecutable(true);
      Files.writeString(
          bin.resolve("docker-standin.conf"),
          "RACER_KRM=" + quoted(function.toString()) + "\n"
              + "EXPECTED_IMAGE=" + quoted(Repository.FUNCTION_IMAGE) + "\n"
              + "ARGV_LOG=" + quoted(argvLog.toString()) + "\n"
              + "SANDBOX_LOG=" + quoted(sandboxLog.toString()) + "\n"
              + "FUNCTION_JAVA=" + quoted(java().toString()) + "\n");
      Files.writeString(argvLog, "");
      Files.writeString(sandboxLog, "");
      return new DockerStandin(bin, argvLog, sandboxLog);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot install the docker stand-in in " + dir, e);
    }
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

  /** The {@code docker run} calls so far. */
  List<List<String>> runs() {
    return calls().stream().filter(call -> !call.isEmpty() && call.get(0).equals("run")).toList();
  }

  /** One line per function run: {@code uid=... gid=... groups=... net=...}, as seen inside the sandbox. */
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
