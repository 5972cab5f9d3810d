package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readList;
import static io.unboundedcloud.racer.krm.yaml.YamlText.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("The outline of a ResourceList's text, read without a tree")
class ResourceListOutlineTest {

  private static final String LIST =
      "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
          + "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n"
          + "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: b\n";
  private static final Map<String, Object> RESULT =
      Map.of("message", "out of memory: \"quoted\" and: colon", "severity", "error");

  private static ResourceListOutline outline(String text) {
    return ResourceListOutline.read(stream(text), "stdin");
  }

  private static ResourceListOutline outline(byte[] bytes) {
    return ResourceListOutline.read(new ByteArrayInputStream(bytes), "stdin");
  }

  /**
   * Every golden case's input: ResourceLists as kpt and kustomize send them, with comments and odd
   * styles.
   */
  static Stream<Arguments> goldenInputs() throws IOException {
    Path golden = Path.of("src/test/resources/golden");
    try (Stream<Path> cases = Files.list(golden)) {
      return cases
          .map(c -> c.resolve("input.yaml"))
          .filter(Files::isRegularFile)
          .sorted()
          .map(file -> Arguments.of(file.getParent().getFileName().toString(), read(file)))
          .toList()
          .stream();
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Nested
  @DisplayName("counts")
  class Counts {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.ResourceListOutlineTest#goldenInputs")
    @DisplayName("the items of every golden input, as the reader finds them")
    void goldenItems(String name, String text) {
      assertThat(outline(text).items()).isEqualTo(readList(text).items().size());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "kind: ResourceList\n",
          "kind: ResourceList\nitems:\n",
          "kind: ResourceList\nitems: []\n",
          "kind: ResourceList\nitems: {}\n"
        })
    @DisplayName("no items where there is no list of them")
    void noItems(String text) {
      assertThat(outline(text).items()).isZero();
    }

    @Test
    @DisplayName(
        "items in flow style, and items that are lists or scalars, at the items' level only")
    void flowAndOddItems() {
      assertThat(
              outline("kind: ResourceList\nitems: [{kind: A, spec: {a: [1, 2]}}, [x], y]\n")
                  .items())
          .isEqualTo(3);
    }

    @Test
    @DisplayName("only the envelope's items, not a nested key named items")
    void nestedItemsKey() {
      assertThat(outline(LIST + "functionConfig:\n  items:\n  - a\n  - b\n  - c\n").items())
          .isEqualTo(2);
    }
  }

  @Nested
  @DisplayName("can write back")
  class Writable {

    @Test
    @DisplayName("one document holding a mapping")
    void oneMapping() {
      assertThat(outline(LIST).writable()).isTrue();
      assertThat(outline("# a comment\n---\n" + LIST + "---\n# nothing after it\n").writable())
          .isTrue();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(
        strings = {
          "- kind: A\n",
          "just text\n",
          "",
          "# only a comment\n",
          LIST + "---\nkind: ResourceList\n"
        })
    @DisplayName("nothing else")
    void notOneMapping(String text) {
      assertThat(outline(text).writable()).isFalse();
    }

    @Test
    @DisplayName("YAML that does not parse is the reader's error, with its position")
    void broken() {
      assertThatThrownBy(() -> outline(LIST + "functionConfig: [\n"))
          .isInstanceOf(YamlInputException.class)
          .hasMessageStartingWith("stdin:");
    }
  }

  @Nested
  @DisplayName("can append results")
  class Appendable {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          LIST,
          "---\n" + LIST,
          LIST + "# a comment at the end\n\n",
          "\ufeff" + LIST,
          "kind: List\nitems:\n- kind: A\n",
          "kind: ResourceList\nitems: [{kind: A}]\n",
          "kind: ResourceList\nitems:\n- kind: A\n  data:\n    text: |\n      two\n      lines\n",
          "kind: ResourceList\r\nitems:\r\n- kind: A\r\n"
        })
    @DisplayName("to a block mapping at column 0 that ends with a line break")
    void appendable(String text) {
      assertThat(outline(text).appendable()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "kind: ResourceList\nitems:\n- kind: A", // no line break at the end: a |+ scalar there
          // would change
          LIST + "...\n",
          LIST + "results:\n- message: earlier\n",
          "{kind: ResourceList, items: [{kind: A}]}\n",
          "  kind: ResourceList\n  items:\n  - kind: A\n",
          LIST + "---\n",
          LIST + "---\nkind: ResourceList\n",
          "- kind: A\n"
        })
    @DisplayName("to nothing else")
    void notAppendable(String text) {
      assertThat(outline(text).appendable()).isFalse();
    }

    @Test
    @DisplayName("to no text in UTF-16 or UTF-32")
    void notUtf8() {
      assertThat(outline(("\ufeff" + LIST).getBytes(StandardCharsets.UTF_16BE)).appendable())
          .isFalse();
      assertThat(outline(("\ufeff" + LIST).getBytes(StandardCharsets.UTF_16LE)).appendable())
          .isFalse();
      assertThat(outline(("\ufeff" + LIST).getBytes(StandardCharsets.UTF_16BE)).items())
          .isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.ResourceListOutlineTest#goldenInputs")
    @DisplayName(
        "so that every golden input, results appended, reads back with the same items and the results")
    void appendedReadsBack(String name, String text) {
      ResourceListOutline outline = outline(text);
      assertThat(outline.appendable()).as("appendable").isTrue();

      String appended = text + ResourceListOutline.resultsText(List.of(RESULT));

      ResourceList original = readList(text);
      ResourceList back = readList(appended);
      assertThat(
              WrittenResourceList.of(
                  new ResourceList(back.items(), back.functionConfig().orElse(null))))
          .isEqualTo(
              WrittenResourceList.of(
                  new ResourceList(original.items(), original.functionConfig().orElse(null))));
      assertThat(back.results()).hasSize(1);
      assertThat(Nodes.toPlainMap(back.results().get(0))).isEqualTo(RESULT);
    }
  }
}
