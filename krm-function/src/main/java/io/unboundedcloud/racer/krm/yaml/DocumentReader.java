package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.yaml.pipeline.CommentMovingScanner;
import io.unboundedcloud.racer.krm.yaml.pipeline.CompactEventParser;
import io.unboundedcloud.racer.krm.yaml.pipeline.LinearScanner;
import io.unboundedcloud.racer.krm.yaml.pipeline.LinearStreamReader;
import io.unboundedcloud.racer.krm.yaml.pipeline.NodeSerializer;
import io.unboundedcloud.racer.krm.yaml.pipeline.RefusedStructure;
import io.unboundedcloud.racer.krm.yaml.pipeline.SpareCapacity;
import io.unboundedcloud.racer.krm.yaml.pipeline.TreeComposer;
import io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * Reads the documents of one YAML byte stream as checked node trees, within {@link YamlLimits}. The
 * one place where snakeyaml's exceptions become {@link YamlInputException}s. Does not close the
 * stream.
 */
final class DocumentReader {

  private final String source;
  private final YamlLimits limits;
  private final ByteBudget budget;
  private final long spentBefore;
  private final CompactEventParser parser;
  private final Composer composer;

  /** A stream read on its own: {@code limits.maxInputBytes()} for it alone. */
  DocumentReader(InputStream in, String source, YamlLimits limits) {
    this(in, source, limits, ByteBudget.of(limits), true);
  }

  /** A stream of a run that reads several: what it reads is spent from {@code budget}. */
  DocumentReader(InputStream in, String source, YamlLimits limits, ByteBudget budget) {
    this(in, source, limits, budget, true);
  }

  /**
   * With {@code refuseDuplicateKeys} false, a repeated key is kept as two entries: only to give
   * back the items of an input refused for one.
   */
  DocumentReader(InputStream in, String source, YamlLimits limits, boolean refuseDuplicateKeys) {
    this(in, source, limits, ByteBudget.of(limits), refuseDuplicateKeys, null);
  }

  /**
   * A ResourceList whose items {@code keptAsText} takes by their identity (a mapping of their
   * {@code apiVersion}, {@code kind} and {@code metadata}) are held as the text the writer writes
   * for them ({@link WrittenItem}), not as trees: items the caller reads no further than that and
   * gives back as they came.
   */
  DocumentReader(
      InputStream in,
      String source,
      YamlLimits limits,
      ByteBudget budget,
      Predicate<MappingNode> keptAsText) {
    this(in, source, limits, budget, true, keptAsText);
  }

  private DocumentReader(
      InputStream in,
      String source,
      YamlLimits limits,
      ByteBudget budget,
      boolean refuseDuplicateKeys) {
    this(in, source, limits, budget, refuseDuplicateKeys, null);
  }

  private DocumentReader(
      InputStream in,
      String source,
      YamlLimits limits,
      ByteBudget budget,
      boolean refuseDuplicateKeys,
      Predicate<MappingNode> keptAsText) {
    this.source = source;
    this.limits = limits;
    this.budget = budget;
    this.spentBefore = budget.spent();
    LinearStreamReader reader =
        new LinearStreamReader(
            new UnicodeReader(budget.metered(new BufferedInputStream(in, 1 << 16))));
    try {
      CommentMovingScanner scanner =
          new CommentMovingScanner(LinearScanner.of(reader, limits.loaderOptions()));
      this.parser =
          new CompactEventParser(
              scanner.runs().splitting(new ParserImpl(scanner)),
              source,
              limits.maxNestingDepth(),
              refuseDuplicateKeys,
              reader);
    } catch (YAMLException e) {
      throw translate(e, null);
    }
    this.composer =
        new TreeComposer(
            parser,
            limits.loaderOptions(),
            keptAsText == null ? null : item -> kept(item, keptAsText));
  }

  /** What to keep of an item of {@code items} instead of its tree; null to keep the tree. */
  private WrittenItem.Kept kept(MappingNode item, Predicate<MappingNode> keptAsText) {
    MappingNode identity = Nodes.identityOf(item);
    if (!keptAsText.test(identity)) {
      return null;
    }
    long[] counts = AliasExpansion.measure(item);
    if (counts == null) {
      return null;
    }
    String text;
    try {
      text = NodeSerializer.itemText(item, YamlLimits.DEFAULT.maxNestingDepth());
    } catch (IllegalStateException tooDeepToWrite) {
      // the writer refuses it as a tree too, at the end of the run, as it did before
      return null;
    }
    return new WrittenItem.Kept(text, ItemIdentity.of(identity), counts[0], counts[1], itemReader);
  }

  private final BiFunction<String, Mark, MappingNode> itemReader = this::itemOf;

  /**
   * An item's tree, read again from the text the writer wrote for it, placed where the item began
   * in the input ({@code start}: as many lines before it, each line moved to the item's column), so
   * that a message about it names the line of the input: the very line and column where the writer
   * keeps the input's lines (kyaml's layout), the item's own line where it does not.
   */
  private MappingNode itemOf(String text, Mark start) {
    int lines = start == null ? 0 : start.getLine();
    int shift = start == null ? 0 : Math.max(0, start.getColumn() - 2);
    StringBuilder placed = new StringBuilder(lines + text.length() + 64);
    placed.append("\n".repeat(lines));
    String pad = " ".repeat(shift);
    for (int at = 0; at < text.length(); ) {
      int end = text.indexOf('\n', at);
      end = end < 0 ? text.length() : end + 1;
      if (end - at > 1) {
        placed.append(pad);
      }
      placed.append(text, at, end);
      at = end;
    }
    Optional<Node> root =
        new DocumentReader(
                new ByteArrayInputStream(placed.toString().getBytes(StandardCharsets.UTF_8)),
                source,
                limits)
            .next();
    if (root.isPresent()
        && root.get() instanceof SequenceNode sequence
        && sequence.getValue().size() == 1
        && sequence.getValue().get(0) instanceof MappingNode item) {
      return item;
    }
    throw new IllegalStateException("an item's text did not read back as one item: " + text);
  }

  /**
   * The next document that is not empty (only comments, nothing, or a null), or empty at the end.
   */
  Optional<Node> next() {
    try {
      while (composer.checkNode()) {
        Node root = composer.getNode();
        if (root != null && !isEmptyDocument(root)) {
          AliasExpansion.Refusal aliasing = AliasExpansion.check(root, budget);
          if (aliasing != null) {
            YamlInputException refused =
                YamlInputException.at(source, aliasing.where(), aliasing.problem());
            throw aliasing.kubectlReads() ? refused.forExpansion() : refused;
          }
          SpareCapacity.releaseRoot(root);
          return Optional.of(root);
        }
      }
      return Optional.empty();
    } catch (YamlInputException e) {
      throw e;
    } catch (RefusedStructure e) {
      throw refused(e);
    } catch (YAMLException e) {
      throw translate(e, parser.lastMark());
    } catch (IllegalArgumentException e) {
      // snakeyaml's composer refuses some tags this way (found by fuzzing: "!%D", a bad %-escape)
      throw YamlInputException.at(
          source,
          parser.lastMark(),
          "not valid YAML: " + e.getMessage() + " Fix the YAML at this position.",
          e);
    } catch (StackOverflowError e) {
      // not expected: nesting is refused earlier; kept so a user never sees a JVM error
      throw YamlInputException.of(source, "the input nests too deeply to be read; refused.", null);
    }
  }

  /**
   * Hands every event of the stream to {@code consumer}, in order, composing no node: a pass over
   * an input whose tree would not fit in memory. Problems are the {@link YamlInputException}s
   * {@link #next()} throws.
   */
  void events(Consumer<Event> consumer) {
    try {
      while (parser.peekEvent() != null) {
        consumer.accept(parser.getEvent());
      }
    } catch (YamlInputException e) {
      throw e;
    } catch (RefusedStructure e) {
      throw refused(e);
    } catch (YAMLException e) {
      throw translate(e, parser.lastMark());
    }
  }

  private YamlInputException refused(RefusedStructure e) {
    YamlInputException refused = YamlInputException.at(source, e.mark(), e.problem());
    if (e.isDeepNesting()) {
      return refused.forDeepNesting();
    }
    return e.isDuplicateKey() ? refused.forDuplicateKey() : refused;
  }

  private static boolean isEmptyDocument(Node root) {
    if (Tag.COMMENT.equals(root.getTag())) {
      return true;
    }
    return root instanceof ScalarNode scalar
        && Tag.NULL.equals(scalar.getTag())
        && scalar.isPlain();
  }

  /**
   * @param lastMark where the parser was, for the errors that carry no mark of their own
   */
  private YamlInputException translate(YAMLException e, Mark lastMark) {
    Throwable cause = e.getCause();
    if (cause instanceof ByteBudget.Exceeded) {
      return tooLarge(e);
    }
    if (cause instanceof CharacterCodingException) {
      return YamlInputException.of(
          source,
          "the input is not valid UTF-8 text (a byte sequence that"
              + " UTF-8 does not allow). Send YAML encoded as UTF-8.",
          e);
    }
    if (cause instanceof IOException io) {
      return YamlInputException.unreadable(source, io);
    }
    if (e instanceof ReaderException r) {
      return YamlInputException.of(
          source,
          String.format(
              "the input contains the character U+%04X at "
                  + "character %d, which YAML does not allow. Remove it, or write it as an escape in a "
                  + "double-quoted string.",
              r.getCodePoint(), r.getPosition() + 1),
          e);
    }
    if (e instanceof MarkedYAMLException m) {
      Mark mark = m.getProblemMark() != null ? m.getProblemMark() : lastMark;
      return YamlInputException.at(
          source, mark, "not valid YAML: " + describe(m) + ". Fix the YAML at this position.", e);
    }
    String message = String.valueOf(e.getMessage());
    if (message.startsWith("Nesting Depth exceeded")) {
      return YamlInputException.at(
              source,
              lastMark,
              "nesting deeper than "
                  + limits.maxNestingDepth()
                  + " levels of mappings and sequences; refused.",
              e)
          .forDeepNesting();
    }
    if (message.contains("exceeds the limit")) {
      return tooLarge(e);
    }
    return YamlInputException.at(
        source, lastMark, "not valid YAML: " + message + ". Fix the YAML at this position.", e);
  }

  private YamlInputException tooLarge(YAMLException e) {
    return YamlInputException.tooLarge(source, budget.total(), spentBefore, e);
  }

  private static String describe(MarkedYAMLException e) {
    String problem = e.getProblem() == null ? "syntax error" : e.getProblem();
    if (e.getContext() == null) {
      return problem;
    }
    Mark contextMark = e.getContextMark();
    String where =
        contextMark == null
            ? ""
            : " that starts at line "
                + (contextMark.getLine() + 1)
                + ", column "
                + (contextMark.getColumn() + 1);
    return problem + " (" + e.getContext() + where + ")";
  }
}
