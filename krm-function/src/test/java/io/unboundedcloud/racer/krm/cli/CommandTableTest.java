package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command table ({@link Command#MODES}, each mode's {@link Syntax}) against the usage text and
 * the messages: every command has its usage, the usage names exactly its flags, and a typo of any
 * command, flag or word gets the one it was meant to be.
 */
@DisplayName("The command table")
class CommandTableTest {
  static Stream<Mode> commands() {
    return Command.MODES.stream().filter(mode -> !mode.name().isEmpty());
  }

  /** A flag of the usage text, in brackets: {@code [--output text|markdown|json]}. */
  private static final Pattern BRACKETED = Pattern.compile("\\[(--[a-z-]+)( ([^\\]\\[]+))?");

  @Nested
  @DisplayName("and the usage text (docs/cli.md)")
  class UsageText {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.cli.CommandTableTest#commands")
    @DisplayName("each command's entry names exactly its flags, a choice with its choices")
    void entryNamesTheFlags(Mode mode) {
      String entry = Usage.of(mode.name());
      Set<String> named = new LinkedHashSet<>();
      Matcher flag = BRACKETED.matcher(entry);
      while (flag.find()) {
        named.add(flag.group(1));
        Flag declared =
            mode.syntax().flags().stream()
                .filter(f -> f.name().equals(flag.group(1)))
                .findFirst()
                .orElse(null);
        if (declared != null && !declared.choices().isEmpty()) {
          assertThat(flag.group(3))
              .as("the choices of %s", declared.name())
              .isEqualTo(String.join("|", declared.choices()));
        }
      }
      assertThat(named)
          .as("the flags in brackets in the usage of %s", mode.name())
          .containsExactlyInAnyOrderElementsOf(
              mode.syntax().flags().stream().map(Flag::name).toList());
    }

    @Test
    @DisplayName("every command of the usage text is in the table, and the table's words in it")
    void sameCommands() {
      List<String> entries = new ArrayList<>();
      Matcher entry = Pattern.compile("(?m)^  racer-krm ([a-z]+)").matcher(Usage.text());
      while (entry.find()) {
        entries.add(entry.group(1));
      }
      assertThat(entries).containsExactlyElementsOf(commands().map(Mode::name).toList());
    }
  }

  @Nested
  @DisplayName("answers --help")
  class Help {
    @ParameterizedTest(name = "{0} --help")
    @MethodSource("io.unboundedcloud.racer.krm.cli.CommandTableTest#commands")
    @DisplayName(
        "COMMAND --help, -h and help COMMAND print that command's usage, exit 0, and run nothing")
    void perCommand(Mode mode) {
      KrmRun help = KrmRun.command(mode.name(), "--help");
      assertThat(help.exitCode()).isZero();
      assertThat(help.stderr()).isEmpty();
      assertThat(help.stdout())
          .startsWith("Usage:\n  racer-krm " + mode.name() + " ")
          .contains("  --stack ")
          .doesNotContain("Function config (ConfigMap data)");
      // the entry ends where the next command's starts
      assertThat(help.stdout().lines().filter(line -> line.startsWith("  racer-krm "))).hasSize(1);
      assertThat(KrmRun.command(mode.name(), "-h").stdout()).isEqualTo(help.stdout());
      assertThat(KrmRun.command("help", mode.name()).stdout()).isEqualTo(help.stdout());
      // after other arguments too: help wins over running
      assertThat(KrmRun.command(mode.name(), "no-such-file.yaml", "--help").stdout())
          .isEqualTo(help.stdout());
    }

    @Test
    @DisplayName("help with an unknown command exits 2 naming the nearest one")
    void helpUnknown() {
      KrmRun run = KrmRun.command("help", "verfy");
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .isEqualTo("error: no command \"verfy\"; did you mean verify? Run racer-krm --help\n");
    }
  }

  @Nested
  @DisplayName("points a typo at what it was meant to be")
  class Typos {
    /** Every one-edit typo of {@code word}: a letter dropped, two swapped, one doubled. */
    static List<String> typos(String word) {
      List<String> typos = new ArrayList<>();
      int start = word.startsWith("--") ? 2 : 0;
      for (int i = start; i < word.length(); i++) {
        typos.add(word.substring(0, i) + word.substring(i + 1));
        typos.add(word.substring(0, i + 1) + word.charAt(i) + word.substring(i + 1));
        if (i + 1 < word.length()) {
          typos.add(
              word.substring(0, i) + word.charAt(i + 1) + word.charAt(i) + word.substring(i + 2));
        }
      }
      typos.removeIf(typo -> typo.equals(word) || typo.length() < 3);
      return typos;
    }

    @Test
    @DisplayName(
        "every one-edit typo of every first word (commands, help, version): exit 2, the word")
    void commands() {
      List<String> words = Command.words(Command.MODES);
      for (String word : words) {
        for (String typo : typos(word)) {
          if (words.contains(typo) || typo.equals("-h")) {
            continue;
          }
          KrmRun run = KrmRun.command(typo);
          assertThat(run.exitCode()).as(typo).isEqualTo(2);
          assertThat(run.stdout()).isEmpty();
          assertThat(run.stderr())
              .as(typo)
              .isEqualTo(
                  "error: unknown command \""
                      + typo
                      + "\"; did you mean "
                      + word
                      + "? Run racer-krm --help\n");
        }
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.cli.CommandTableTest#commands")
    @DisplayName(
        "every one-edit typo of each flag of a command: exit 2, the flag, that command's help")
    void flags(Mode mode) {
      List<String> names = mode.syntax().flagNames();
      for (String name : names) {
        for (String typo : typos(name)) {
          if (names.contains(typo)) {
            continue;
          }
          KrmRun run = KrmRun.command(mode.name(), typo);
          assertThat(run.exitCode()).as(typo).isEqualTo(2);
          assertThat(run.stderr())
              .as(typo)
              .isEqualTo(
                  "error: unknown flag \""
                      + typo
                      + "\"; did you mean "
                      + name
                      + "? Run racer-krm "
                      + mode.name()
                      + " --help\n");
        }
      }
    }

    @Test
    @DisplayName(
        "a flag of racer-krm itself (--version) is found as well; a word far from all is not")
    void topLevelAndFar() {
      assertThat(KrmRun.command("--verison").stderr())
          .isEqualTo(
              "error: unknown flag \"--verison\"; did you mean --version? Run racer-krm --help\n");
      assertThat(KrmRun.command("frobnicate").stderr())
          .isEqualTo("error: unknown command \"frobnicate\"; run racer-krm --help\n");
      assertThat(KrmRun.command("render", "x", "--frobnicate").stderr())
          .isEqualTo("error: unknown flag \"--frobnicate\"; run racer-krm render --help\n");
    }

    @Test
    @DisplayName("a word not among a command's words names them and the nearest")
    void words() {
      KrmRun run = KrmRun.command("completion", "fihs");
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.stderr())
          .isEqualTo(
              "error: completion takes one of bash, zsh, fish, not \"fihs\"; did you mean fish? Run"
                  + " racer-krm completion --help\n");
    }
  }
}
