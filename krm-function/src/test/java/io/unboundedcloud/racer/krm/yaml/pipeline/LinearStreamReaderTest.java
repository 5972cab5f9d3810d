package io.unboundedcloud.racer.krm.yaml.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * {@link LinearStreamReader} is snakeyaml's {@link StreamReader} at a linear cost: the parser over
 * either gives the same events at the same marks (index, line, column), and fails with the same
 * error at the same place. Checked on the fixtures, the golden inputs, and seeded random text that
 * stresses what a reader handles: read boundaries, long runs, line breaks of every kind, surrogate
 * pairs, a byte-order mark and characters YAML forbids.
 */
@DisplayName("LinearStreamReader reads exactly as snakeyaml's StreamReader")
class LinearStreamReaderTest {

  /** Everything the parser says about a text, marks included, or the error it stops with. */
  private static List<String> parse(String text, Function<Reader, StreamReader> reader) {
    List<String> said = new ArrayList<>();
    try {
      ParserImpl parser = new ParserImpl(reader.apply(new StringReader(text)), loaderOptions());
      while (parser.peekEvent() != null) {
        Event event = parser.getEvent();
        said.add(event + " " + where(event.getStartMark()) + " " + where(event.getEndMark()));
      }
    } catch (RuntimeException e) {
      said.add(describe(e));
    }
    return said;
  }

  /**
   * An error as DocumentReader uses it: its kind, problem, context and their marks' positions. (Not
   * the whole message: a mark's snippet may show more of the line before it, see
   * LinearStreamReader.)
   */
  private static String describe(RuntimeException e) {
    if (e instanceof ReaderException r) {
      return "ReaderException U+"
          + Integer.toHexString(r.getCodePoint())
          + " at "
          + r.getPosition()
          + ": "
          + r.getMessage();
    }
    if (e instanceof MarkedYAMLException m) {
      return m.getClass().getSimpleName()
          + ": "
          + m.getContext()
          + " "
          + where(m.getContextMark())
          + ": "
          + m.getProblem()
          + " "
          + where(m.getProblemMark());
    }
    return e.getClass().getName() + ": " + e.getMessage();
  }

  private static LoaderOptions loaderOptions() {
    LoaderOptions options = YamlLimits.DEFAULT.loaderOptions();
    options.setProcessComments(true);
    return options;
  }

  private static String where(Mark mark) {
    return mark == null ? "-" : mark.getIndex() + "@" + mark.getLine() + ":" + mark.getColumn();
  }

  /** As DocumentReader decodes: a byte-order mark picks the charset, UTF-8 otherwise. */
  private static String decode(InputStream in) {
    StringWriter text = new StringWriter();
    try (Reader reader = new UnicodeReader(in)) {
      reader.transferTo(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static void assertSameReading(String text) {
    List<String> snakeyaml = parse(text, StreamReader::new);
    List<String> linear = parse(text, LinearStreamReader::new);
    assertThat(linear).isEqualTo(snakeyaml);
  }

  static Stream<Arguments> files() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String folder : List.of("src/test/resources/yaml", "src/test/resources/golden")) {
      try (Stream<Path> walk = Files.walk(Path.of(folder))) {
        walk.filter(path -> path.toString().endsWith(".yaml")).sorted().forEach(files::add);
      }
    }
    return files.stream().map(path -> Arguments.of(path.toString(), path));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  @DisplayName("the fixtures and every golden file")
  void files(String name, Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      assertSameReading(decode(in));
    }
  }

  /** Pieces that random texts are made of; each exercises one thing a reader must get right. */
  private static final List<String> PIECES =
      List.of(
          "key: value\n",
          "- item\n",
          "  nested: {a: 1, b: [x, y]}\n",
          "---\n",
          "...\n",
          "# comment\n",
          "\r\n",
          "\r",
          "\n",
          "\u0085",
          "\u2028",
          "\u2029",
          "\t",
          " ",
          "\uFEFF",
          "😀",
          "é",
          "\"quoted \\\" text\"",
          "'single ''quoted'''",
          "|\n  literal\n  block\n",
          ">-\n  folded\n",
          "&anchor ",
          "*anchor",
          "!!str ",
          "? complex\n: key\n",
          "\u0001",
          "\u007F",
          "\uD83D",
          "{",
          "]",
          ":",
          "%YAML 1.1\n");

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    int pieces = 1 + random.nextInt(60);
    for (int i = 0; i < pieces; i++) {
      if (random.nextInt(8) == 0) {
        // a long run without a break, across the 1,024- and 8,192-character reads of both readers
        text.append("v: ").append("x".repeat(500 + random.nextInt(20_000))).append('\n');
      } else {
        text.append(PIECES.get(random.nextInt(PIECES.size())));
      }
    }
    return text.toString();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName("seeded random texts, well-formed or not")
  void randomTexts(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 20; i++) {
      String text = randomText(random);
      List<String> snakeyaml = parse(text, StreamReader::new);
      List<String> linear = parse(text, LinearStreamReader::new);
      assertThat(linear)
          .as("seed %d, text %d (%d characters)", seed, i, text.length())
          .isEqualTo(snakeyaml);
    }
  }

  static Stream<Long> seeds() {
    return IntStream.range(0, 50).mapToObj(i -> 1_000L + i);
  }

  @Nested
  @DisplayName("at the edges")
  class Edges {
    @Test
    @DisplayName("empty input")
    void empty() {
      assertSameReading("");
    }

    @Test
    @DisplayName("a surrogate pair split across a read boundary")
    void splitSurrogatePair() {
      for (int before = 8185; before < 8200; before++) {
        assertSameReading("k: " + "a".repeat(before) + "😀😀\n");
      }
    }

    @Test
    @DisplayName("a high surrogate at the very end: the same error")
    void loneHighSurrogateAtEnd() {
      assertSameReading("k: " + "a".repeat(8188) + "\uD83D");
      assertSameReading("k: \uD83D");
    }

    @Test
    @DisplayName(
        "a character YAML forbids, far into a long value: the same error at the same index")
    void forbiddenCharacter() {
      assertSameReading("k: " + "a".repeat(30_000) + "\u0007tail\n");
    }

    @Test
    @DisplayName("a 1 MiB value with CR LF line ends")
    void longValueCrLf() {
      assertSameReading("a: b\r\nk: " + "q".repeat(1 << 20) + "\r\nz: 1\r\n");
    }
  }

  @Test
  @DisplayName("UTF-8 with a byte-order mark, as DocumentReader decodes it")
  void byteOrderMark() {
    byte[] bytes = ("\uFEFFkey: värde\n").getBytes(StandardCharsets.UTF_8);
    assertSameReading(decode(new ByteArrayInputStream(bytes)));
  }
}
