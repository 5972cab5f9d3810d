package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The one command-line parser of every mode, on the syntax of a diff-like mode. */
@DisplayName("A mode's syntax")
class SyntaxTest {
  private static final Syntax DIFF =
      Syntax.positionals(2, 2, "two files: OLD NEW")
          .flags(
              Flag.valued("--function-config", "a file"),
              Flag.choice("--output", "text", "markdown", "json"),
              Flag.toggle("--fail-on-rollout"));

  private static Arguments parse(Syntax syntax, String... args) {
    return syntax.parse("diff", List.of(args));
  }

  @Nested
  @DisplayName("reads")
  class Reads {
    @Test
    @DisplayName("positional arguments in order, flags anywhere, a value after a space or =")
    void everything() {
      Arguments arguments =
          parse(
              DIFF,
              "--output=json",
              "old.yaml",
              "--fail-on-rollout",
              "new.yaml",
              "--function-config",
              "fc.yaml");
      assertThat(arguments.positionals()).containsExactly("old.yaml", "new.yaml");
      assertThat(arguments.value("--output")).contains("json");
      assertThat(arguments.path("--function-config"))
          .hasValueSatisfying(path -> assertThat(path).hasToString("fc.yaml"));
      assertThat(arguments.has("--fail-on-rollout")).isTrue();
    }

    @Test
    @DisplayName("a flag not given: no value, switch off; a repeated one: the last wins")
    void absentAndRepeated() {
      Arguments arguments = parse(DIFF, "a", "b", "--output", "text", "--output", "markdown");
      assertThat(arguments.value("--function-config")).isEmpty();
      assertThat(arguments.has("--fail-on-rollout")).isFalse();
      assertThat(arguments.value("--output")).contains("markdown");
    }

    @Test
    @DisplayName("- is stdin where the mode takes it, an unknown flag where it does not")
    void stdinDash() {
      assertThat(parse(DIFF.withStdin(), "-", "b").positionals()).containsExactly("-", "b");
      assertThatThrownBy(() -> parse(DIFF, "-", "b"))
          .isInstanceOf(UsageException.class)
          .hasMessage("unknown flag \"-\"");
    }
  }

  @Nested
  @DisplayName("refuses, with one message each")
  class Refuses {
    @Test
    @DisplayName("an unknown flag, with or without a value")
    void unknownFlag() {
      assertThatThrownBy(() -> parse(DIFF, "a", "b", "--frobnicate"))
          .hasMessage("unknown flag \"--frobnicate\"");
      assertThatThrownBy(() -> parse(DIFF, "a", "b", "--fail-on-rollout=yes"))
          .hasMessage("unknown flag \"--fail-on-rollout=yes\"; did you mean --fail-on-rollout?");
    }

    @Test
    @DisplayName("a flag without its value, and a value that is not one of the choices")
    void values() {
      assertThatThrownBy(() -> parse(DIFF, "a", "b", "--function-config"))
          .hasMessage("--function-config needs a file");
      assertThatThrownBy(() -> parse(DIFF, "a", "b", "--output", "html"))
          .hasMessage("--output takes one of text, markdown, json, not \"html\"");
    }

    @Test
    @DisplayName("too few or too many positional arguments; any, where the mode takes none")
    void positionals() {
      assertThatThrownBy(() -> parse(DIFF, "a")).hasMessage("diff needs two files: OLD NEW");
      assertThatThrownBy(() -> parse(DIFF, "a", "b", "c"))
          .hasMessage("diff takes at most 2 arguments");
      assertThatThrownBy(() -> Syntax.none().parse("", List.of("frobnicate")))
          .hasMessage("unknown command \"frobnicate\"");
    }
  }
}
