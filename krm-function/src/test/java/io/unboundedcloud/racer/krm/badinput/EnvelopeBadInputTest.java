package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.BYSTANDER;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Input that is not one well-formed ResourceList: each ends with exit 1, one error that says where
 * (stdin, line and column) and what to do, and a ResourceList on stdout.
 */
@DisplayName("Function mode refuses input that is not one ResourceList")
class EnvelopeBadInputTest {
  private static final String HEADER = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n";

  /**
   * The one error of an unreadable input: on stdout and stderr, pointing at the input, with these
   * words.
   */
  private static void assertRefused(String input, String where, List<String> words) {
    KrmRun run = KrmRun.function(input);
    Map<String, Object> error = Verdict.assertUnreadable(input, run);
    String message = (String) error.get("message");
    assertThat(message).as("where").contains(where);
    assertThat(message).as("what and what to do").contains(words);
  }

  @Nested
  @DisplayName("YAML that does not parse")
  class Unparseable {
    static Stream<Arguments> cases() {
      return Stream.of(
          arguments(
              "an unclosed flow sequence",
              HEADER + "items: [a\n",
              "stdin:4:1",
              List.of(
                  "not valid YAML",
                  "flow sequence that starts at line 3, column 8",
                  "Fix the YAML at this position")),
          arguments(
              "an unclosed quote",
              HEADER + "items:\n- kind: \"ConfigMap\n",
              "of the object's text",
              List.of("not valid YAML", "Fix the YAML")),
          arguments(
              "a tab as indentation",
              HEADER + "items:\n-\tkind: ConfigMap\n\t  name: x\n",
              "stdin:",
              List.of("not valid YAML", "Fix the YAML")),
          arguments(
              "a mapping value where none may be",
              HEADER + "items: a: b: c\n",
              "stdin:3:",
              List.of("not valid YAML", "Fix the YAML")),
          arguments(
              "a duplicate key",
              HEADER + "kind: List\nitems: []\n",
              "stdin:3:1",
              List.of("duplicate key 'kind'", "first at line 2", "remove one")),
          arguments(
              "an undefined alias",
              HEADER + "items:\n- *nowhere\n",
              "line 1, column 1 of the object's text",
              List.of("not valid YAML", "nowhere")),
          arguments(
              "a control character",
              HEADER + "items:\n- kind: Config\u0001Map\n",
              "stdin:",
              List.of("U+0001", "Remove it")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @DisplayName("is refused at its position, with a hint")
    void refused(String name, String input, String where, List<String> words) {
      assertRefused(input, where, words);
    }

    @Test
    @DisplayName(
        "bytes that are not UTF-8 are refused with the byte offset, without Java class names")
    void notUtf8() {
      byte[] input =
          (HEADER + "items:\n- kind: ConfigMap\n  metadata: {name: caf\u00e9}\n")
              .getBytes(StandardCharsets.ISO_8859_1);
      KrmRun run = KrmRun.run(input, KrmRun.HANG_GUARD);
      Map<String, Object> error = Verdict.assertUnreadable(run);
      assertThat((String) error.get("message")).contains("UTF-8");
    }

    @Test
    @DisplayName("bytes that are not UTF-8 are refused with exit 1 and a hint to send UTF-8")
    void notUtf8Refused() {
      byte[] input =
          (HEADER + "items:\n- kind: ConfigMap\n  metadata: {name: caf\u00e9}\n")
              .getBytes(StandardCharsets.ISO_8859_1);
      KrmRun run = KrmRun.run(input, KrmRun.HANG_GUARD);
      assertThat(run.exitCode()).isEqualTo(1);
      ResourceListOutput output = Verdict.output(run);
      assertThat(output.items()).isEmpty();
      assertThat((String) output.onlyError().get("message"))
          .contains("not valid UTF-8", "Send YAML encoded as UTF-8");
      assertThat(run.stderr()).doesNotContain("\tat ");
    }
  }

  @Nested
  @DisplayName("YAML that is not one ResourceList")
  class NotOneResourceList {
    static Stream<Arguments> cases() {
      return Stream.of(
          arguments(
              "empty input",
              "",
              "stdin: ",
              List.of("the input is empty", "expected one ResourceList")),
          arguments(
              "only comments and blank lines",
              "# nothing here\n\n   \n# still nothing\n",
              "stdin: ",
              List.of("the input is empty", "kind: ResourceList")),
          arguments(
              "a document that is a list",
              "- apiVersion: v1\n  kind: ConfigMap\n",
              "stdin:1:1",
              List.of("expected a ResourceList", "found a list")),
          arguments(
              "a document that is a string",
              "just some text\n",
              "stdin:1:1",
              List.of("expected a ResourceList", "found \"just some text\"")),
          arguments(
              "two documents",
              HEADER + "items: []\n---\n" + HEADER + "items: []\n",
              "stdin:5:1",
              List.of(
                  "a second YAML document starts here",
                  "Put all objects into the items of one ResourceList")),
          arguments(
              "an object where the ResourceList belongs",
              "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n",
              "stdin:2:7",
              List.of(
                  "kind is \"Deployment\"",
                  "expected ResourceList",
                  "send the objects as its items")),
          arguments(
              "no kind at all",
              "apiVersion: config.kubernetes.io/v1\nitems: []\n",
              "stdin:1:1",
              List.of("no kind", "expected a ResourceList")),
          arguments(
              "a ResourceList of another API",
              "apiVersion: config.kubernetes.io/v2\nkind: ResourceList\n",
              "stdin:1:13",
              List.of(
                  "apiVersion is \"config.kubernetes.io/v2\"",
                  "expected config.kubernetes.io/v1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @DisplayName("is refused with what was expected")
    void refused(String name, String input, String where, List<String> words) {
      assertRefused(input, where, words);
    }
  }

  /** Envelopes that parse but hold something that is not a list of objects. */
  @Nested
  @DisplayName("a ResourceList whose items or function config are malformed")
  class MalformedParts {
    static Stream<Arguments> cases() {
      return Stream.of(
          arguments(
              "items that are not a list",
              HEADER + "items: 5\n" + FUNCTION_CONFIG,
              "stdin:3:8",
              List.of("items must be a list of Kubernetes objects", "found \"5\"")),
          arguments(
              "items that are a mapping",
              HEADER + "items:\n  kind: ConfigMap\n" + FUNCTION_CONFIG,
              "stdin:4:3",
              List.of("items must be a list", "found a mapping")),
          arguments(
              "an item that is not a mapping",
              HEADER + "items:\n" + BYSTANDER + "- just a string\n" + FUNCTION_CONFIG,
              "line 1, column 1 of the object's text",
              List.of("items[1] is \"just a string\"", "Fix or remove it")),
          arguments(
              "an item that is a list",
              HEADER + "items:\n" + BYSTANDER + "- [a, b]\n" + FUNCTION_CONFIG,
              "line 1, column 1 of the object's text",
              List.of("items[1] is a list", "Fix or remove it")),
          arguments(
              "an item without kind",
              HEADER
                  + "items:\n"
                  + BYSTANDER
                  + "- apiVersion: v1\n  metadata:\n    name: kindless\n"
                  + FUNCTION_CONFIG,
              "line 1, column 1 of the object's text",
              List.of("items[1] has no kind", "apiVersion and kind", "Fix or remove it")),
          arguments(
              "an item with an empty kind",
              HEADER
                  + "items:\n"
                  + BYSTANDER
                  + "- apiVersion: v1\n  kind: \"\"\n  metadata:\n    name: blank\n"
                  + FUNCTION_CONFIG,
              "line 1, column 1 of the object's text",
              List.of("items[1] has no kind", "Fix or remove it")),
          arguments(
              "a function config that is not a mapping",
              HEADER + "items:\n" + BYSTANDER + "functionConfig: racer-function\n",
              "stdin:14:17",
              List.of("functionConfig must be a Kubernetes object", "found \"racer-function\"")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @DisplayName("is refused at the part that is wrong")
    void refused(String name, String input, String where, List<String> words) {
      assertRefused(input, where, words);
    }

    /** The cases whose items are a list: there is something to keep. */
    static Stream<Arguments> listsWithABadPart() {
      return cases().filter(c -> !((String) c.get()[0]).startsWith("items that"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("listsWithABadPart")
    @DisplayName("still writes every input item back, unchanged")
    void keepsItems(String name, String input, String where, List<String> words) {
      KrmRun run = KrmRun.function(input);
      Verdict.assertCleanFailure(run);
      assertThat(Verdict.output(run).items()).isEqualTo(Verdict.items(input));
    }
  }
}
