package io.unboundedcloud.racer.krm.yaml.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.emitter.Emitter;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.CommentEvent;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ImplicitTuple;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.StreamEndEvent;
import org.yaml.snakeyaml.events.StreamStartEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * What the classes of this package take for granted in snakeyaml: each check names the class that
 * relies on it, so that a snakeyaml upgrade that breaks one fails here, loudly, before it fails as
 * a changed byte somewhere in a golden file. Checked against the version in {@link #CHECKED}; on an
 * upgrade, read the package-info and each class again, then move the version here and there.
 */
@DisplayName("snakeyaml still offers what krm.yaml.pipeline relies on")
class SnakeyamlContractTest {

  /** The snakeyaml version the package was written and checked against (package-info says it). */
  static final String CHECKED = "2.5";

  @Test
  @DisplayName("the snakeyaml on the class path is the version the package was checked against")
  void version() throws IOException {
    assertThat(snakeyamlVersion())
        .as(
            "krm.yaml.pipeline (LinearStreamReader, CompactEventParser, TreeComposer,"
                + " CommentPlacement, SpareCapacity, NodeSerializer, EmittedFragment, MarkerWriter)"
                + " was checked against snakeyaml %s: read its"
                + " package-info and every class again against the new version, then update"
                + " SnakeyamlContractTest.CHECKED and the package-info",
            CHECKED)
        .isEqualTo(CHECKED);
  }

  @Nested
  @DisplayName("LinearStreamReader")
  class LinearStreamReaderContract {

    @Test
    @DisplayName("overrides every public method of StreamReader (its superclass reads nothing)")
    void overridesEveryPublicMethod() {
      List<String> missing = new ArrayList<>();
      for (Method method : StreamReader.class.getDeclaredMethods()) {
        int modifiers = method.getModifiers();
        if (Modifier.isPublic(modifiers) && !Modifier.isStatic(modifiers)) {
          try {
            LinearStreamReader.class.getDeclaredMethod(
                method.getName(), method.getParameterTypes());
          } catch (NoSuchMethodException e) {
            missing.add(method.toString());
          }
        }
      }
      assertThat(missing)
          .as(
              "LinearStreamReader: public methods of snakeyaml's StreamReader it does not override"
                  + " (they would read the empty reader it hands its superclass)")
          .isEmpty();
    }

    @Test
    @DisplayName("gives the parser the same events as StreamReader")
    void sameEvents() {
      String text = "a: 1\nb: [x, 'y']\n# c\nd: |\n  long\n";
      assertThat(events(new LinearStreamReader(new StringReader(text))))
          .as("LinearStreamReader: events differ from snakeyaml's StreamReader's")
          .isEqualTo(events(new StreamReader(new StringReader(text))));
    }

    private List<String> events(StreamReader reader) {
      ParserImpl parser = new ParserImpl(reader, loaderOptions());
      List<String> events = new ArrayList<>();
      while (parser.peekEvent() != null) {
        Event event = parser.getEvent();
        events.add(event + "@" + where(event.getStartMark()));
      }
      return events;
    }
  }

  @Nested
  @DisplayName("CompactEventParser")
  class CompactEventParserContract {

    @Test
    @DisplayName("implements every method of snakeyaml's Parser (a default one would bypass it)")
    void implementsParser() {
      for (Method method : Parser.class.getMethods()) {
        assertThat(hasDeclared(CompactEventParser.class, method))
            .as(
                "CompactEventParser: snakeyaml's Parser has %s, which it does not implement",
                method)
            .isTrue();
      }
    }

    @Test
    @DisplayName("can build a mark with line and column only (Mark's six-argument constructor)")
    void lightMarks() throws NoSuchMethodException {
      assertThat(
              Mark.class.getConstructor(
                  String.class, int.class, int.class, int.class, int[].class, int.class))
          .as("CompactEventParser: Mark(name, index, line, column, int[] buffer, pointer)")
          .isNotNull();
    }

    @Test
    @DisplayName(
        "snakeyaml's composer still fails on an in-line comment where a node is expected, the case it rewrites")
    void composerStillFailsOnInlineCommentBeforeNode() {
      String text = "- | # the script\n  echo hi\n";
      boolean failsWithoutIt;
      try {
        new Composer(
                new ParserImpl(new StreamReader(text), loaderOptions()),
                resolver(),
                loaderOptions())
            .getSingleNode();
        failsWithoutIt = false;
      } catch (RuntimeException e) {
        failsWithoutIt = true;
      }
      Node composed = compose(text);
      assertThat(composed).as("CompactEventParser: composing with it").isNotNull();
      if (!failsWithoutIt) {
        System.err.println(
            "note: snakeyaml now composes an in-line comment on a block scalar's header itself;"
                + " CompactEventParser's rewrite of it may no longer be needed");
      }
    }

    @Test
    @DisplayName(
        "a comment on a dash's line is a block comment whose mark holds the text before it on its line")
    void commentOnDashLine() {
      ParserImpl parser =
          new ParserImpl(
              new StreamReader("a:\n- x: 1\n- # on the dash\n  y: 2\n"), loaderOptions());
      CommentEvent comment = null;
      while (parser.peekEvent() != null) {
        if (parser.getEvent() instanceof CommentEvent found) {
          comment = found;
        }
      }
      assertThat(comment).as("CompactEventParser: the comment is an event").isNotNull();
      assertThat(comment.getCommentType())
          .as(
              "CompactEventParser: snakeyaml reports it as a block comment, like one on its own line")
          .isEqualTo(CommentType.BLOCK);
      Mark mark = comment.getStartMark();
      assertThat(new String(mark.getBuffer(), 0, mark.getPointer()))
          .as("CompactEventParser: the mark's buffer holds the dash before it (afterDash)")
          .endsWith("- ");
    }

    @Test
    @DisplayName("snakeyaml's duplicate-key option still ignores nodes: the parser refuses them")
    void duplicateKeys() {
      LoaderOptions options = loaderOptions();
      Node root =
          new Composer(
                  new ParserImpl(new StreamReader("a: 1\na: 2\n"), options), resolver(), options)
              .getSingleNode();
      assertThat(((MappingNode) root).getValue())
          .as(
              "CompactEventParser: snakeyaml's composer now refuses or merges duplicate keys itself;"
                  + " re-check the duplicate-key message")
          .hasSize(2);
    }
  }

  @Nested
  @DisplayName("TreeComposer and SpareCapacity")
  class TreeComposerContract {

    @Test
    @DisplayName("Composer still has the protected, overridable steps TreeComposer overrides")
    void overridableSteps() throws NoSuchMethodException, NoSuchFieldException {
      for (Method method :
          List.of(
              Composer.class.getDeclaredMethod("composeScalarNode", String.class, List.class),
              Composer.class.getDeclaredMethod("composeSequenceNode", String.class),
              Composer.class.getDeclaredMethod("composeMappingNode", String.class))) {
        assertThat(
                Modifier.isProtected(method.getModifiers())
                    && !Modifier.isFinal(method.getModifiers()))
            .as("TreeComposer: Composer.%s must stay protected and not final", method.getName())
            .isTrue();
        assertThat(hasDeclared(TreeComposer.class, method))
            .as("TreeComposer: overrides Composer.%s", method.getName())
            .isTrue();
      }
      assertThat(Modifier.isProtected(Composer.class.getDeclaredField("parser").getModifiers()))
          .as("TreeComposer: Composer.parser, peeked to tell an explicit tag")
          .isTrue();
    }

    @Test
    @DisplayName("an explicit tag comes as a TaggedScalar, an implicit one as snakeyaml's scalar")
    void explicitTags() {
      MappingNode root = (MappingNode) compose("a: !!str 123\nb: 123\nc: &x !!str 4\n");
      assertThat(root.getValue().get(0).getValueNode())
          .as("TreeComposer: !!str 123")
          .isInstanceOf(TaggedScalar.class)
          .extracting(Node::getTag)
          .isEqualTo(Tag.STR);
      assertThat(root.getValue().get(1).getValueNode())
          .as("TreeComposer: 123, resolved by snakeyaml")
          .isNotInstanceOf(TaggedScalar.class)
          .extracting(Node::getTag)
          .isEqualTo(Tag.INT);
      assertThat(root.getValue().get(2).getValueNode())
          .as("TreeComposer: an anchored scalar stays snakeyaml's")
          .isNotInstanceOf(TaggedScalar.class);
    }

    @Test
    @DisplayName("the composer builds ArrayLists, which SpareCapacity trims")
    void arrayLists() {
      LoaderOptions options = loaderOptions();
      MappingNode root =
          (MappingNode)
              new Composer(
                      new ParserImpl(new StreamReader("# c\na: [1]\n"), options),
                      resolver(),
                      options)
                  .getSingleNode();
      assertThat(root.getValue())
          .as("SpareCapacity: snakeyaml's mapping children are no longer an ArrayList")
          .isInstanceOf(ArrayList.class);
      List<CommentLine> comments = root.getValue().get(0).getKeyNode().getBlockComments();
      assertThat(comments)
          .as("SpareCapacity: snakeyaml's comment lists are no longer ArrayLists")
          .isInstanceOf(ArrayList.class);
    }
  }

  @Nested
  @DisplayName("EmittedFragment and MarkerWriter")
  class WriterContract {

    @Test
    @DisplayName(
        "the emitter quotes a leading-zero number and a tagged plain scalar, the cases the marker works around")
    void emitterRules() {
      assertThat(emit(scalar(Tag.INT.getValue(), new ImplicitTuple(true, false), "0644")))
          .as("EmittedFragment: the emitter's rule for leading zeros (0644 written !!int '0644')")
          .isEqualTo("a: !!int '0644'\n");
      assertThat(emit(scalar(Tag.STR.getValue(), new ImplicitTuple(false, false), "123")))
          .as("EmittedFragment: the emitter's rule for tagged plain scalars")
          .isEqualTo("a: !!str '123'\n");
    }

    @Test
    @DisplayName("the emitter writes the marker as is, plain in front of a value or a tag")
    void markerWrittenAsIs() {
      String marker = String.valueOf(MarkerWriter.MARKER);
      assertThat(StreamReader.isPrintable(MarkerWriter.MARKER))
          .as("MarkerWriter: U+FDD0 must stay printable for snakeyaml")
          .isTrue();
      ImplicitTuple untagged = new ImplicitTuple(true, true);
      assertThat(emit(scalar(Tag.STR.getValue(), untagged, marker + "0644")))
          .as("EmittedFragment: a marked leading-zero value written plain")
          .isEqualTo("a: " + marker + "0644\n");
      assertThat(emit(scalar(Tag.STR.getValue(), untagged, marker + "!!str 123")))
          .as("EmittedFragment: a marked tag and value written plain")
          .isEqualTo("a: " + marker + "!!str 123\n");
    }
  }

  private static String emit(Event... value) {
    StringWriter out = new StringWriter();
    DumperOptions options = new DumperOptions();
    options.setProcessComments(true);
    options.setAllowUnicode(true);
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    Emitter emitter = new Emitter(out, options);
    try {
      emitter.emit(new StreamStartEvent(null, null));
      emitter.emit(new DocumentStartEvent(null, null, false, null, null));
      emitter.emit(
          new MappingStartEvent(null, null, true, null, null, DumperOptions.FlowStyle.BLOCK));
      emitter.emit(scalar(Tag.STR.getValue(), new ImplicitTuple(true, true), "a"));
      for (Event event : value) {
        emitter.emit(event);
      }
      emitter.emit(new MappingEndEvent(null, null));
      emitter.emit(new DocumentEndEvent(null, null, false));
      emitter.emit(new StreamEndEvent(null, null));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toString();
  }

  private static ScalarEvent scalar(String tag, ImplicitTuple implicit, String value) {
    return new ScalarEvent(null, tag, implicit, value, null, null, DumperOptions.ScalarStyle.PLAIN);
  }

  private static Node compose(String text) {
    LoaderOptions options = loaderOptions();
    Composer composer =
        new TreeComposer(
            new CompactEventParser(
                new ParserImpl(new LinearStreamReader(new StringReader(text)), options),
                "test",
                256),
            options);
    return composer.getSingleNode();
  }

  private static boolean hasDeclared(Class<?> type, Method method) {
    return Arrays.stream(type.getDeclaredMethods())
        .anyMatch(
            own ->
                own.getName().equals(method.getName())
                    && Arrays.equals(own.getParameterTypes(), method.getParameterTypes()));
  }

  private static LoaderOptions loaderOptions() {
    return YamlLimits.DEFAULT.loaderOptions();
  }

  private static org.yaml.snakeyaml.resolver.Resolver resolver() {
    return new org.yaml.snakeyaml.resolver.Resolver();
  }

  private static String where(Mark mark) {
    return mark == null ? "-" : mark.getIndex() + ":" + mark.getLine() + ":" + mark.getColumn();
  }

  private static String snakeyamlVersion() throws IOException {
    URL jar = StreamReader.class.getProtectionDomain().getCodeSource().getLocation();
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new URL[] {jar}, null);
        InputStream in =
            loader.getResourceAsStream("META-INF/maven/org.yaml/snakeyaml/pom.properties")) {
      assertThat(in).as("snakeyaml's pom.properties in %s", jar).isNotNull();
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    }
  }
}
