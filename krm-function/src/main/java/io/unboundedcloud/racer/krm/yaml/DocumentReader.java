package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.yaml.pipeline.CommentMovingScanner;
import io.unboundedcloud.racer.krm.yaml.pipeline.CompactEventParser;
import io.unboundedcloud.racer.krm.yaml.pipeline.LinearScanner;
import io.unboundedcloud.racer.krm.yaml.pipeline.LinearStreamReader;
import io.unboundedcloud.racer.krm.yaml.pipeline.RefusedStructure;
import io.unboundedcloud.racer.krm.yaml.pipeline.SpareCapacity;
import io.unboundedcloud.racer.krm.yaml.pipeline.TreeComposer;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.util.Optional;
import java.util.function.Consumer;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
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
    this(in, source, limits, ByteBudget.of(limits), refuseDuplicateKeys);
  }

  private DocumentReader(
      InputStream in,
      String source,
      YamlLimits limits,
      ByteBudget budget,
      boolean refuseDuplicateKeys) {
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
    this.composer = new TreeComposer(parser, limits.loaderOptions());
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
