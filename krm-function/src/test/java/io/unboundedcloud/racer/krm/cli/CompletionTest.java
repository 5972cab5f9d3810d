package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code racer-krm completion SHELL}: bash's script run by bash on partial command lines, as bash
 * runs it at a Tab; zsh's and fish's read by their shells without running, where they are
 * installed.
 */
@Tag("slow")
@DisplayName("Shell completion")
class CompletionTest {
  @TempDir static Path dir;
  private static Path bashScript;

  @BeforeAll
  static void writeScript() throws IOException {
    KrmRun run = KrmRun.command("completion", "bash");
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    bashScript = Files.writeString(dir.resolve("racer-krm.bash"), run.stdout());
  }

  /**
   * What bash's completion offers for the line {@code words}, the cursor at the end of the last
   * word: the script sourced, COMP_WORDS and COMP_CWORD set as bash sets them, the function that
   * {@code complete} registered called, COMPREPLY read.
   */
  static List<String> complete(String... words) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", "--norc", "--noprofile", "-c"));
    command.add(
        "source \"$0\" || exit 9\n"
            + "[ \"$(complete -p racer-krm)\" = 'complete -o bashdefault -o filenames -F _racer_krm"
            + " racer-krm' ] || exit 8\n"
            + "COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMPREPLY=()\n"
            + "_racer_krm\n"
            + "printf '%s\\n' \"${COMPREPLY[@]}\"");
    command.add(bashScript.toString());
    command.add("racer-krm");
    command.addAll(List.of(words));
    Process bash = new ProcessBuilder(command).directory(dir.toFile()).start();
    byte[] out = bash.getInputStream().readAllBytes();
    String err = new String(bash.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(bash.exitValue()).as(err).isZero();
    assertThat(err).isEmpty();
    return new String(out, StandardCharsets.UTF_8).lines().filter(l -> !l.isEmpty()).toList();
  }

  @Nested
  @DisplayName("in bash, on a partial line")
  class Bash {
    @Test
    @DisplayName("the first word: the commands, help and version; after --stack as well")
    void commands() throws Exception {
      assertThat(complete("")).containsExactlyElementsOf(Command.words(Command.MODES));
      assertThat(complete("ren")).containsExactly("render");
      assertThat(complete("--stack", "d")).containsExactly("diff");
      assertThat(complete("-")).containsExactly("--version", "--help", "--stack");
    }

    @Test
    @DisplayName("every flag of every command, from its first letters")
    void everyFlag() throws Exception {
      for (Mode mode : Command.MODES) {
        if (mode.name().isEmpty()) {
          continue;
        }
        for (String flag : mode.syntax().flagNames()) {
          String partial = flag.substring(0, flag.length() - 1);
          assertThat(complete(mode.name(), "x.yaml", partial))
              .as("racer-krm %s x.yaml %s<Tab>", mode.name(), partial)
              .contains(flag)
              .allSatisfy(offered -> assertThat(offered).startsWith(partial));
        }
        assertThat(complete(mode.name(), "--"))
            .containsExactlyInAnyOrderElementsOf(mode.syntax().flagNames());
      }
    }

    @Test
    @DisplayName("a flag's choices after it; a command's words; help, the commands")
    void values() throws Exception {
      assertThat(complete("diff", "--output", "")).containsExactly("text", "markdown", "json");
      assertThat(complete("diff", "a", "--output", "m")).containsExactly("markdown");
      assertThat(complete("completion", "")).containsExactly("bash", "zsh", "fish");
      assertThat(complete("help", "ad")).containsExactly("adopt");
    }

    @Test
    @DisplayName("files where a command takes paths, and after a flag that takes a file")
    void files() throws Exception {
      Files.writeString(dir.resolve("settings-one.yaml"), "");
      assertThat(complete("render", "settings-o")).containsExactly("settings-one.yaml");
      assertThat(complete("render", "--function-config", "settings-o"))
          .containsExactly("settings-one.yaml");
      assertThat(complete("completion", "settings-o")).isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"zsh", "fish"})
  @DisplayName("zsh's and fish's scripts are read by their shells without an error")
  void otherShells(String shell) throws Exception {
    KrmRun run = KrmRun.command("completion", shell);
    assertThat(run.exitCode()).isZero();
    assertThat(run.stdout()).startsWith(shell.equals("zsh") ? "#compdef racer-krm\n" : "# fish");
    boolean installed =
        new ProcessBuilder("sh", "-c", "command -v " + shell).start().waitFor() == 0;
    if (!installed) {
      System.out.println(
          "SKIPPED: " + shell + " is not installed; its script is not syntax-checked");
    }
    assumeTrue(installed, shell + " is not installed");
    Path script = Files.writeString(dir.resolve("racer-krm." + shell), run.stdout());
    Process check =
        new ProcessBuilder(shell, shell.equals("zsh") ? "-n" : "--no-execute", script.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(check.exitValue()).as(out).isZero();
  }
}
