package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTrip;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run of comment lines is read as the lines it holds, however long: snakeyaml's parser took the
 * comments after a mapping's {@code :} with one stack frame per line, and about 16,500 of them were
 * refused as nesting too deeply (issue 52, point 4 of its findings). Each text is in kyaml's form,
 * so kpt's identity ({@code kpt fn eval --exec cat}) gives it back unchanged, and so must the
 * function.
 */
@DisplayName("A run of comment lines")
class CommentRunsTest {

  private static final int LINES = 20_000;

  @Test
  @DisplayName("of 20,000 lines after a mapping's key comes back in a ResourceList as kpt sent it")
  void longRunAfterAKey() {
    String list =
        "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
            + "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: comments\n  data:\n"
            + lines("    # line ", LINES)
            + "    a: b\n";

    assertThat(roundTrip(list)).isEqualTo(list);
  }

  static Stream<Arguments> places() {
    return Stream.of(
        Arguments.of("before the first entry of a file", lines("# head ", LINES) + "kind: A\n"),
        Arguments.of(
            "after a mapping's key", "kind: A\ndata:\n" + lines("  # c ", LINES) + "  a: b\n"),
        Arguments.of(
            "between a mapping's entries",
            "kind: A\ndata:\n  a: b\n" + lines("  # c ", LINES) + "  c: d\n"),
        Arguments.of(
            "at the end of a nested mapping",
            "kind: A\ndata:\n  a: b\n" + lines("  # end ", LINES) + "other: x\n"),
        Arguments.of(
            "before a sequence's items", "kind: A\nlist:\n" + lines("# c ", LINES) + "- a\n- b\n"),
        Arguments.of(
            "between a sequence's items", "kind: A\nlist:\n- a\n" + lines("# c ", LINES) + "- b\n"),
        Arguments.of(
            "inside a flow sequence",
            "kind: A\nargs: [a, # first\n" + lines("  # c ", LINES) + "  b]\n"),
        Arguments.of(
            "inside a flow mapping",
            "kind: A\ndata: {a: 1, # one\n" + lines("  # c ", LINES) + "  b: 2}\n"),
        Arguments.of(
            "after a block scalar",
            "kind: A\nscript: |\n  echo hi\n" + lines("# c ", LINES) + "next: x\n"),
        Arguments.of(
            "at the end of the file", "kind: A\ndata:\n  a: b\n" + lines("# tail ", LINES)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("places")
  @DisplayName("of 20,000 lines stays where it was, every line in its order:")
  void keepsItsPlace(String place, String text) {
    assertThat(roundTripManifests(text)).isEqualTo(text);
  }

  private static String lines(String prefix, int count) {
    StringBuilder out = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      out.append(prefix).append(i).append('\n');
    }
    return out.toString();
  }
}
