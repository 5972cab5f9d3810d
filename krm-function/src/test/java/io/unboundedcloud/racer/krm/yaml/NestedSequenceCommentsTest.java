package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.realfiles.NestedSequenceShapes;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Comments around sequences of sequences ({@code - - x}) come back where they were read. Each text
 * below, as a file of a kpt package, is written back unchanged by {@code kpt fn eval --exec cat}
 * (checked with kpt 1.0.0-beta.56): it is kyaml's own form, so kpt sends it to a function as it is
 * (indented under the item's dash) and the function must give it back unchanged. Before, a comment
 * above an outer dash came back after it, and kpt, copying the input's comments onto the output,
 * wrote it once more on every run. {@code RealFilesIT} runs the generated shapes through the live
 * kpt, three times, against {@code cat}.
 */
@DisplayName("A comment around a sequence of sequences stays where it was")
class NestedSequenceCommentsTest {

  static Stream<Arguments> asKptSendsThem() {
    return Stream.of(
        Arguments.of(
            "above each outer dash, and between the inner items (Argo Workflows' steps)",
            """
            kind: Workflow
            spec:
              steps:
              # first group
              - - name: hello1
                  template: say
              # second group
              - # on the dash
                - name: hello2a
                  template: say
                # parallel
                - name: hello2b
                  template: say
            """),
        Arguments.of(
            "at every depth of - - - x",
            """
            kind: A
            spec:
              steps:
              # top
              - - - x
                  # between innermost
                  - y
                # between middle
                - - z
              # between outer
              - - - w
            """),
        Arguments.of(
            "at the end of an inner mapping and of an outer item",
            """
            kind: A
            spec:
              steps:
              - - name: a
                  v: 1
                # above b
                - name: b
                  # end of mapping b
              # end of the first outer item
              - - name: c
            """),
        Arguments.of(
            "above empty and flow sequences nested in a sequence",
            """
            kind: A
            spec:
              steps:
              # above empty
              - []
              # above nested empty
              - - []
                # inner comment
                - []
              # above flow in nested
              - - [a, b]
                # above flow map
                - {k: v}
            """),
        Arguments.of(
            "in a sequence nested in a mapping in a sequence",
            """
            kind: A
            spec:
              steps:
              - name: m
                list:
                # above nested in mapping in seq
                - - k: v
                - - - deep
              # after
              - x
            """),
        Arguments.of(
            "two comments above a later outer item (kyaml's form of one after its dash)",
            """
            kind: A
            spec:
              steps:
              - a
              # before the second outer item
              # on its dash once
              - - c
            """),
        Arguments.of(
            "on the outer dash's line, the inner items' mappings below it",
            """
            kind: A
            spec:
              steps:
              - # on the outer dash
                - name: x
                  v: 1
                - name: y
            """),
        Arguments.of(
            "at the end of each level, the next key shallower",
            """
            kind: A
            spec:
              steps:
              - - a
                # inner end
              - - - b
                  # innermost end
              # outer end
              other: 1
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("asKptSendsThem")
  @DisplayName("comes back as kpt sent it:")
  void asKptSendsThem(String shape, String item) {
    assertThat(roundTripManifests(item)).isEqualTo(item);
  }

  static Stream<Arguments> generated() {
    return NestedSequenceShapes.files().entrySet().stream()
        .map(file -> Arguments.of(file.getKey(), file.getValue()));
  }

  /**
   * Every depth, innermost item and comment place of {@link NestedSequenceShapes}; kpt's
   * ResourceList for the package of these files (kyaml moves a few comments when it reads the
   * files) comes back unchanged from the function as well, which {@code RealFilesIT} holds through
   * the live kpt.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("generated")
  @DisplayName("in every generated shape, comes back as written:")
  void generated(String path, String text) {
    assertThat(roundTripManifests(text)).isEqualTo(text);
  }
}
