package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The launcher's own check of whether stdin is a terminal, on a pseudo-terminal that util-linux
 * {@code script} opens: Ctrl-D (written through it) ends the input.
 */
@DisplayName("The launcher on a terminal")
class StdinTerminalIT {
  private static String onTerminal(String command) throws Exception {
    Process script =
        new ProcessBuilder("script", "-qec", command, "/dev/null")
            .redirectErrorStream(true)
            .start();
    script.getOutputStream().write(4); // Ctrl-D: the end of input on a terminal
    script.getOutputStream().close();
    String out = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(script.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return out.replace("\r\n", "\n");
  }

  @Test
  @DisplayName("verify on a terminal says it reads stdin; with stdin from a pipe it does not")
  void verify() throws Exception {
    boolean hasScript = new ProcessBuilder("sh", "-c", "command -v script").start().waitFor() == 0;
    if (!hasScript) {
      System.out.println("SKIPPED: util-linux script is not installed; no pseudo-terminal");
    }
    assumeTrue(hasScript, "util-linux script is not installed");
    String launcher = Launcher.SCRIPT.toString();
    assertThat(onTerminal(launcher + " verify"))
        .startsWith(
            "verify: reading manifests from standard input (Ctrl-D to end; give a file or folder to"
                + " read instead)\n")
        .contains("no dataplane DaemonSet among the 0 objects");
    assertThat(onTerminal("true | " + launcher + " verify"))
        .doesNotContain("reading manifests")
        .contains("no dataplane DaemonSet among the 0 objects");
  }
}
