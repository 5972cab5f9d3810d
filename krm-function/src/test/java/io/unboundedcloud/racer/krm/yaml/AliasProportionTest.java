package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.AliasedObjects;
import io.unboundedcloud.racer.krm.harness.ExpandedText;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName(
    "What a run's aliases stand for is bounded by what it was sent: 1 MiB and 16 times its"
        + " documents' text as written")
class AliasProportionTest {

  private static InputStream utf8(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Reads the files of a run in order, one budget for all; the refusal, or null. */
  private static YamlInputException readRun(List<String> files, ByteBudget budget) {
    try {
      for (int i = 0; i < files.size(); i++) {
        YamlReader.readManifests(utf8(files.get(i)), "f" + i + ".yaml", YamlLimits.DEFAULT, budget);
      }
      return null;
    } catch (YamlInputException refused) {
      return refused;
    }
  }

  private static YamlInputException readOne(String text) {
    return readRun(List.of(text), ByteBudget.of(YamlLimits.DEFAULT));
  }

  /** The object {@code a0}: a scalar of {@code size} characters aliased {@code aliases} times. */
  private static String scalarObject(int size, int aliases, int after) {
    return AliasedObjects.object("a0", false, size, aliases, 0, after);
  }

  @Test
  @DisplayName("the oracle counts the text as written and what each alias stands for")
  void oracle() {
    // a mapping (1), keys k, a, b, c (1 each), 3 scalars of 3, 1 (empty) and a list (1) of two
    String text = "k: &x abc\na: *x\nb: ''\nc: &y [*x, d]\n---\nz: *y\n";
    List<ExpandedText.Document> documents = ExpandedText.documents(text);
    assertThat(documents)
        .containsExactly(
            new ExpandedText.Document(1 + 4 + 3 + 1 + 1 + 1, 3 + 3, "x"),
            new ExpandedText.Document(2, 1 + 3 + 1, "y"));
  }

  @Nested
  @DisplayName("the bound")
  class Bound {
    /**
     * The size of the scalar {@code a0} whose {@code aliases} aliases stand exactly for the bound.
     */
    private static int atTheBound(int aliases) {
      long writtenBesides =
          ExpandedText.documents(scalarObject(1, aliases, 0)).get(0).written() - 1;
      return (int) ((ExpandedText.FLOOR + ExpandedText.RATIO * writtenBesides) / (aliases - 16));
    }

    @Test
    @DisplayName(
        "a value whose 20 aliases stand exactly for the bound is read; one character more,"
            + " refused")
    void boundary() {
      int size = atTheBound(20);
      String exactly = scalarObject(size, 20, 0);
      ExpandedText.Document document = ExpandedText.documents(exactly).get(0);
      assertThat(document.expanded())
          .isLessThanOrEqualTo(ExpandedText.FLOOR + ExpandedText.RATIO * document.written())
          .isGreaterThan(ExpandedText.FLOOR + ExpandedText.RATIO * document.written() - 20);

      assertThat(readOne(exactly)).isNull();
      assertThat(readOne(scalarObject(size + 1, 20, 0)))
          .isNotNull()
          .hasMessageContaining("the aliases stand for more than the input holds");
    }

    @Test
    @DisplayName("a document is judged whole: its text after the last alias counts too")
    void wholeDocument() {
      int size = atTheBound(20) + 1000;
      assertThat(readOne(scalarObject(size, 20, 0))).isNotNull();
      // 20 x 1,000 more characters expanded need 1,250 more as written: 2,000 after the aliases
      assertThat(readOne(scalarObject(size, 20, 2000))).isNull();
    }

    @Test
    @DisplayName(
        "a second set of inputs (diff's new side) brings its own floor: the same file past one"
            + " floor is read after it, refused without it")
    void secondInputSet() {
      // 2,000 aliases of 1,000 characters: 2 MB expanded, past one floor, within two
      String file = scalarObject(1000, 2000, 0);
      ByteBudget twoSets = ByteBudget.of(YamlLimits.DEFAULT);
      twoSets.startInputSet();

      assertThat(readRun(List.of(file), twoSets)).isNull();
      assertThat(readOne(file))
          .isNotNull()
          .hasMessageContaining("more than the input holds")
          .hasMessageContaining(String.format("(%,d, and 16 for each", ExpandedText.FLOOR));
      assertThat(twoSets.expansionFloor()).isEqualTo(2 * ExpandedText.FLOOR);
    }

    @Test
    @DisplayName("under 1 MiB expanded, any input passes: a small file with many aliases")
    void floor() {
      // 1,000 aliases of 1,000 characters: about 1,000 times the text, under the floor
      assertThat(readOne(scalarObject(1000, 1000, 0))).isNull();
    }

    @Test
    @DisplayName(
        "the refusal is one short line naming the alias, its key, its anchor and the figures")
    void message() {
      String anchor = "n".repeat(10_000);
      String text = AliasedObjects.object(anchor, false, 500_000, 40, 0, 0);
      YamlInputException refused = readOne(text);
      ExpandedText.Document document = ExpandedText.documents(text).get(0);
      long allowed = ExpandedText.FLOOR + ExpandedText.RATIO * document.written();

      assertThat(refused.getMessage())
          .startsWith("f0.yaml:")
          .contains(
              "the aliases stand for more than the input holds: *" + "n".repeat(80) + "…",
              "(the value of \"copy-1\" here) stands for 500,000 characters",
              "(its anchor at line 7, column 3)",
              String.format("the run's aliases for %,d together", document.expanded()),
              String.format("more than the %,d allowed", allowed),
              String.format("16 for each of the %,d characters", document.written()),
              "Write the copies out instead of aliasing them")
          .doesNotContain("\n")
          .hasSizeLessThan(600);
      assertThat(refused.isExpansion()).isTrue();
    }
  }

  @Test
  @DisplayName(
      "the generated runs include runs within the bound and runs past it, in about equal"
          + " numbers")
  void generatedBothWays() {
    long past =
        seeds()
            .filter(
                seed ->
                    ExpandedText.firstPastTheBound(
                            documents(
                                AliasedObjects.run(new Random(seed), 3).stream()
                                    .map(AliasedObjects::stream)
                                    .toList()))
                        >= 0)
            .count();
    assertThat(past).isBetween(15L, 45L);
  }

  /** Seeds of generated runs. */
  static IntStream seeds() {
    return IntStream.range(0, 60);
  }

  /** The documents of a run in the order it reads them, by the oracle. */
  private static List<ExpandedText.Document> documents(List<String> files) {
    List<ExpandedText.Document> documents = new ArrayList<>();
    files.forEach(file -> documents.addAll(ExpandedText.documents(file)));
    return documents;
  }

  /** What a refusal by the bound says of the document the oracle expects it for. */
  private static void assertRefusedAt(YamlInputException refused, ExpandedText.Document document) {
    assertThat(refused)
        .as("refused by the bound")
        .isNotNull()
        .hasMessageContaining(
            "the aliases stand for more than the input holds: *"
                + document.largest()
                + " (the value of \"copy-1\" here)");
    assertThat(refused.isExpansion()).isTrue();
  }

  @Nested
  @DisplayName("generated runs: refused exactly where the oracle's bound is passed")
  class Generated {
    @ParameterizedTest(name = "run {0}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.AliasProportionTest#seeds")
    @DisplayName("files read one after another with one budget (as render reads a folder)")
    void files(int seed) {
      List<String> files =
          AliasedObjects.run(new Random(seed), 3).stream().map(AliasedObjects::stream).toList();
      List<ExpandedText.Document> documents = documents(files);
      int past = ExpandedText.firstPastTheBound(documents);

      YamlInputException refused = readRun(files, ByteBudget.of(YamlLimits.DEFAULT));

      if (past < 0) {
        assertThat(refused).as("read").isNull();
      } else {
        assertRefusedAt(refused, documents.get(past));
        // the file that holds the document
        int file = 0;
        for (int seen = ExpandedText.documents(files.get(0)).size(); seen <= past; file++) {
          seen += ExpandedText.documents(files.get(file + 1)).size();
        }
        assertThat(refused.source()).isEqualTo("f" + file + ".yaml");
      }
    }

    @ParameterizedTest(name = "run {0}")
    @MethodSource("io.unboundedcloud.racer.krm.yaml.AliasProportionTest#seeds")
    @DisplayName("the same objects as the items of one ResourceList (as the function reads stdin)")
    void resourceList(int seed) {
      StringBuilder text =
          new StringBuilder("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
      AliasedObjects.run(new Random(seed), 3).stream()
          .flatMap(List::stream)
          .forEach(object -> text.append(AliasedObjects.item(object)));
      ExpandedText.Document document = ExpandedText.documents(text.toString()).get(0);

      YamlInputException refused;
      try {
        YamlReader.readResourceList(utf8(text.toString()), "stdin", YamlLimits.DEFAULT);
        refused = null;
      } catch (YamlInputException e) {
        refused = e;
      }

      if (ExpandedText.firstPastTheBound(List.of(document)) < 0) {
        assertThat(refused).as("read").isNull();
      } else {
        assertRefusedAt(refused, document);
      }
    }
  }
}
