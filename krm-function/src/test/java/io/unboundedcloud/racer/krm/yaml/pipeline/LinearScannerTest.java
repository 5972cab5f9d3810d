package io.unboundedcloud.racer.krm.yaml.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.realfiles.FlowCommentShapes;
import io.unboundedcloud.racer.krm.realfiles.NestedSequenceShapes;
import io.unboundedcloud.racer.krm.realfiles.RandomComments;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import io.unboundedcloud.racer.krm.realfiles.UpstreamFiles;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Scanner;
import org.yaml.snakeyaml.scanner.ScannerImpl;
import org.yaml.snakeyaml.tokens.Token;

/**
 * {@link LinearScanner} is snakeyaml's scanner with two tables replaced: over every text the tests
 * hold (the generated node shapes, the real-file corpora, the comment and flow shapes, and the
 * hostile shapes it was made for), it gives the same tokens, at the same marks, and the same error
 * at the same place, as snakeyaml's own {@link ScannerImpl}; a comment's end mark, which nothing
 * after the scanner reads, is left out of the comparison (the token queue keeps only its start).
 */
@DisplayName("LinearScanner")
class LinearScannerTest {

  static Stream<Arguments> corpora() {
    Map<String, String> texts = new LinkedHashMap<>();
    ShapeDocuments.everyShape()
        .forEach(document -> texts.put("shape " + document.name(), document.document()));
    RealFiles.texts(RealFiles.corpus()).forEach((path, text) -> texts.put("corpus " + path, text));
    UpstreamFiles.manifests().forEach((path, text) -> texts.put("upstream " + path, text));
    FlowCommentShapes.files().forEach((path, text) -> texts.put("flow comments " + path, text));
    NestedSequenceShapes.files().forEach((path, text) -> texts.put("nested " + path, text));
    for (long seed = 1; seed <= 3; seed++) {
      long s = seed;
      RandomComments.files(seed)
          .forEach((path, text) -> texts.put("random " + s + " " + path, text));
    }
    return Stream.of(Arguments.of(texts));
  }

  @ParameterizedTest(name = "every text of the test corpora")
  @MethodSource("corpora")
  @DisplayName("gives the tokens of snakeyaml's scanner over")
  void sameTokensOverCorpora(Map<String, String> texts) {
    assertThat(texts).hasSizeGreaterThan(500);
    for (Map.Entry<String, String> text : texts.entrySet()) {
      assertThat(tokens(linear(text.getValue())))
          .as(text.getKey())
          .isEqualTo(tokens(stock(text.getValue())));
    }
  }

  static Stream<Arguments> hostile() {
    return Stream.of(
        Arguments.of("nested flow sequences", "a: " + "[".repeat(3000) + "]".repeat(3000) + "\n"),
        Arguments.of("an unclosed flow sequence", "a: " + "[".repeat(3000) + "\n"),
        Arguments.of("flow mappings in sequences", "a: " + "[{a: ".repeat(1500) + "\n"),
        Arguments.of(
            "closed mixed flows", "a: " + "[{a: ".repeat(300) + "x" + "}]".repeat(300) + "\n"),
        Arguments.of("flow keys", "a: {[x]: y, {p: q}: r, [[s]]: [t]}\n"),
        Arguments.of("block sequences of sequences", "a:\n" + "- ".repeat(3000) + "x\n- y\n"),
        Arguments.of("a simple key over 1,024 characters", "k" + "x".repeat(1100) + ": v\n"),
        Arguments.of("a flow key over 1,024 characters", "a: [" + "x".repeat(1100) + ": v]\n"),
        Arguments.of("a flow key over a line end", "a: {x\n  : v, [p,\n q]: r}\n"),
        Arguments.of(
            "comment runs at every place",
            "# head\n# head 2\n\na: # after\n  # in\n\n  # in 2\n  b: [x, # f\n    # g\n    y]\n"
                + "  c: |\n    text\n  # after block\n  # again\n- x\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostile")
  @DisplayName("gives the tokens, and the error, of snakeyaml's scanner over a hostile shape:")
  void sameTokensOverHostileShapes(String shape, String text) {
    assertThat(tokens(linear(text))).isEqualTo(tokens(stock(text)));
  }

  @Nested
  @DisplayName("its token queue")
  class TokenQueue {

    @Test
    @DisplayName("holds what an ArrayList holds after any mix of adds, inserts and removals")
    void asAnArrayList() {
      Random random = new Random(52);
      LinearScanner.TokenRing ring = new LinearScanner.TokenRing();
      List<Token> list = new ArrayList<>();
      Mark mark = new Mark("t", 0, 0, 0, new int[0], 0);
      for (int step = 0; step < 20_000; step++) {
        int op = random.nextInt(4);
        if (op < 2 || list.isEmpty()) {
          Token token = new org.yaml.snakeyaml.tokens.ScalarToken("s" + step, mark, mark, true);
          int at = op == 0 ? list.size() : random.nextInt(list.size() + 1);
          list.add(at, token);
          ring.add(at, token);
        } else if (op == 2) {
          assertThat(ring.remove(0)).isSameAs(list.remove(0));
        } else {
          int at = random.nextInt(list.size());
          assertThat(ring.remove(at)).isSameAs(list.remove(at));
        }
        assertThat(ring).hasSameSizeAs(list);
      }
      assertThat(ring).containsExactlyElementsOf(list);
      ring.clear();
      assertThat(ring).isEmpty();
    }
  }

  @Nested
  @DisplayName("where snakeyaml's ScannerImpl changed")
  class Changed {

    @Test
    @DisplayName("fails loudly, naming the field and what to check, when a field is gone")
    void missingField() {
      assertThatThrownBy(() -> LinearScanner.field("possibleSimpleKeysByLevel", Map.class))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "snakeyaml's ScannerImpl is not the one LinearScanner was written against (2.5):"
                  + " its field possibleSimpleKeysByLevel is gone; check LinearScanner and"
                  + " SnakeyamlContractTest against this snakeyaml version");
    }

    @Test
    @DisplayName("fails loudly when a field holds another type")
    void otherType() {
      assertThatThrownBy(() -> LinearScanner.field("tokens", Map.class))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("its field tokens is a java.util.List, not a java.util.Map");
    }

    @Test
    @DisplayName("today finds both fields it replaces, and puts its own tables in them")
    void installed() throws IllegalAccessException {
      ScannerImpl scanner = linear("a: b\n");
      assertThat(LinearScanner.field("possibleSimpleKeys", Map.class).get(scanner))
          .isInstanceOf(LinearScanner.StalePrefixTable.class);
      assertThat(LinearScanner.field("tokens", List.class).get(scanner))
          .isInstanceOf(LinearScanner.TokenRing.class);
    }
  }

  private static ScannerImpl linear(String text) {
    return LinearScanner.of(new StreamReader(text), YamlLimits.DEFAULT.loaderOptions());
  }

  private static ScannerImpl stock(String text) {
    return new ScannerImpl(new StreamReader(text), YamlLimits.DEFAULT.loaderOptions());
  }

  /** Each token with its marks, then the error that ended the scan, if one did. */
  private static List<String> tokens(Scanner scanner) {
    List<String> tokens = new ArrayList<>();
    try {
      while (scanner.checkToken()) {
        Token token = scanner.getToken();
        // a queued comment keeps its start mark only: its end is read nowhere (TokenRing says so)
        String end =
            token instanceof org.yaml.snakeyaml.tokens.CommentToken
                ? ""
                : " " + where(token.getEndMark());
        tokens.add(describe(token) + " " + where(token.getStartMark()) + end);
      }
    } catch (RuntimeException e) {
      tokens.add("error: " + e);
    }
    return tokens;
  }

  /** A token's kind and what it holds (tokens have no toString of their own). */
  private static String describe(Token token) {
    if (token instanceof org.yaml.snakeyaml.tokens.ScalarToken scalar) {
      return "scalar " + scalar.getStyle() + " " + scalar.getPlain() + " " + scalar.getValue();
    }
    if (token instanceof org.yaml.snakeyaml.tokens.CommentToken comment) {
      return "comment " + comment.getCommentType() + " " + comment.getValue();
    }
    if (token instanceof org.yaml.snakeyaml.tokens.AnchorToken anchor) {
      return "anchor " + anchor.getValue();
    }
    if (token instanceof org.yaml.snakeyaml.tokens.AliasToken alias) {
      return "alias " + alias.getValue();
    }
    if (token instanceof org.yaml.snakeyaml.tokens.TagToken tag) {
      return "tag " + tag.getValue().getHandle() + " " + tag.getValue().getSuffix();
    }
    return token.getTokenId().toString();
  }

  private static String where(Mark mark) {
    return mark == null ? "-" : mark.getIndex() + ":" + mark.getLine() + ":" + mark.getColumn();
  }
}
