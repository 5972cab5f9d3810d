package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.BYSTANDER;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.cacheOriginEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.existingDataplaneEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.Laughs;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * YAML built to exhaust memory, stack or time: refused early, with a message, within little memory.
 * Memory is judged by what the run allocated on its thread: a bound far above a normal run (a few
 * MB) and far below what the attack would need (gigabytes).
 */
@DisplayName("Hostile YAML is refused early, in bounded memory")
class HostileYamlTest {
  /**
   * About ten times what the worst case here allocates (under 30 MB), far below an expanded bomb.
   */
  private static final long MEMORY_BOUND = 256L << 20;

  private static final int DEPTH = 10_000;

  private static void assertBoundedMemory(KrmRun run) {
    if (run.allocatedBytes() >= 0) {
      assertThat(run.allocatedBytes()).as("bytes allocated by the run").isLessThan(MEMORY_BOUND);
    }
  }

  /**
   * An item of kind Laughs whose {@code spec} holds the anchors {@code l0..l<levels>}: l0 is a list
   * of {@code width} strings, each next level a list of {@code width} aliases of the one before, so
   * the last one stands for width^(levels+1) strings.
   */
  static String laughsItem(int levels, int width) {
    return "- apiVersion: example.com/v1\n  kind: Laughs\n  metadata:\n    name: laughs\n"
        + "    namespace: racer\n  spec:\n"
        + Laughs.ladder(levels, width, "    ", "\"lol\"");
  }

  @Nested
  @DisplayName("aliases")
  class Aliases {
    @Test
    @DisplayName("a billion laughs (9 aliases on each of 9 levels) is refused while reading")
    void billionLaughs() {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), laughsItem(9, 9)), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      String message = (String) Verdict.assertUnreadable(run).get("message");
      assertThat(message)
          .contains(
              "of the object's text",
              "excessive aliasing",
              "billion laughs",
              "Write the objects out without anchors and aliases");
      assertBoundedMemory(run);
    }

    @Test
    @DisplayName("a billion laughs as the whole input is refused the same way")
    void billionLaughsDocument() {
      StringBuilder input =
          new StringBuilder("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
      for (char c = 'b'; c <= 'j'; c++) {
        String previous = "*" + (char) (c - 1);
        input
            .append(c)
            .append(": &")
            .append(c)
            .append(" [")
            .append(String.join(", ", Collections.nCopies(9, previous)))
            .append("]\n");
      }
      KrmRun run = KrmRun.function(input.toString());
      assertThat((String) Verdict.assertUnreadable(run).get("message")).contains("billion laughs");
      assertBoundedMemory(run);
    }

    @Test
    @DisplayName(
        "laughs within the alias count (2 on each of 24 levels) but 2^25 strings once expanded:"
            + " refused while reading, as kubectl refuses them")
    void laughsWithinTheAliasCount() {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), laughsItem(24, 2), BYSTANDER),
              FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      Verdict.assertCleanFailure(run);
      assertThat(run.stderr())
          .contains(
              "of the object's text",
              "excessive aliasing: once expanded, aliases make",
              "more than kubectl accepts",
              "Write the objects out without anchors and aliases");
      assertThat(run.stdout().length()).as("output size").isLessThan(100_000);
      assertBoundedMemory(run);
    }

    @Test
    @DisplayName("the same laughs in a file: render refuses them, naming the file, stdout empty")
    void laughsInRender(@TempDir Path dir) throws IOException {
      String laughs = laughsItem(24, 2).replaceAll("(?m)^  ", "").substring(2);
      Files.writeString(dir.resolve("laughs.yaml"), laughs);
      KrmRun run = KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "render", dir.toString());
      Verdict.assertCleanFailure(run);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .startsWith("error: " + dir.resolve("laughs.yaml") + ":")
          .contains("excessive aliasing");
      assertBoundedMemory(run);
    }

    @Test
    @DisplayName("anchors and aliases of ordinary size still render")
    void ordinaryAliases() {
      String item =
          """
          - apiVersion: example.com/v1
            kind: Shared
            metadata: {name: shared, namespace: racer}
            spec:
              defaults: &defaults {cpu: "1", memory: 1Gi, labels: [a, b, c]}
              first: *defaults
              second: *defaults
          """;
      String input =
          resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), item), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).contains("first: *defaults");
    }

    /**
     * racer-settings whose key {@code BIG} anchors {@code value}, aliased by {@code count} keys.
     */
    private static String settingsAliasing(String value, int count) {
      StringBuilder text =
          new StringBuilder(
                  "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-settings\n"
                      + "    namespace: racer\n  data:\n    BIG: &big ")
              .append(value)
              .append('\n');
      for (int i = 1; i <= count; i++) {
        text.append("    KEY_").append(i).append(": *big\n");
      }
      return text.toString();
    }

    @Test
    @Tag("slow")
    @DisplayName(
        "a value of 1 MiB aliased by 1,000 keys (1,000 MiB once expanded) is refused by the byte"
            + " budget: one short line naming the alias and where, the input given back as it came,"
            + " bounded memory")
    void largeScalarAliasedManyTimes() {
      String input =
          resourceList(List.of(settingsAliasing("a".repeat(1 << 20), 1000)), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      Verdict.assertCleanFailure(run);
      assertThat(run.stderr())
          .contains(
              "of the object's text",
              "the aliases expand past the 128 MiB one run reads",
              "*big (the value of \"KEY_",
              "stands for 1,048,576 characters");
      assertThat(run.stderr().length()).as("stderr size").isLessThan(1_000);
      // YAML kubectl reads: given back as it came, aliases unexpanded, the error in its results
      assertThat(run.stdout()).startsWith(input);
      assertThat(run.stdout().substring(input.length()))
          .startsWith("results:\n")
          .contains("the aliases expand past the 128 MiB");
      assertBoundedMemory(run);
    }

    @Test
    @Tag("slow")
    @DisplayName(
        "a cache origin whose nodeSelector holds 16 aliases of a 1 MiB value (as many as the run's"
            + " text admits): rendered, and the warning about what the dataplane's placement drops"
            + " stays one short line")
    void warningAboutAHugeAliasedValue() {
      StringBuilder selector = new StringBuilder("nodeSelector:\n");
      for (int i = 1; i <= 16; i++) {
        selector.append("  pool-").append(i).append(": *big\n");
      }
      String origin =
          cacheOriginEntry(
                  selector + "containers:\n- name: origin\n  image: registry.example.com/o:1\n")
              .replace(
                  "    namespace: racer\n",
                  "    namespace: racer\n    annotations: {big: &big "
                      + "a".repeat(1 << 20)
                      + "}\n");
      String input =
          resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), origin), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      assertThat(run.exitCode()).as("exit code").isZero();
      String warning =
          run.stderr()
              .lines()
              .filter(line -> line.contains("dropped nodeSelector"))
              .findFirst()
              .orElseThrow();
      assertThat(warning)
          .contains(
              "nodeSelector pool-1=" + "a".repeat(80) + "… (1,048,576 characters)",
              "and 11 more entries")
          .hasSizeLessThan(1_500);
    }

    /**
     * Items the function reads as Kubernetes objects, holding aliases that expand past the
     * plain-tree limit.
     */
    static Stream<Arguments> readItemsWithBombs() {
      String laughs = laughsItem(20, 2); // 40 aliases, 2^21 strings once expanded
      return Stream.of(
          arguments(
              "a cache origin whose container args expand to 2 million strings",
              laughs
                  + cacheOriginEntry(
                      """
              containers:
              - name: origin
                image: registry.example.com/models-origin:1.4.2
                args: *l20
              """),
              "models-origin"),
          arguments(
              "the existing dataplane DaemonSet, whose container args expand to 2 million strings",
              laughs
                  + existingDataplaneEntry(
                      """
              template:
                spec:
                  containers:
                  - name: dataplane
                    args: *l20
              """),
              "racer"),
          arguments(
              "a cache origin whose args contain themselves",
              """
              - apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: models-origin
                  namespace: racer
                  labels:
                    racer.unbounded-cloud.io/cache-origin: models
                spec:
                  template:
                    spec:
                      containers:
                      - name: origin
                        image: registry.example.com/models-origin:1.4.2
                        args: &args [a, *args]
              """,
              "models-origin"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readItemsWithBombs")
    @DisplayName("in an object the function reads: exit 1, no stack trace, bounded memory")
    void bombInReadObjectExitsOne(String name, String items, String objectName) {
      String input =
          resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), items), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stderr()).doesNotContain("\tat ");
      assertBoundedMemory(run);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readItemsWithBombs")
    @DisplayName("in an object the function reads: refused while reading, naming the aliases")
    void bombInReadObjectIsRefused(String name, String items, String objectName) {
      String input =
          resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), items), FUNCTION_CONFIG);
      KrmRun run = KrmRun.function(input);
      Verdict.assertCleanFailure(run);
      assertThat(run.stderr()).contains("of the object's text", "alias");
    }
  }

  @Nested
  @DisplayName("nesting 10,000 levels deep")
  class Nesting {
    static Stream<Arguments> deep() {
      String flowSequences = "[".repeat(DEPTH) + "]".repeat(DEPTH);
      String flowMappings = "{a: ".repeat(DEPTH) + "b" + "}".repeat(DEPTH);
      // one more space of indentation per level: 10,000 levels take 50 MB, of which the reader
      // reads 64 KB
      StringBuilder blockMappings = new StringBuilder("  spec:\n");
      for (int level = 0; level < DEPTH; level++) {
        blockMappings.append(" ".repeat(level + 3)).append("k:\n");
      }
      // compact nested block sequences, all on one line: "- - - ... leaf"
      String blockSequences = "  spec:\n" + "   " + "- ".repeat(DEPTH) + "leaf\n";
      String item = "- apiVersion: example.com/v1\n  kind: Deep\n  metadata:\n    name: deep\n";
      return Stream.of(
          arguments(
              "flow sequences [[[...]]] as the whole input", flowSequences + "\n", "stdin:1:"),
          arguments(
              "flow sequences [[[...]]] in an item",
              resourceList(List.of(item + "  spec: " + flowSequences + "\n"), FUNCTION_CONFIG),
              "line 5, column"),
          arguments(
              "flow mappings {a: {a: ...}} in an item",
              resourceList(List.of(item + "  spec: " + flowMappings + "\n"), FUNCTION_CONFIG),
              "line 5, column"),
          arguments(
              "block mappings in an item",
              resourceList(List.of(item + blockMappings), FUNCTION_CONFIG),
              "of the object's text"),
          arguments(
              "block sequences in an item",
              resourceList(List.of(item + blockSequences), FUNCTION_CONFIG),
              "of the object's text"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deep")
    @DisplayName("is refused before it is built, at its position")
    void refused(String name, String input, String where) {
      KrmRun run = KrmRun.function(input);
      String message = nestingRefusal(input, run);
      assertThat(message).contains(where, "nesting deeper than 256 levels", "refused");
      // giving the items back reads the whole text once more, as events only: what that
      // allocates grows with the text (the 50 MB of block mappings, about 12 bytes a byte), never
      // with its depth
      if (run.allocatedBytes() >= 0) {
        assertThat(run.allocatedBytes())
            .as("bytes allocated by the run")
            .isLessThan(MEMORY_BOUND + 16L * input.length());
      }
    }

    /**
     * The one error of a refused deep input: a ResourceList the reader can take in whole goes back
     * byte for byte, with the error appended; anything else is refused with no items. Compared as
     * text, never as parsed trees, whose representation AssertJ would recurse through.
     */
    private static String nestingRefusal(String input, KrmRun run) {
      if (!input.contains("kind: ResourceList")
          || input.length() > YamlLimits.DEFAULT.maxInputBytes()) {
        return (String) Verdict.assertUnreadable(run).get("message");
      }
      Verdict.assertCleanFailure(run);
      boolean givenBack = run.stdout().startsWith(input);
      assertThat(givenBack).as("the input given back as it came\n%s", run.describe()).isTrue();
      String results = run.stdout().substring(input.length());
      assertThat(results).startsWith("results:\n");
      assertThat(results.split("severity: error", -1)).as(results).hasSize(2);
      // the message as stderr gives it, unquoted
      List<String> errors =
          run.stderr().lines().filter(line -> line.startsWith("error: ")).toList();
      assertThat(errors).as(run.describe()).hasSize(1);
      return errors.get(0);
    }

    /**
     * A ResourceList whose one item nests lists {@code depth} levels in all, counting the envelope.
     */
    private static String nestedTo(int depth) {
      int lists = depth - 3; // envelope mapping, items list, item mapping
      return resourceList(
          List.of(
              settingsEntry(NAMESPACE, Map.of()),
              "- apiVersion: example.com/v1\n  kind: Deep\n  metadata:\n    name: deep\n  spec: "
                  + "[".repeat(lists)
                  + "leaf"
                  + "]".repeat(lists)
                  + "\n"),
          FUNCTION_CONFIG);
    }

    @Test
    @DisplayName(
        "nesting exactly at the limit (256 levels) is processed, the deep item written back unchanged")
    void atTheLimit() {
      String input = nestedTo(YamlLimits.DEFAULT.maxNestingDepth());
      KrmRun run = KrmRun.function(input);
      assertThat(run.exitCode()).as(run.describe()).isZero();
      ResourceListOutput output = Verdict.output(run);
      // equality as a boolean: AssertJ would format 256 levels of lists on a failure
      boolean unchanged = output.items().subList(0, 2).equals(Verdict.items(input));
      assertThat(unchanged).as("the items written back unchanged\n%s", run.describe()).isTrue();
      assertThat(output.items()).hasSize(4);
    }

    @Test
    @DisplayName("one level more is refused, the input given back as it came")
    void overTheLimit() {
      String input = nestedTo(YamlLimits.DEFAULT.maxNestingDepth() + 1);
      KrmRun run = KrmRun.function(input);
      assertThat(nestingRefusal(input, run)).contains("nesting deeper than 256");
    }
  }
}
