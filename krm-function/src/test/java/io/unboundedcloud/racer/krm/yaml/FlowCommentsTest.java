package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTrip;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.realfiles.FlowCommentShapes;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Comments inside flow collections come back as they were read, in function mode too: a flow
 * collection holding comments is written as its text (before, function mode wrote {@code args:
 * ["--a", "--b"]} for {@code args: ["--a", # first}, {@code "--b", # second}, {@code ]}, and kpt
 * put the comments back only in the file).
 */
@DisplayName("A flow collection with comments inside")
class FlowCommentsTest {

  /**
   * Each value is as kpt 1.0.0-beta.56 sent it to a function in an item of its own (taken from the
   * ResourceList kpt wrote for a package of such files, with {@code kpt fn eval --exec} a script
   * that saved its stdin): kyaml writes a flow mapping's closing brace after a comment at column 0,
   * and a flow sequence's at its key's indentation.
   */
  @Test
  @DisplayName("comes back in a ResourceList as kpt sent it")
  void asKptSendsIt() {
    String items =
        """
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: f01
          args: ["--a", # first
            "--b", # second
          ]
          data: {a: 1, # one
            b: 2, # two
        }
          nested: [[a, # in inner
              b], {k: [x, # deep
                y]}]
          list:
          - [a, # after a
            b]
          - {k: v, # after k
            l: w}
        """;
    String list = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n" + items;

    assertThat(roundTrip(list)).isEqualTo(list);
  }

  static Stream<Arguments> shapes() {
    return FlowCommentShapes.files().entrySet().stream()
        .map(file -> Arguments.of(file.getKey(), file.getValue()));
  }

  /**
   * Every shape and place of {@link FlowCommentShapes}; {@code RealFilesIT} runs them through the
   * live kpt against {@code cat}, three times.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shapes")
  @DisplayName("comes back as written, in each generated shape:")
  void generated(String path, String text) {
    assertThat(roundTripManifests(text)).isEqualTo(text);
  }

  @Test
  @DisplayName("moves with its block: its lines keep their place relative to it")
  void movesWithItsBlock() {
    String wide = "kind: A\nspec:\n    args: [a, # first\n      b]\n";

    assertThat(roundTripManifests(wide)).isEqualTo("kind: A\nspec:\n  args: [a, # first\n    b]\n");
  }

  @Test
  @DisplayName("comes back with \\n line ends from a CRLF file")
  void crlf() {
    assertThat(roundTripManifests("kind: A\r\nargs: [a, # first\r\n  b]\r\n"))
        .isEqualTo("kind: A\nargs: [a, # first\n  b]\n");
  }

  @Test
  @DisplayName(
      "changed after it was read is written as any flow collection, its new value and no stale text")
  void changed() {
    List<MappingNode> objects = readManifests("kind: A\nargs: [a, # first\n  b]\n");
    SequenceNode args = (SequenceNode) Nodes.get(objects.get(0), "args");
    args.getValue().set(1, Nodes.string("c"));

    assertThat(YamlWriter.manifests(objects)).isEqualTo("kind: A\nargs: [a, c]\n");
  }
}
