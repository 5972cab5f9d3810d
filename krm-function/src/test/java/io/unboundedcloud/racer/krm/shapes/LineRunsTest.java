package io.unboundedcloud.racer.krm.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.shapes.LineRuns.Kind;
import io.unboundedcloud.racer.krm.shapes.LineRuns.Place;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Comment lines and blank lines never count as depth (issue 52, point 3): every place of {@link
 * LineRuns} with every kind of run, of one line and of 20,000, goes through function mode as {@link
 * FunctionModeOracle} holds a generated object (exit 0, the same meaning, three runs the same
 * bytes), with no word of nesting; every comment line of a run comes back, in its order; a run of
 * blank lines away from a comment changes nothing of the output but blank lines (function mode
 * gives an unchanged item back as it came; kpt, which never sends them, drops them when it writes
 * the files). Toward the byte budget, a run of comments of a quarter of it (32 MiB) and one of
 * comments and blank lines in turn (16 MiB) are read once each: at three quarters, a run took over
 * the harness's two minutes on a loaded 2-core machine (64 s on a quieter one), though never
 * refused. {@code LineRunsIT} holds the same documents to kpt's identity.
 */
@Tag("slow")
@DisplayName("Runs of comment lines and blank lines are no depth")
class LineRunsTest {

  private static final Pattern RUN_LINE = Pattern.compile("# run (\\d+)\\n");

  static Stream<Document> documents() {
    return LineRuns.every(1, 20_000).stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documents")
  @DisplayName("in function mode: rendered, the same meaning, idempotent, every comment in order:")
  void functionMode(Document document) {
    String input = FunctionModeOracle.resourceList(document);
    KrmRun run = KrmRun.function(input);
    assertThat(run.stderr()).as(run.describe()).doesNotContain("nesting", "deep");
    assertThat(FunctionModeOracle.check(input)).as(document.name()).isEmpty();
    assertThat(runLines(run.stdout())).as(document.name()).isEqualTo(runLines(input));
  }

  static Stream<Arguments> blankRuns() {
    List<Arguments> runs = new ArrayList<>();
    for (Place place : Place.values()) {
      if (!place.besideAComment()) {
        runs.add(Arguments.of(place, 20_000));
      }
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "{0}, {1} lines")
  @MethodSource("blankRuns")
  @DisplayName(
      "of blank lines away from a comment: the output of the document without them, but blank lines")
  void blankLinesChangeNothing(Place place, int count) {
    String without =
        FunctionModeOracle.resourceList(LineRuns.of(place, Kind.BLANK, 0)).replace("-0\n", "-n\n");
    String with =
        FunctionModeOracle.resourceList(LineRuns.of(place, Kind.BLANK, count))
            .replace("-" + count + "\n", "-n\n");
    assertThat(with).isNotEqualTo(without);
    KrmRun run = KrmRun.function(with);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(nonBlank(run.stdout())).isEqualTo(nonBlank(KrmRun.function(without).stdout()));
  }

  /** The lines of {@code text} that are not empty. */
  private static String nonBlank(String text) {
    return text.replaceAll("\n+", "\n");
  }

  static Stream<Arguments> nearTheBudget() {
    long budget = YamlLimits.DEFAULT.maxInputBytes();
    return Stream.of(
        // "  # run 1234567\n" is 16 bytes
        Arguments.of(Place.BETWEEN_ENTRIES, Kind.COMMENTS, (int) (budget / 4 / 16)),
        // a comment line of about 16 bytes and a blank one
        Arguments.of(Place.IN_A_SEQUENCE_OF_SEQUENCES, Kind.MIXED, (int) (budget / 8 / 8)));
  }

  @ParameterizedTest(name = "{0}, {1}, {2} lines")
  @MethodSource("nearTheBudget")
  @DisplayName("toward the byte budget: rendered, every comment back in its order")
  void nearTheBudget(Place place, Kind kind, int count) {
    String input = FunctionModeOracle.resourceList(LineRuns.of(place, kind, count));
    assertThat(input.length()).isGreaterThan((int) (YamlLimits.DEFAULT.maxInputBytes() / 10));
    KrmRun run = KrmRun.function(input);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(runLines(run.stdout())).isEqualTo(runLines(input));
  }

  /**
   * The numbers of the run's comment lines in {@code text}, in their order, checked to be 1, 2, 3
   * ... (odd ones for a mixed run); their count.
   */
  private static String runLines(String text) {
    Matcher line = RUN_LINE.matcher(text);
    long count = 0;
    long last = 0;
    StringBuilder out = new StringBuilder();
    while (line.find()) {
      long number = Long.parseLong(line.group(1));
      if (number <= last) {
        out.append(" out of order at ").append(number);
      }
      last = number;
      count++;
    }
    return count + " lines, the last " + last + out;
  }
}
