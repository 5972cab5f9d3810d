package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code racer-krm verify} end to end, in-process: what it reads, prints and exits with. */
@DisplayName(
    "racer-krm verify: a rendered stream checked, drift on stderr, the verdict in the exit code")
class VerifyModeTest {
  private static final Path QUICKSTART = Path.of("..", "examples", "quickstart");

  /** The quickstart as render prints it. */
  private static String rendered() {
    KrmRun render = KrmRun.command("render", QUICKSTART.toString());
    assertThat(render.exitCode()).as("render: %s", render.stderr()).isZero();
    return render.stdout();
  }

  private static KrmRun verifyStdin(String stream, String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "verify";
    System.arraycopy(args, 0, command, 1, args.length);
    return KrmRun.run(stream.getBytes(StandardCharsets.UTF_8), KrmRun.HANG_GUARD, command);
  }

  @Nested
  @DisplayName("a consistent stream")
  class Consistent {
    @Test
    @DisplayName("from a file: exit 0, one line on stderr of what was checked")
    void file(@TempDir Path dir) throws IOException {
      Path stream = Files.writeString(dir.resolve("build.yaml"), rendered());

      KrmRun verify = KrmRun.command("verify", stream.toString());

      assertThat(verify.exitCode()).as("%s", verify.stderr()).isZero();
      assertThat(verify.stdout()).isEmpty();
      assertThat(verify.stderrLines())
          .containsExactly(
              "verified DaemonSet racer/racer against the 3 keys of ConfigMap racer/racer-settings"
                  + " and the images registry.example.com/racer/racer-dataplane:0.19.0 and"
                  + " registry.example.com/racer/racer-object:0.19.0, with 1 cache origin: what the"
                  + " function renders");
    }

    @Test
    @DisplayName("from stdin, as - or with no path at all")
    void stdin() {
      assertThat(verifyStdin(rendered(), "-").exitCode()).isZero();
      assertThat(verifyStdin(rendered()).exitCode()).isZero();
    }
  }

  @Nested
  @DisplayName("a drifted stream")
  class Drifted {
    @Test
    @DisplayName(
        "settings changed after rendering: exit 1, the changed key first, then each drift one error line naming object, field, both values and cause")
    void settings() {
      String stream = rendered();
      assertThat(stream).contains("  RACER_NVIDIA: \"off\"\n");

      KrmRun verify =
          verifyStdin(
              stream.replace(
                  "  RACER_NVIDIA: \"off\"\n",
                  "  RACER_NVIDIA: \"off\"\n  RACER_PEER_PORT: \"9100\"\n"));

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stdout()).isEmpty();
      // the key that changed first, then the fields it explains
      assertThat(verify.stderr().lines().findFirst().orElseThrow())
          .startsWith(
              "error: drift: data.RACER_PEER_PORT of ConfigMap racer/racer-settings is \"9100\","
                  + " a key the function did not render with")
          .contains("[ConfigMap racer/racer-settings");
      assertThat(verify.stderr().lines())
          .isNotEmpty()
          .allMatch(line -> line.startsWith("error: drift: "))
          .anyMatch(
              line ->
                  line.contains("racer-settings changed after the function ran")
                      && line.contains("[DaemonSet racer/racer")
                      && line.contains("settings-hash"))
          .anyMatch(
              line ->
                  line.contains("the function renders \"[$(RACER_POD_IP)]:9100\"")
                      && line.contains("env[name=RACER_PEER_LISTEN]"));
    }
  }

  @Nested
  @DisplayName("nothing to verify")
  class NothingToVerify {
    @Test
    @DisplayName("sources instead of a rendered stream: exit 1, the reason")
    void sources() {
      KrmRun verify = KrmRun.command("verify", QUICKSTART.toString());

      assertThat(verify.exitCode()).isEqualTo(1);
      assertThat(verify.stderr()).startsWith("error: no dataplane DaemonSet among the ");
    }

    @Test
    @DisplayName("an unknown flag: exit 2")
    void unknownFlag() {
      assertThat(KrmRun.command("verify", "--strcit").exitCode()).isEqualTo(2);
    }
  }
}
