package io.unboundedcloud.racer.krm.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test support: runs a command the way a container runtime runs a function, only stricter: as a
 * given uid in no group of the host, no network (a fresh network namespace: loopback only, down),
 * every mount read-only (a private mount namespace; /proc, /sys and the device nodes stay), no new
 * privileges, and only the environment given. Needs root, {@code unshare} and {@code setpriv}
 * (util-linux).
 */
public final class Sandbox {
  public static final int NOBODY = 65534;

  /** Argo CD's repo server and its plugin sidecars run as 999, which has no passwd entry. */
  public static final int ARGOCD = 999;

  /**
   * In the new mount namespace: every mount read-only, then drop to the uid and run the command.
   */
  private static final String SCRIPT =
      """
      for m in $(awk '{ print $5 }' /proc/self/mountinfo); do
        case "$m" in /proc|/proc/*|/sys|/sys/*|/dev|/dev/pts|/mnt/*) continue ;; esac
        mount -o remount,bind,ro "$m" 2>/dev/null || true
      done
      uid=$1 dir=$2
      shift 2
      cd "$dir"
      exec setpriv --reuid="$uid" --regid="$uid" --clear-groups --no-new-privs -- "$@"
      """;

  private Sandbox() {}

  /**
   * The command line that runs {@code command} in {@code dir} as {@code uid}, sandboxed, with
   * exactly {@code env} (plus a PATH when it has none).
   */
  public static List<String> command(
      int uid, Path dir, Map<String, String> env, List<String> command) {
    List<String> line =
        new ArrayList<>(
            List.of(
                "unshare",
                "--mount",
                "--net",
                "--propagation",
                "private",
                "--",
                "sh",
                "-c",
                SCRIPT,
                "sandbox",
                String.valueOf(uid),
                dir.toString(),
                "env",
                "-i"));
    Map<String, String> environment = new TreeMap<>(env);
    environment.putIfAbsent("PATH", "/usr/bin:/bin");
    environment.forEach((name, value) -> line.add(name + "=" + value));
    line.addAll(command);
    return line;
  }

  /**
   * Why this machine cannot sandbox a run (not root, no namespaces, no setpriv), or {@code null}.
   */
  public static String unavailableReason() {
    CommandRun id = CommandRun.of(Path.of("/"), Map.of(), List.of("id", "-u"));
    String uid = id.stdoutText().strip();
    if (!"0".equals(uid)) {
      return "not running as root (uid "
          + uid
          + "): the sandbox needs root for unshare and setpriv";
    }
    CommandRun probe;
    try {
      probe =
          CommandRun.of(
              Path.of("/"), Map.of(), command(NOBODY, Path.of("/"), Map.of(), List.of("true")));
    } catch (RuntimeException cannotStart) {
      return "unshare or setpriv cannot start here (" + cannotStart.getMessage() + ")";
    }
    if (probe.exit() != 0) {
      return "unshare --mount --net + setpriv fails here (" + probe.stderr().strip() + ")";
    }
    return null;
  }
}
