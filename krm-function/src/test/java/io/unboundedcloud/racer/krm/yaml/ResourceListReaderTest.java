package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readList;
import static io.unboundedcloud.racer.krm.yaml.YamlText.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("Reading the ResourceList on stdin")
class ResourceListReaderTest {

  /** A hang guard only: each of these fails in milliseconds; never a speed assertion. */
  private static final Duration HANG_GUARD = Duration.ofSeconds(10);

  @Nested
  @DisplayName("accepts")
  class Accepts {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- kind: A\n",
          "apiVersion: config.kubernetes.io/v1beta1\nkind: ResourceList\nitems:\n- kind: A\n",
          "apiVersion: config.kubernetes.io/v1alpha1\nkind: ResourceList\nitems:\n- kind: A\n",
          "apiVersion: config.kubernetes.io/v1\nkind: List\nitems:\n- kind: A\n",
          "kind: ResourceList\nitems:\n- kind: A\n",
          "apiVersion:\nkind: ResourceList\nitems:\n- kind: A\n",
          "apiVersion: ''\nkind: ResourceList\nitems:\n- kind: A\n",
          "---\nkind: ResourceList\nitems:\n- kind: A\n...\n",
          "items:\n- kind: A\nkind: ResourceList\n---\n# an empty document after it\n",
        })
    @DisplayName("an envelope with")
    void envelopes(String input) {
      assertThat(readList(input).items()).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "kind: ResourceList\n",
          "kind: ResourceList\nitems:\n",
          "kind: ResourceList\nitems: ~\n",
          "kind: ResourceList\nitems: []\n"
        })
    @DisplayName("items missing, null or empty, as no items")
    void noItems(String input) {
      assertThat(readList(input).items()).isEmpty();
    }

    @Test
    @DisplayName("a functionConfig of any kind")
    void functionConfigAnyKind() {
      ResourceList list =
          readList(
              "kind: ResourceList\nfunctionConfig:\n  apiVersion: example.com/v1\n"
                  + "  kind: RacerInjector\n  spec: {a: 1}\n");

      assertThat(list.functionConfig())
          .get()
          .satisfies(
              config -> assertThat(Nodes.getText(config, "kind")).isEqualTo("RacerInjector"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kind: ResourceList\n", "kind: ResourceList\nfunctionConfig:\n"})
    @DisplayName("no functionConfig, or a null one, as none")
    void noFunctionConfig(String input) {
      assertThat(readList(input).functionConfig()).isEmpty();
    }

    @Test
    @DisplayName("the largest nesting allowed")
    void deepestAllowed() {
      int depth = YamlLimits.DEFAULT.maxNestingDepth();
      // envelope (1), items (2), the item (3), then nested sequences up to the limit
      String input =
          "kind: ResourceList\nitems:\n- kind: A\n  deep: "
              + "[".repeat(depth - 3)
              + "]".repeat(depth - 3)
              + "\n";

      assertThat(readList(input).items()).hasSize(1);
    }
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(
            "empty input",
            "",
            new String[] {"stdin: ", "the input is empty", "expected one ResourceList"}),
        Arguments.of(
            "only a comment", "# nothing here\n", new String[] {"stdin: ", "the input is empty"}),
        Arguments.of(
            "unparseable YAML",
            "kind: ResourceList\nitems:\n- kind: A\n  b: [unclosed\n",
            new String[] {
              "stdin:5:1: ",
              "not valid YAML",
              "flow sequence that starts at line 4, column 6",
              "Fix the YAML"
            }),
        Arguments.of(
            "a tab as indentation",
            "kind: ResourceList\nitems:\n\t- kind: A\n",
            new String[] {"stdin:3:1: ", "not valid YAML", "TAB", "Fix the YAML"}),
        Arguments.of(
            "more than one document",
            "kind: ResourceList\nitems: []\n---\nkind: ResourceList\n",
            new String[] {
              "stdin:4:1: ",
              "a second YAML document",
              "exactly one ResourceList",
              "Put all objects into the items of one ResourceList"
            }),
        Arguments.of(
            "a document that is a list",
            "- kind: A\n",
            new String[] {"stdin:1:1: ", "expected a ResourceList", "found a list"}),
        Arguments.of(
            "a document that is a scalar",
            "hello\n",
            new String[] {"stdin:1:1: ", "found \"hello\""}),
        Arguments.of(
            "no kind",
            "apiVersion: config.kubernetes.io/v1\nitems: []\n",
            new String[] {"stdin:1:1: ", "has no kind", "kind: ResourceList"}),
        Arguments.of(
            "a wrong kind",
            "apiVersion: apps/v1\nkind: Deployment\n",
            new String[] {
              "stdin:2:7: ",
              "kind is \"Deployment\"",
              "expected ResourceList (or List)",
              "send the objects as its items"
            }),
        Arguments.of(
            "a wrong apiVersion",
            "apiVersion: v1\nkind: ResourceList\n",
            new String[] {
              "stdin:1:13: ", "apiVersion is \"v1\"", "expected config.kubernetes.io/v1"
            }),
        Arguments.of(
            "items not a list",
            "kind: ResourceList\nitems:\n  a: b\n",
            new String[] {"stdin:3:3: ", "items must be a list", "found a mapping"}),
        Arguments.of(
            "an item that is not a mapping",
            "kind: ResourceList\nitems:\n- kind: A\n- just text\n",
            new String[] {
              "stdin:4:3: ",
              "items[1] is \"just text\"",
              "not a Kubernetes object",
              "Fix or remove it"
            }),
        Arguments.of(
            "an item without kind",
            "kind: ResourceList\nitems:\n- kind: A\n- apiVersion: v1\n  data: {}\n",
            new String[] {"stdin:4:3: ", "items[1] has no kind", "Fix or remove it"}),
        Arguments.of(
            "an item with an empty kind",
            "kind: ResourceList\nitems:\n- kind: ''\n",
            new String[] {"stdin:3:3: ", "items[0] has no kind"}),
        Arguments.of(
            "a functionConfig that is not a mapping",
            "kind: ResourceList\nfunctionConfig: [a]\n",
            new String[] {
              "stdin:2:17: ", "functionConfig must be a Kubernetes object", "found a list"
            }),
        Arguments.of(
            "a duplicate key in an item",
            "kind: ResourceList\nitems:\n- kind: A\n  metadata:\n    name: x\n    name: y\n",
            new String[] {
              "stdin:6:5: ", "duplicate key 'name'", "first at line 5", "remove one of them"
            }),
        Arguments.of(
            "a duplicate key in the envelope",
            "kind: ResourceList\nitems: []\nitems:\n- kind: A\n",
            new String[] {"stdin:3:1: ", "duplicate key 'items'"}),
        Arguments.of(
            "a duplicate key written once quoted, once plain",
            "kind: ResourceList\nitems:\n- kind: A\n  \"kind\": B\n",
            new String[] {"stdin:4:3: ", "duplicate key 'kind'"}),
        Arguments.of(
            "an undefined alias",
            "kind: ResourceList\nitems: *nothing\n",
            new String[] {"stdin:2:8: ", "undefined alias nothing"}),
        Arguments.of(
            "a character YAML does not allow",
            "kind: Resource\u0007List\n",
            new String[] {"stdin: ", "U+0007", "Remove it"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("refuses, saying where, what is wrong and what to do:")
  void refuses(String name, String input, String[] messageParts) {
    assertThatThrownBy(() -> readList(input))
        .isInstanceOf(YamlInputException.class)
        .hasMessageContainingAll(messageParts)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n", "Exception", "at org."));
  }

  @Test
  @DisplayName("refuses bytes that are not UTF-8")
  void notUtf8() {
    byte[] input = {'k', 'i', 'n', 'd', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'};

    assertThatThrownBy(() -> YamlReader.readResourceList(new ByteArrayInputStream(input)))
        .isInstanceOf(YamlInputException.class)
        .hasMessageContainingAll("stdin: ", "not valid UTF-8", "Send YAML encoded as UTF-8");
  }

  @Test
  @DisplayName("reports the position as line and column from 1, and the source it was given")
  void position() {
    assertThatThrownBy(
            () ->
                YamlReader.readResourceList(
                    stream("kind: Nope\n"), "input.yaml", YamlLimits.DEFAULT))
        .isInstanceOfSatisfying(
            YamlInputException.class,
            e -> {
              assertThat(e.source()).isEqualTo("input.yaml");
              assertThat(e.line()).isEqualTo(1);
              assertThat(e.column()).isEqualTo(7);
              assertThat(e.getMessage()).startsWith("input.yaml:1:7: kind is \"Nope\"");
            });
  }

  @Nested
  @DisplayName("within its limits")
  class Limits {

    @Test
    @DisplayName("refuses a billion-laughs alias bomb at once")
    void aliasBomb() {
      StringBuilder bomb =
          new StringBuilder(
              "kind: ResourceList\nfunctionConfig:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
      String previous = "a";
      for (char level = 'b'; level <= 'i'; level++) {
        bomb.append("  ")
            .append(level)
            .append(": &")
            .append(level)
            .append(" [")
            .append(String.join(", ", java.util.Collections.nCopies(9, "*" + previous)))
            .append("]\n");
        previous = String.valueOf(level);
      }

      assertTimeoutPreemptively(
          HANG_GUARD,
          () ->
              assertThatThrownBy(() -> readList(bomb.toString()))
                  .isInstanceOf(YamlInputException.class)
                  .hasMessageContainingAll(
                      "stdin:",
                      "excessive aliasing",
                      "billion laughs",
                      "without anchors and aliases"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"flow sequences", "flow mappings", "block sequences"})
    @DisplayName(
        "refuses a document nested 10,000 levels deep at once, without a StackOverflowError:")
    void deepNesting(String shape) {
      String nested =
          switch (shape) {
            case "flow sequences" ->
                "kind: ResourceList\nitems: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
            case "flow mappings" ->
                "kind: ResourceList\nitems:\n- "
                    + "{a: ".repeat(10_000)
                    + "1"
                    + "}".repeat(10_000)
                    + "\n";
            default -> {
              StringBuilder text = new StringBuilder("kind: ResourceList\nitems:\n");
              for (int level = 0; level < 10_000; level++) {
                text.append(" ".repeat(level)).append("-\n");
              }
              yield text.toString();
            }
          };

      assertTimeoutPreemptively(
          HANG_GUARD,
          () ->
              assertThatThrownBy(() -> readList(nested))
                  .isInstanceOf(YamlInputException.class)
                  .hasMessageContainingAll("stdin:", "nesting deeper than 256 levels", "refused"));
    }

    @Test
    @DisplayName("refuses input above the size limit before reading all of it")
    void tooLarge() {
      YamlLimits small = new YamlLimits(1024, 256, 1000);
      String input = "kind: ResourceList\nitems: []\n# " + "x".repeat(4096) + "\n";

      assertThatThrownBy(() -> YamlReader.readResourceList(stream(input), "stdin", small))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll(
              "stdin: ", "larger than 1024 bytes", "Split it into smaller inputs");
    }

    @Test
    @DisplayName("names its default size limit in MiB")
    void defaultSizeLimit() {
      assertThat(YamlLimits.DEFAULT.maxInputBytes()).isEqualTo(128L << 20);
    }
  }

  @Test
  @DisplayName("reads a ResourceList that is not ASCII")
  void unicode() {
    byte[] input =
        "kind: ResourceList\nitems:\n- kind: A\n  data: {greeting: \"héllo ✓ 日本\"}\n"
            .getBytes(StandardCharsets.UTF_8);

    ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(input));

    assertThat(Nodes.getText(list.items().get(0), "data", "greeting")).isEqualTo("héllo ✓ 日本");
  }
}
