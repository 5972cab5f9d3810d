package io.unboundedcloud.racer.krm.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An Application parameter whose bytes are not UTF-8 is refused by the packaged launcher, whatever
 * the locale: the JVM decodes the environment in the locale's charset (none in Argo CD's sidecar
 * and in a container: ASCII), so racer-krm reads the bytes from /proc/self/environ, and a value
 * that holds U+FFFD (bytes that were not UTF-8, as decoding or Argo CD's own JSON encoding leave
 * them) is an error naming the parameter. Valid UTF-8 beyond ASCII is read as written. The bytes
 * are put in the environment by bash's printf: Java cannot hand a child process bytes that are not
 * in its own charset.
 */
@DisplayName("The packaged launcher: Application parameters that are not UTF-8")
class ParameterEncodingIT {
  /** How the process is started: bash sets the variable from printf's escapes, then execs. */
  private static final String SCRIPT =
      "ARGOCD_APP_PARAMETERS=\"$(printf \"$1\")\"; export ARGOCD_APP_PARAMETERS;"
          + " exec \"$2\" render \"$3\"";

  @ParameterizedTest(name = "LANG={0}")
  @ValueSource(strings = {"", "C", "C.UTF-8"})
  @DisplayName(
      "an invalid byte, an overlong encoding, a lone continuation byte: exit 1, nothing on stdout, the parameter named")
  void refused(String lang) {
    for (String bytes : List.of("cd\\377", "cd\\300\\257", "\\200")) {
      Launcher.Run run = render(lang, "[{\"name\":\"RACER_NVIDIA\",\"string\":\"" + bytes + "\"}]");

      assertThat(run.exit()).as(run.describe()).isEqualTo(1);
      assertThat(run.stdout()).as(run.describe()).isEmpty();
      assertThat(run.stderr())
          .as(run.describe())
          .contains(
              "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) is not valid UTF-8");
    }
  }

  @ParameterizedTest(name = "LANG={0}")
  @ValueSource(strings = {"", "C", "C.UTF-8"})
  @DisplayName(
      "valid UTF-8 beyond ASCII is read as written: the key's own rule names the value, no encoding error")
  void validUtf8(String lang) {
    Launcher.Run run =
        render(
            lang, "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cd\\303\\274\\360\\237\\232\\200\"}]");

    assertThat(run.exit()).as(run.describe()).isEqualTo(1);
    assertThat(run.stdout()).as(run.describe()).isEmpty();
    assertThat(run.stderr()).as(run.describe()).contains("RACER_NVIDIA is \"cdü🚀\"");
    assertThat(run.stderr()).as(run.describe()).doesNotContain("UTF-8");
  }

  @ParameterizedTest(name = "LANG={0}")
  @ValueSource(strings = {"", "C.UTF-8"})
  @DisplayName("an ASCII parameter renders: the check refuses only what is broken")
  void ascii(String lang) {
    Launcher.Run run = render(lang, "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"}]");

    assertThat(run.exit()).as(run.describe()).isZero();
    assertThat(run.out()).contains("RACER_NVIDIA: cdi");
  }

  /** racer-krm render of the quickstart with the parameters printf makes of {@code format}. */
  private static Launcher.Run render(String lang, String format) {
    Map<String, String> env = new HashMap<>();
    env.put("LANG", lang.isEmpty() ? null : lang);
    env.put("LC_ALL", null);
    env.put("LC_CTYPE", null);
    return Launcher.run(
        List.of(
            "bash",
            "-c",
            SCRIPT,
            "bash",
            format.replace("%", "%%"),
            Launcher.withLauncher(List.of()).get(0),
            Launcher.QUICKSTART.toString()),
        env,
        new byte[0]);
  }
}
