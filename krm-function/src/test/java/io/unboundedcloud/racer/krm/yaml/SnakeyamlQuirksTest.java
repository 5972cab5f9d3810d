package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Inputs on which snakeyaml itself throws something other than its YAML errors, found by the fuzz
 * tests (their inputs are kept as regression seeds of KrmInputFuzzTest): each is read, or refused
 * with a message and a position, never an internal error.
 */
@DisplayName("Inputs snakeyaml trips on are read, or refused with a position")
class SnakeyamlQuirksTest {

  private static String roundTrip(String text) {
    List<MappingNode> objects = YamlText.readManifests(text);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    YamlWriter.writeManifests(objects, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "labels: [ # every node\n  a, b]\n",
        "labels: { # every node\n  a: b}\n",
        "labels: [ # nothing yet\n]\n",
        "labels:\n- [[ # nested\n    x]]\n"
      })
  @DisplayName(
      "a comment right after '[' or '{': read, the comment kept before the first entry, stable when written again")
  void commentAfterFlowStart(String value) {
    String written = roundTrip("kind: X\n" + value);

    assertThat(written).contains("# ");
    assertThat(roundTrip(written)).as("written again").isEqualTo(written);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "args:\n- | # the start script\n  echo start\n",
        "args:\n- > # folded\n  a\n  b\n- plain\n",
        "script: |- # in a mapping, which snakeyaml always read\n  echo\n",
        "script:\n\n  |- # after a blank line\n  echo\nnext: x\n",
        "script:\n  # a note first\n  > # then the header's\n  a\n  b\n"
      })
  @DisplayName(
      "a comment on a block scalar's header line: read, the comment kept on that line, stable when written again")
  void commentOnBlockScalarHeader(String value) {
    String written = roundTrip("kind: X\n" + value);

    assertThat(written).contains("# ");
    assertThat(YamlText.readManifests(written)).hasSize(1);
    assertThat(roundTrip(written)).as("written again").isEqualTo(written);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "id: |\n    kind: ConfigMap\n   # version: v1\nindex: '1'\n",
        "id: |\n    kind: ConfigMap\n  # at the key's indentation\nindex: '1'\n",
        "id: >-\n    folded\n   # after a folded scalar\nindex: '1'\n",
        "args:\n- |\n    echo\n   # after an entry\n- next\n",
        "id: |\n    last\n   # nothing follows\n",
        "metadata:\n  annotations:\n    id: |\n      kind: ConfigMap\n     # version: v1\n    index: '1'\n  name: x\n"
      })
  @DisplayName(
      "a comment on its own line after a block scalar: kept on its own line before what follows, stable when"
          + " written again (snakeyaml reads it as an in-line comment of the scalar when it is indented)")
  void commentAfterBlockScalar(String value) {
    String written = roundTrip("kind: X\n" + value);

    assertThat(written).contains("# ");
    assertThat(written.lines().filter(line -> line.contains("# ")))
        .as(
            "the comment is not in the scalar's text: on a line of its own, or after the next entry's"
                + " dash, where the writer puts every comment before a sequence entry")
        .allMatch(line -> line.strip().startsWith("#") || line.strip().startsWith("- #"));
    assertThat(YamlText.readManifests(written).get(0).getValue())
        .as("the comment is not part of the scalar")
        .hasSize(YamlText.readManifests("kind: X\n" + value).get(0).getValue().size());
    assertThat(roundTrip(written)).as("written again").isEqualTo(written);
  }

  @Test
  @DisplayName("a tag with a broken %-escape: refused with the position")
  void tagWithBadEscape() {
    assertThatThrownBy(() -> YamlText.readManifests("kind: X\nv: !%D\n"))
        .isInstanceOf(YamlInputException.class)
        .hasMessageStartingWith("test.yaml:2:")
        .hasMessageContaining("not valid YAML");
  }
}
