package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.yaml.ResourceListOutline;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nesting deeper than the function's 256 levels is YAML kpt reads (its reader takes 10,000 levels)
 * and sends: function mode refuses it but gives every item back as it came, at any depth kpt can
 * send and wherever the nesting is; past that ({@link ResourceListOutline#MAX_DEPTH}) it answers
 * with the error and no items, as for text that is no ResourceList. Generated over depths around
 * both limits and positions in the list. No assertion here formats a nested structure: the output
 * is compared as text, so a failure prints in linear time.
 */
@Tag("slow")
@DisplayName("A ResourceList nesting deeper than the function reads gives every item back")
class DeepNestingGivenBackTest {
  private static final int LIMIT = YamlLimits.DEFAULT.maxNestingDepth();
  private static final int COUNT = 3;

  /** Where the deep value is. */
  enum Position {
    FIRST_ITEM,
    LATER_ITEM,
    FUNCTION_CONFIG
  }

  static Stream<Arguments> runs() {
    List<Arguments> runs = new ArrayList<>();
    int[] depths = {LIMIT - 1, LIMIT, LIMIT + 1, 1_000, 10_000, 10_001};
    for (int d = 0; d < depths.length; d++) {
      for (Position position : Position.values()) {
        runs.add(Arguments.of(depths[d], position, (d + position.ordinal()) % 2 == 0));
      }
    }
    return runs.stream();
  }

  /** A value of nested sequences, {@code levels} deep, in flow or block style, with its newline. */
  private static String nested(int levels, String indent, boolean flow) {
    return flow
        ? " " + "[".repeat(levels) + "leaf" + "]".repeat(levels) + "\n"
        : "\n" + indent + "- ".repeat(levels) + "leaf\n";
  }

  private static String item(int index, String deep) {
    return "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: item-"
        + index
        + "\n    namespace: racer\n  data:\n    k: v\n"
        + (deep == null ? "" : "  nested:" + deep);
  }

  /**
   * The whole list nests {@code depth} levels at its deepest, counting the envelope mapping: an
   * item's value sits under the envelope, the items list and the item (3 levels); the function
   * config's under the envelope and the config (2 levels).
   */
  private static String input(int depth, Position position, boolean flow) {
    StringBuilder text =
        new StringBuilder("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for (int i = 0; i < COUNT; i++) {
      boolean here =
          position == Position.FIRST_ITEM && i == 0
              || position == Position.LATER_ITEM && i == COUNT - 1;
      text.append(item(i, here ? nested(depth - 3, "    ", flow) : null));
    }
    text.append(
        "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: config\n");
    if (position == Position.FUNCTION_CONFIG) {
      text.append("  nested:").append(nested(depth - 2, "    ", flow));
    }
    return text.toString();
  }

  @ParameterizedTest(name = "[{index}] {0} levels in the {1}, flow: {2}")
  @MethodSource("runs")
  @DisplayName("past 256 levels: exit 1, the input back byte for byte, one error naming the limit")
  void givenBack(int depth, Position position, boolean flow) {
    String input = input(depth, position, flow);
    KrmRun run = KrmRun.function(input);
    if (depth <= LIMIT) {
      // within the limit the list is read (and refused for its missing racer-settings, which
      // HostileYamlTest's Nesting holds rendered at the limit): nothing about nesting is said
      assertThat(run.stderr()).as(run.describe()).contains("racer-settings");
      assertThat(run.stderr()).as(run.describe()).doesNotContain("nesting deeper");
      return;
    }
    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    assertThat(run.stderr()).as(run.describe()).doesNotContain("StackOverflow");
    String out = run.stdout();
    boolean inputFirst = out.startsWith(input);
    assertThat(inputFirst).as("stdout starts with the input as it came:%n%s", cut(out)).isTrue();
    String results = out.substring(input.length());
    assertThat(results).as("what follows the input").startsWith("results:\n");
    assertThat(results.split("severity: error", -1)).as(results).hasSize(2);
    assertThat(results).contains("nesting deeper than " + LIMIT + " levels", "refused");
    assertThat(run.stderr().lines().filter(line -> line.startsWith("error: ")))
        .as(run.describe())
        .hasSize(1);
  }

  @ParameterizedTest(name = "[{index}] flow: {0}")
  @ValueSource(booleans = {true, false})
  @DisplayName(
      "past the depth kpt can send: exit 1, a ResourceList of no items and the one error, at once")
  void pastWhatKptSends(boolean flow) {
    String input = input(ResourceListOutline.MAX_DEPTH + 1, Position.LATER_ITEM, flow);
    KrmRun run = KrmRun.function(input);
    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    assertThat(run.stdout())
        .as(run.describe())
        .startsWith("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n")
        .contains("nesting deeper than " + LIMIT + " levels", "refused");
    assertThat(run.stdout().split("severity: error", -1)).as(run.describe()).hasSize(2);
    assertThat(run.stderr().lines().filter(line -> line.startsWith("error: ")))
        .as(run.describe())
        .hasSize(1);
  }

  private static String cut(String text) {
    return text.length() <= 2_000 ? text : text.substring(0, 2_000) + "...";
  }
}
