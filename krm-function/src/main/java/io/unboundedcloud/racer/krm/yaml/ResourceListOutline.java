package io.unboundedcloud.racer.krm.yaml;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * What the text of a ResourceList holds, read as a stream of events, without a node tree: for an
 * input whose tree did not fit in memory, which must still go back out with every item as it came.
 * Tells whether the text can be written back as it is (one YAML document, a mapping), how many
 * items it has, and whether a {@code results} list can be appended to it.
 *
 * <p>The text is appendable when a top-level key written at its end, on a line of its own, can only
 * be a key of the ResourceList: one document (not even an empty one after it), not ended by {@code
 * ...}, its root a block mapping at column 0 without {@code results}, UTF-8 (no UTF-16 or UTF-32
 * byte order mark), ending with a line break (a literal scalar kept with {@code |+} at the very end
 * would otherwise gain one).
 *
 * @param documents the YAML documents that are not empty (the function reads exactly one)
 * @param mapping whether that document is a mapping, as a ResourceList is
 * @param items how many entries its {@code items} list has (0 when it has none, or no list)
 * @param appendable whether {@link #resultsText} can be appended to the text, as above
 */
public record ResourceListOutline(int documents, boolean mapping, long items, boolean appendable) {
  /**
   * The deepest nesting an outline follows: past what kpt can send. kpt's reader (Go's yaml.v3)
   * refuses more than 10,000 flow levels and more than 10,000 block indents ("exceeded max depth of
   * 10000"), so no ResourceList it reads nests deeper than 20,000 levels and the few of the
   * envelope. An outline follows events with a stack of its own (no recursion, no tree), but each
   * open level still costs snakeyaml's parser a state and a mark and the scanner an indent, about
   * 200 bytes: 2 MiB of {@code [} held 292 MiB of heap when followed to its end. Refused past this
   * depth, such text is read as no ResourceList at all.
   */
  public static final int MAX_DEPTH = 32_768;

  private static final YamlLimits OUTLINE_LIMITS =
      new YamlLimits(
          YamlLimits.DEFAULT.maxInputBytes(), MAX_DEPTH, YamlLimits.DEFAULT.maxPlainTreeNodes());

  /**
   * Reads {@code in} to its end. Problems of the YAML are the {@link YamlInputException}s the
   * reader throws, with {@code source} in their messages. Does not close the stream.
   */
  public static ResourceListOutline read(InputStream in, String source) {
    EdgeBytes bytes = new EdgeBytes(in);
    Outliner outliner = new Outliner();
    // a key written twice is no matter to an outline, nor nesting to MAX_DEPTH (events are
    // followed without recursion): such text goes back as it came too
    new DocumentReader(bytes, source, OUTLINE_LIMITS, false).events(outliner::take);
    boolean appendable =
        outliner.starts == 1
            && outliner.documents == 1
            && outliner.blockMappingAtColumnZero
            && !outliner.explicitEnd
            && !outliner.results
            && bytes.utf8()
            && bytes.last == '\n';
    return new ResourceListOutline(
        outliner.documents, outliner.mapping, outliner.items, appendable);
  }

  /** Whether the text, written back as it is, is one ResourceList as the function reads one. */
  public boolean writable() {
    return documents == 1 && mapping;
  }

  /**
   * The {@code results} key with {@code plainResults} (maps as {@code results.Result#toTree} gives
   * them), in the style of the function's output, to append to an appendable text.
   */
  public static String resultsText(List<? extends Map<String, ?>> plainResults) {
    return YamlWriter.trees(List.of(Map.of("results", plainResults)));
  }

  /** Follows the events: the documents, the envelope's keys, the entries of its items. */
  private static final class Outliner {
    int starts;
    int documents;
    boolean mapping;
    boolean blockMappingAtColumnZero;
    boolean explicitEnd;
    boolean results;
    long items;
    private int depth;
    private int envelopeChildren;
    private boolean inItems;
    private boolean nextIsItems;
    private boolean emptyDocument;

    void take(Event event) {
      switch (event.getEventId()) {
        case DocumentStart -> {
          starts++;
          emptyDocument = true;
        }
        case DocumentEnd -> {
          if (!emptyDocument) {
            documents++;
          }
          explicitEnd |= ((DocumentEndEvent) event).getExplicit();
        }
        case MappingStart, SequenceStart -> {
          node(event);
          depth++;
        }
        case MappingEnd, SequenceEnd -> {
          depth--;
          if (depth == 1) {
            inItems = false;
          }
        }
        case Scalar, Alias -> node(event);
        default -> {
          // stream start and end, comments: nothing to count
        }
      }
    }

    /** A node starts (a scalar, an alias, or a mapping or sequence about to open). */
    private void node(Event event) {
      if (depth == 0) {
        boolean isEmpty =
            event instanceof ScalarEvent scalar
                && scalar.getValue().isEmpty()
                && scalar.getTag() == null
                && scalar.isPlain();
        emptyDocument = isEmpty;
        if (!isEmpty && documents == 0) {
          mapping = event instanceof MappingStartEvent;
          blockMappingAtColumnZero =
              event instanceof MappingStartEvent start
                  && start.getFlowStyle() == FlowStyle.BLOCK
                  && start.getStartMark() != null
                  && start.getStartMark().getColumn() == 0;
        }
        return;
      }
      if (depth == 1 && mapping && documents == 0) {
        boolean isKey = envelopeChildren++ % 2 == 0;
        if (isKey) {
          String key = event instanceof ScalarEvent scalar ? scalar.getValue() : null;
          results |= "results".equals(key);
          nextIsItems = "items".equals(key);
        } else {
          inItems =
              nextIsItems
                  && event instanceof CollectionStartEvent
                  && event.is(Event.ID.SequenceStart);
          nextIsItems = false;
        }
        return;
      }
      if (depth == 2 && inItems) {
        items++;
      }
    }
  }

  /** Remembers the first bytes (a byte order mark) and the last byte of the stream it passes on. */
  private static final class EdgeBytes extends FilterInputStream {
    private final byte[] first = new byte[4];
    private int firstCount;
    int last = -1;

    EdgeBytes(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        seen(new byte[] {(byte) b}, 0, 1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        seen(buffer, offset, n);
      }
      return n;
    }

    @Override
    public void close() {
      // the caller owns the stream
    }

    private void seen(byte[] buffer, int offset, int n) {
      for (int i = 0; i < n && firstCount < first.length; i++) {
        first[firstCount++] = buffer[offset + i];
      }
      last = buffer[offset + n - 1] & 0xff;
    }

    /**
     * Whether the text is UTF-8: no UTF-16 or UTF-32 byte order mark (the reader's only other
     * encodings).
     */
    boolean utf8() {
      int b0 = first[0] & 0xff;
      int b1 = first[1] & 0xff;
      boolean utf16 = firstCount >= 2 && (b0 == 0xfe && b1 == 0xff || b0 == 0xff && b1 == 0xfe);
      boolean utf32 =
          firstCount >= 4
              && b0 == 0
              && b1 == 0
              && (first[2] & 0xff) == 0xfe
              && (first[3] & 0xff) == 0xff;
      return !utf16 && !utf32;
    }
  }
}
