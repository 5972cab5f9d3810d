package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.REGISTRY;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.AliasedObjects;
import io.unboundedcloud.racer.krm.harness.ExpandedText;
import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bound on what a run's aliases stand for (1 MiB and 16 times what its documents hold as
 * written), through the modes a user runs: generated objects anchoring values of many sizes,
 * aliased many times, spread over the items of one ResourceList, the files of a folder, and the two
 * sides of a diff, each checked against the oracle that counts the text naively ({@link
 * ExpandedText}).
 */
@Tag("slow")
@DisplayName("Aliases standing for more than the run was sent are refused in every mode")
class AliasBoundModesTest {
  private static final String REFUSED = "the aliases stand for more than the input holds: *";

  static IntStream seeds() {
    return IntStream.range(100, 108);
  }

  @Test
  @DisplayName("the seeds give runs within the bound and runs past it, in every mode")
  void bothWays() {
    long past =
        seeds()
            .filter(
                seed ->
                    ExpandedText.firstPastTheBound(
                            generated(seed).stream()
                                .flatMap(List::stream)
                                .flatMap(file -> ExpandedText.documents(file).stream())
                                .toList())
                        >= 0)
            .count();
    assertThat(past).isBetween(2L, 6L);
  }

  private static List<List<String>> generated(int seed) {
    return AliasedObjects.run(new Random(seed), 3);
  }

  /**
   * The size of the scalar {@code a0}, aliased 20 times, at which the documents {@code read} gives
   * for it stand exactly at the bound (by the oracle): what the aliases stand for and the text
   * written both grow linearly with it.
   */
  private static int atTheBound(IntFunction<List<ExpandedText.Document>> read) {
    return atTheBound(read, Integer.MAX_VALUE);
  }

  /**
   * The same for a diff whose new side starts at document {@code newSideFrom} and holds every
   * alias: the bound then has the two sides' floors.
   */
  private static int atTheBound(IntFunction<List<ExpandedText.Document>> read, int newSideFrom) {
    long floor = newSideFrom == Integer.MAX_VALUE ? ExpandedText.FLOOR : 2 * ExpandedText.FLOOR;
    long[] one = totals(read.apply(1));
    long[] two = totals(read.apply(2));
    long size =
        1
            + (floor + ExpandedText.RATIO * one[0] - one[1])
                / ((two[1] - one[1]) - ExpandedText.RATIO * (two[0] - one[0]));
    assertThat(ExpandedText.firstPastTheBound(read.apply((int) size), newSideFrom)).isNegative();
    assertThat(ExpandedText.firstPastTheBound(read.apply((int) size + 1), newSideFrom))
        .isNotNegative();
    return (int) size;
  }

  /** What documents hold as written, and what their aliases stand for, together. */
  private static long[] totals(List<ExpandedText.Document> documents) {
    return new long[] {
      documents.stream().mapToLong(ExpandedText.Document::written).sum(),
      documents.stream().mapToLong(ExpandedText.Document::expanded).sum()
    };
  }

  /** The object {@code a0}: a scalar of {@code size} characters, aliased 20 times. */
  private static String atSize(int size) {
    return AliasedObjects.object("a0", false, size, 20, 0, 0);
  }

  /** The message names the alias that stands for the most in the document refused. */
  private static void assertRefusedNaming(KrmRun run, String anchor) {
    Verdict.assertCleanFailure(run);
    assertThat(run.stderr())
        .contains(REFUSED + anchor + " (the value of \"copy-1\" here)")
        .doesNotContain("\tat ");
    assertThat(run.stderr().lines()).as("one line").hasSize(1);
  }

  /**
   * A folder as render reads it: the function config and racer-settings first, then the files of
   * {@code files}, in this order; the oracle's documents are added to {@code read} in that order.
   */
  private static Path folder(Path dir, List<String> files, List<ExpandedText.Document> read) {
    InputFolder folder =
        InputFolder.of().functionConfig(Map.of("imageRegistry", REGISTRY)).settings(Map.of());
    for (int i = 0; i < files.size(); i++) {
      folder.file(String.format("f%02d.yaml", i + 2), files.get(i));
    }
    folder.texts().forEach(text -> read.addAll(ExpandedText.documents(text)));
    return folder.writeTo(dir);
  }

  @Nested
  @DisplayName("function mode: the objects as the items of one ResourceList on stdin")
  class Function {
    @ParameterizedTest(name = "run {0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.AliasBoundModesTest#seeds")
    @DisplayName("rendered within the bound; past it, exit 1 with every item given back unchanged")
    void stdin(int seed) {
      List<String> items = new ArrayList<>(List.of(settingsEntry(NAMESPACE, Map.of())));
      generated(seed).stream().flatMap(List::stream).map(AliasedObjects::item).forEach(items::add);
      String input = resourceList(items, FUNCTION_CONFIG);
      ExpandedText.Document document = ExpandedText.documents(input).get(0);

      KrmRun run = KrmRun.function(input);

      if (ExpandedText.firstPastTheBound(List.of(document)) < 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.stderr()).doesNotContain(REFUSED);
      } else {
        assertRefusedNaming(run, document.largest());
        // every item as it came, aliases unexpanded (a test's YAML reader would refuse to read
        // them back: SnakeYAML allows 50 aliases of collections), the error as its results
        assertThat(run.stdout()).as("the input given back as it came").startsWith(input);
        assertThat(run.stdout().substring(input.length()))
            .startsWith("results:\n")
            .contains("severity: error", REFUSED + document.largest());
      }
    }
  }

  @Nested
  @DisplayName("function mode at the bound")
  class FunctionBound {
    private static String input(int size) {
      return resourceList(
          List.of(settingsEntry(NAMESPACE, Map.of()), AliasedObjects.item(atSize(size))),
          FUNCTION_CONFIG);
    }

    @ParameterizedTest(name = "{0} past it")
    @ValueSource(ints = {0, 1})
    @DisplayName("aliases standing exactly for the bound: rendered; one character more: refused")
    void boundary(int past) {
      int size = atTheBound(n -> ExpandedText.documents(input(n)));

      KrmRun run = KrmRun.function(input(size + past));

      if (past == 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
      } else {
        assertRefusedNaming(run, "a0");
        assertThat(run.stdout()).startsWith(input(size + past));
      }
    }
  }

  @Nested
  @DisplayName("render and diff at the bound")
  class FilesBound {
    @ParameterizedTest(name = "{0}, {1} past it")
    @CsvSource({"render, 0", "render, 1", "diff, 0", "diff, 1"})
    @DisplayName(
        "render, and diff of the folder with itself (each side has its own floor): aliases"
            + " standing exactly for the bound: admitted; one character more: refused")
    void oneFolder(String mode, int past, @TempDir Path dir) {
      int size = atTheBound(n -> documentsOf(dir.resolve("probe" + n), List.of(atSize(n))));
      Path app = folder(dir.resolve("app"), List.of(atSize(size + past)), new ArrayList<>());

      KrmRun run =
          mode.equals("render")
              ? KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "render", app.toString())
              : KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "diff", app.toString(), app.toString());

      if (past == 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
      } else {
        assertRefusedNaming(run, "a0");
      }
    }

    @ParameterizedTest(name = "{0} past it")
    @ValueSource(ints = {0, 1})
    @DisplayName("diff: the old side's text counts toward the aliases of the new side")
    void diff(int past, @TempDir Path dir) {
      String text =
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: text, namespace: racer}\n"
              + "data: {text: "
              + "t".repeat(200_000)
              + "}\n";
      List<ExpandedText.Document> oldSide = documentsOf(dir.resolve("probe-old"), List.of(text));
      IntFunction<List<ExpandedText.Document>> read =
          n -> {
            List<ExpandedText.Document> documents = new ArrayList<>(oldSide);
            documents.addAll(documentsOf(dir.resolve("probe-new" + n), List.of(atSize(n))));
            return documents;
          };
      int size = atTheBound(read, oldSide.size());
      Path old = folder(dir.resolve("old"), List.of(text), new ArrayList<>());
      Path now = folder(dir.resolve("new"), List.of(atSize(size + past)), new ArrayList<>());

      KrmRun run =
          KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "diff", old.toString(), now.toString());

      if (past == 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
      } else {
        assertRefusedNaming(run, "a0");
        assertThat(run.stderr()).contains(now.toString());
      }
    }
  }

  /** The documents render reads of a folder of {@code files}, by the oracle. */
  private static List<ExpandedText.Document> documentsOf(Path dir, List<String> files) {
    List<ExpandedText.Document> read = new ArrayList<>();
    folder(dir, files, read);
    return read;
  }

  @Nested
  @DisplayName("render: the objects in the files of a folder")
  class Render {
    @ParameterizedTest(name = "run {0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.AliasBoundModesTest#seeds")
    @DisplayName("rendered within the bound; past it, exit 1 naming the file, stdout empty")
    void files(int seed, @TempDir Path dir) {
      List<String> files = generated(seed).stream().map(AliasedObjects::stream).toList();
      List<ExpandedText.Document> read = new ArrayList<>();
      Path app = folder(dir.resolve("app"), files, read);
      int past = ExpandedText.firstPastTheBound(read);

      KrmRun run = KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "render", app.toString());

      if (past < 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.stderr()).doesNotContain(REFUSED);
      } else {
        assertRefusedNaming(run, read.get(past).largest());
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).startsWith("error: " + app.resolve(fileOf(read, past, files)));
      }
    }
  }

  /** The name of the file that holds the {@code index}th document read. */
  private static String fileOf(List<ExpandedText.Document> read, int index, List<String> files) {
    int seen = 2; // the function config and racer-settings
    for (int i = 0; i < files.size(); i++) {
      seen += ExpandedText.documents(files.get(i)).size();
      if (index < seen) {
        return String.format("f%02d.yaml", i + 2);
      }
    }
    throw new AssertionError("no file holds document " + index);
  }

  @Nested
  @DisplayName("diff: the two sides share one run's bound, each side bringing its own floor")
  class Diff {
    @ParameterizedTest(name = "run {0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.AliasBoundModesTest#seeds")
    @DisplayName("the old side's text and aliases count toward the new side's")
    void sides(int seed, @TempDir Path dir) {
      List<String> files = generated(seed).stream().map(AliasedObjects::stream).toList();
      int half = (files.size() + 1) / 2;
      List<ExpandedText.Document> read = new ArrayList<>();
      Path old = folder(dir.resolve("old"), files.subList(0, half), read);
      int newSideFrom = read.size();
      Path now = folder(dir.resolve("new"), files.subList(half, files.size()), read);
      int past = ExpandedText.firstPastTheBound(read, newSideFrom);

      KrmRun run =
          KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "diff", old.toString(), now.toString());

      if (past < 0) {
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.stderr()).doesNotContain(REFUSED);
      } else {
        assertRefusedNaming(run, read.get(past).largest());
        assertThat(run.stdout()).isEmpty();
      }
    }
  }
}
