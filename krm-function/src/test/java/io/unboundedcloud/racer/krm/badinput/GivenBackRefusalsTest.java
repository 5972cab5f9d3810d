package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.AliasedObjects;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Function mode refuses some ResourceLists that kpt and kustomize read and send (a key written
 * twice, aliases that stand for more than the run may read, nesting deeper than the function's 256
 * levels but within the 10,000 kpt's YAML reader takes): each such refusal gives every item back,
 * whatever else the text holds, so that the package loses nothing. Generated over the class: which
 * problems the text has, in which items, among how many, how deep.
 */
@DisplayName("A ResourceList refused for YAML that kpt reads gives every item back")
class GivenBackRefusalsTest {
  private static final String HEADER = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n";

  /** A plain object of a kind the function passes through; {@code twice} writes a key twice. */
  private static String plain(int index, boolean twice) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: item-"
        + index
        + "\n  namespace: racer\ndata:\n  k: v\n"
        + (twice ? "  k: w\n" : "");
  }

  /**
   * An object whose aliases stand for 3 MiB, past what its 64 KiB of text admit (1 MiB and 16 times
   * the text: about 2 MiB).
   */
  private static String aliased(int index) {
    return AliasedObjects.object("item-" + index, false, 64 << 10, 48, 0, 0);
  }

  static Stream<Arguments> runs() {
    List<Arguments> runs = new ArrayList<>();
    for (int count = 1; count <= 3; count++) {
      for (int duplicate = -1; duplicate < count; duplicate++) {
        for (int aliasing = -1; aliasing < count; aliasing++) {
          if ((duplicate >= 0 || aliasing >= 0) && duplicate != aliasing) {
            runs.add(Arguments.of(count, duplicate, aliasing));
          }
        }
      }
      // both problems in one item
      for (int both = 0; both < count; both++) {
        runs.add(Arguments.of(count, both, both));
      }
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "[{index}] {0} items, key twice in item {1}, aliases in item {2}")
  @MethodSource("runs")
  @DisplayName("a key twice, aliases past the bound: exit 1, one error, every item back in order")
  void everyItemBack(int count, int duplicate, int aliasing) {
    StringBuilder input = new StringBuilder(HEADER).append("items:\n");
    for (int i = 0; i < count; i++) {
      String object = i == aliasing ? aliased(i) : plain(i, i == duplicate);
      if (i == aliasing && i == duplicate) {
        object = object.replace("  namespace: racer\n", "  namespace: racer\n  namespace: racer\n");
      }
      input.append(AliasedObjects.item(object));
    }
    assertEveryItemBack(KrmRun.function(input.toString()), count);
  }

  static Stream<Arguments> deepRuns() {
    List<Arguments> runs = new ArrayList<>();
    for (int depth : new int[] {257, 300, 1_000, 9_990}) {
      for (int count = 1; count <= 3; count++) {
        for (int deep = 0; deep < count; deep++) {
          runs.add(Arguments.of(depth, count, deep, deep % 2 == 0));
        }
      }
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "[{index}] nesting {0} levels in item {2} of {1}, flow: {3}")
  @MethodSource("deepRuns")
  @DisplayName("nesting past 256 levels, within kpt's 10,000: exit 1, one error, every item back")
  void deepItemBack(int depth, int count, int deep, boolean flow) {
    StringBuilder input = new StringBuilder(HEADER).append("items:\n");
    for (int i = 0; i < count; i++) {
      input.append(AliasedObjects.item(plain(i, false)));
      if (i == deep) {
        // the envelope, items and the item are 3 levels; data and its value 2 more
        int lists = depth - 4;
        input.append(
            flow
                ? "  nested: " + "[".repeat(lists) + "]".repeat(lists) + "\n"
                : "  nested:\n" + "  " + "- ".repeat(lists) + "leaf\n");
      }
    }
    assertEveryItemBack(KrmRun.function(input.toString()), count);
  }

  private static void assertEveryItemBack(KrmRun run, int count) {
    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    assertThat(run.stderr()).as(run.describe()).startsWith("error: ");
    int results = run.stdout().indexOf("\nresults:\n");
    assertThat(results).as("the error in the results").isPositive();
    String output = run.stdout().substring(0, results);
    int from = 0;
    for (int i = 0; i < count; i++) {
      int at = output.indexOf("name: item-" + i + "\n", from);
      assertThat(at).as("item-%d in order, in:%n%s", i, cut(output)).isGreaterThanOrEqualTo(from);
      from = at;
    }
  }

  private static String cut(String text) {
    return text.length() <= 2_000 ? text : text.substring(0, 2_000) + "...";
  }
}
