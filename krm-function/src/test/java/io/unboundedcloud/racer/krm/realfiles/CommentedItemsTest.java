package io.unboundedcloud.racer.krm.realfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 31's forms in function mode: an item the function does not own, written as kpt sends it,
 * comes back byte for byte, the output parses, and the output run again gives the same output.
 */
@DisplayName("In function mode, an item with comments where real manifests put them")
class CommentedItemsTest {

  /** The items as they came, then racer-settings: the start of the input and of the output. */
  private static ResourceLists itemsThenSettings(String items) {
    return ResourceLists.of().rawEntries(items).settings(Map.of("RACER_NVIDIA", "off"));
  }

  private static String input(String items) {
    return itemsThenSettings(items)
        .functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY))
        .text();
  }

  private static final String FLOW_ITEM_WITH_COMMENT =
      """
      - apiVersion: v1
        kind: Service
        metadata:
          name: web
        spec:
          ports:
          # the web port
          - {port: 80, name: http}
      """;

  static Stream<Arguments> forms() {
    return Stream.of(
        Arguments.of(
            "a comment above a flow-mapping list item (the output was invalid YAML)",
            FLOW_ITEM_WITH_COMMENT),
        Arguments.of(
            "a comment above a nested sequence item",
            """
            - apiVersion: v1
              kind: Service
              metadata:
                name: web
              spec:
                ports:
                # the port
                - port: 80
                # the other port
                - port: 81
            """),
        Arguments.of(
            "a comment at the end of an item, before the next item",
            """
            - apiVersion: v1
              kind: ConfigMap
              metadata:
                name: notes
              data:
                k: v
                # trailing note
            """),
        Arguments.of(
            "a comment at the end of a nested mapping",
            """
            - apiVersion: v1
              kind: ConfigMap
              metadata:
                name: labelled
                labels:
                  app: x
                  # more labels
                namespace: apps
            """),
        Arguments.of(
            "a sequence under a key with an in-line comment",
            """
            - apiVersion: v1
              kind: Service
              metadata:
                name: noted
              spec:
                ports: # note
                - port: 80
            """),
        Arguments.of(
            "a document's leading comment after the item's dash, as kpt sends it",
            """
            - # the web service
              # second line
              apiVersion: v1
              kind: Service
              metadata:
                name: headed
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  @DisplayName("comes back byte for byte, the output parses, and a second run changes nothing:")
  void keptAndStable(String name, String item) {
    String input = input(item);

    KrmRun first = KrmRun.function(input);

    assertThat(first.exitCode()).as(first.describe()).isZero();
    PlainYamlParser.assertComposes(first.stdout(), "the output");
    assertThat(first.stdout())
        .as("the item, byte for byte")
        .startsWith(ResourceLists.of().rawEntries(item).text());
    KrmRun second = KrmRun.function(first.stdoutWithoutResults());
    assertThat(second.stdout()).as("the second run").isEqualTo(first.stdout());
  }

  @Nested
  @DisplayName("with a key repeated in one mapping")
  class DuplicateKey {

    private final String items =
        """
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: twice
          data:
            x: "1"
            # a comment
            x: "2"
        """
            + FLOW_ITEM_WITH_COMMENT;

    private final KrmRun run = KrmRun.function(input(items));

    @Test
    @DisplayName("exits 1, naming the key, the object and both of the key's lines in its text")
    void refused() {
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stderr())
          .contains(
              "duplicate key 'x'",
              "first at line 6, again at line 8",
              "line 8, column 3 of the object's text",
              "[ConfigMap twice]");
    }

    @Test
    @DisplayName("gives every item back as it came, in output that parses")
    void itemsKept() {
      PlainYamlParser.assertComposes(run.stdout(), "the output");
      assertThat(run.stdout()).startsWith(itemsThenSettings(items).text() + "results:\n");
    }
  }
}
