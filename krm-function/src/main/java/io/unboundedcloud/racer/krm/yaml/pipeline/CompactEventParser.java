package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.CommentEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceEndEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.parser.Parser;

/**
 * Sits between snakeyaml's parser and its composer: refuses deep nesting and duplicate keys as the
 * events pass, with their position, and hands on events that make a smaller node tree.
 *
 * <p>snakeyaml's marks keep a reference to the reader's buffer window, so a composed tree kept
 * about four bytes per input character alive through them, and a mark per node besides. The events
 * handed on carry marks with line and column only, and only where a message may need them later:
 * mappings, sequences, and scalars of the top two levels (an envelope's kind, an item that is not a
 * mapping). Short scalar values (keys above all) are shared instead of repeated per object.
 * (snakeyaml's own duplicate-key option only applies when it constructs Java objects, never to
 * nodes.)
 */
public final class CompactEventParser implements Parser {

  private static final int[] NO_SNIPPET = new int[0];
  private static final int MARKED_SCALAR_DEPTH = 2;
  private static final int SHARED_VALUE_MAX_LENGTH = 40;
  private static final int SHARED_VALUES_MAX = 100_000;

  private final Parser parser;
  private final String source;
  private final int maxNestingDepth;
  private final boolean refuseDuplicateKeys;
  private final Map<String, String> sharedValues = new HashMap<>();
  private final Deque<Collection> open = new ArrayDeque<>();
  private Event peeked;
  private Event peekedRaw;
  private Mark lastMark;

  /** The event handed on last. */
  private Event handed;

  /** A comment taken from the parser to look past it, not yet handed on; null when none. */
  private Event takenComment;

  /** The reader under the parser, to keep a flow collection's text; null to keep none. */
  private final LinearStreamReader reader;

  /** How deep in flow collections the events handed on are; 0 outside. */
  private int flowDepth;

  /** The index where the flow collection whose text is kept starts; -1 when none is. */
  private int flowStart = -1;

  /** Whether comments were taken out of the kept flow collection's events. */
  private boolean flowComments;

  /** The text of the flow collection that ended last, when it held comments; null otherwise. */
  private String flowSource;

  /** The longest flow collection whose text is kept, in characters. */
  private static final int FLOW_TEXT_MAX = 1 << 20;

  /**
   * @param parser snakeyaml's parser, whose events this hands on
   * @param source names the input in marks
   * @param maxNestingDepth the deepest nesting of mappings and sequences accepted
   */
  public CompactEventParser(Parser parser, String source, int maxNestingDepth) {
    this(parser, source, maxNestingDepth, true);
  }

  /**
   * As {@link #CompactEventParser(Parser, String, int)}; with {@code refuseDuplicateKeys} false, a
   * mapping keeps both entries of a repeated key, for an input refused for it whose items must
   * still go back as they came.
   */
  public CompactEventParser(
      Parser parser, String source, int maxNestingDepth, boolean refuseDuplicateKeys) {
    this(parser, source, maxNestingDepth, refuseDuplicateKeys, null);
  }

  /**
   * As {@link #CompactEventParser(Parser, String, int, boolean)}; with {@code reader}, the reader
   * under {@code parser}, a flow collection holding comments is handed on without them, its text
   * kept for {@link #takeFlowSource()} ({@link FlowText}).
   */
  public CompactEventParser(
      Parser parser,
      String source,
      int maxNestingDepth,
      boolean refuseDuplicateKeys,
      LinearStreamReader reader) {
    this.parser = parser;
    this.source = source;
    this.maxNestingDepth = maxNestingDepth;
    this.refuseDuplicateKeys = refuseDuplicateKeys;
    this.reader = reader;
  }

  /**
   * The text of the flow collection whose end was handed on last, when it held comments (taken out
   * of its events), with {@code \n} line ends; null otherwise. Cleared by the call.
   */
  String takeFlowSource() {
    String text = flowSource;
    flowSource = null;
    return text;
  }

  @Override
  public boolean checkEvent(Event.ID choice) {
    Event next = peekEvent();
    return next != null && next.is(choice);
  }

  @Override
  public Event peekEvent() {
    if (peeked == null) {
      Event raw = rawPeek();
      if (raw == null) {
        return null;
      }
      lastMark = raw.getStartMark();
      peekedRaw = raw;
      peeked = compact(raw);
    }
    return peeked;
  }

  @Override
  public Event getEvent() {
    Event next = peekEvent();
    Event raw = peekedRaw;
    rawTake();
    peeked = null;
    peekedRaw = null;
    handed = next;
    flowText(next, raw);
    if (next instanceof CollectionStartEvent) {
      if (open.size() >= maxNestingDepth) {
        throw RefusedStructure.deepNesting(
            raw.getStartMark(),
            "nesting deeper than "
                + maxNestingDepth
                + " levels of mappings and sequences; refused. Kubernetes objects nest far less: "
                + "check the input for runaway brackets or indentation.");
      }
      open.push(new Collection(next instanceof MappingStartEvent));
    } else if (next instanceof MappingEndEvent || next instanceof SequenceEndEvent) {
      open.pop();
      childDone();
    } else if (next instanceof ScalarEvent scalar) {
      Collection parent = open.peek();
      if (refuseDuplicateKeys && parent != null && parent.mapping && parent.children % 2 == 0) {
        parent.key(scalar.getValue(), raw.getStartMark());
      }
      childDone();
    } else if (next.is(Event.ID.Alias)) {
      childDone();
    }
    return next;
  }

  /**
   * Follows flow collections: keeps the text of an outermost one that has no anchor or tag written
   * out and is no mapping key, from its start, and at its end hands the text on when comments were
   * taken out of it. An anchor, an alias or a tag inside gives the text up.
   */
  private void flowText(Event next, Event raw) {
    if (next instanceof CollectionStartEvent start && start.isFlow()) {
      if (flowDepth++ == 0) {
        Collection parent = open.peek();
        boolean key = parent != null && parent.mapping && parent.children % 2 == 0;
        flowComments = false;
        flowStart =
            reader != null
                    && !key
                    && start.getAnchor() == null
                    && start.getTag() == null
                    && raw.getStartMark() != null
                    && reader.keepFrom(raw.getStartMark().getIndex())
                ? raw.getStartMark().getIndex()
                : -1;
      } else if (start.getAnchor() != null || start.getTag() != null) {
        giveUpFlowText();
      }
    } else if (flowDepth > 0 && next instanceof CollectionEndEvent) {
      if (--flowDepth == 0 && flowStart >= 0) {
        int end = raw.getEndMark() == null ? -1 : raw.getEndMark().getIndex();
        String text =
            flowComments && end > flowStart && end - flowStart <= FLOW_TEXT_MAX
                ? reader.text(flowStart, end)
                : null;
        flowSource = text == null ? null : text.replace("\r\n", "\n").replace('\r', '\n');
        giveUpFlowText();
      }
    } else if (flowDepth > 0
        && (next instanceof AliasEvent
            || (next instanceof ScalarEvent scalar
                && (scalar.getAnchor() != null || TreeComposer.isExplicit(scalar))))) {
      giveUpFlowText();
    }
  }

  private void giveUpFlowText() {
    if (flowStart >= 0) {
      reader.release();
    }
    flowStart = -1;
  }

  /**
   * The parser's next event, with one change: an in-line comment where snakeyaml's composer expects a
   * node is handed on as a block comment, since the composer would fail on it (found by fuzzing). That
   * is a comment right after {@code [} or {@code {}, at the start of a document, or on a block scalar's
   * header line ({@code - | # the script}), which the parser gives before the scalar itself. A mapping's
   * value is the one place the composer reads such a comment, as its key's in-line comment, but only
   * right after the key: after a blank line or a block comment it fails there too (found by fuzzing:
   * {@code key:}, a blank line, {@code > # note}). As a block comment it is written on its
   * own line before the node: the emitter would write a block scalar's in-line comment after its last
   * line, where it would belong to the next entry when read again. For the same reason a comment on a
   * line of its own after a block scalar, which snakeyaml reports as the scalar's in-line comment when it
   * is indented, is handed on as a block comment of what follows (found by fuzzing: written at column 0,
   * it was read back as a block comment and moved on the next run).
   */
  private Event rawPeek() {
    if (takenComment != null) {
      return takenComment;
    }
    Event raw = parser.peekEvent();
    while (flowStart >= 0 && raw instanceof CommentEvent) {
      // inside a flow collection whose text is kept: the comments are in the text
      parser.getEvent();
      flowComments = true;
      raw = parser.peekEvent();
    }
    Collection parent = open.peek();
    boolean mappingValue = parent != null && parent.mapping && parent.children % 2 == 1;
    if (raw instanceof CommentEvent comment
        && comment.getCommentType() == CommentType.IN_LINE
        && (!mappingValue || handed instanceof CommentEvent)) {
      parser.getEvent();
      Event after = parser.peekEvent();
      boolean afterNode =
          handed instanceof ScalarEvent
              || handed instanceof AliasEvent
              || handed instanceof CollectionEndEvent;
      boolean blockScalarHeader =
          after instanceof ScalarEvent scalar
              && scalar.getStartMark() != null
              && comment.getStartMark() != null
              && scalar.getStartMark().getIndex() < comment.getStartMark().getIndex();
      // after a block scalar, the comment is on a line of its own (the scalar ended with a line
      // break): snakeyaml reports one indented there as in-line, one at column 0 as a block comment
      boolean afterBlockScalar =
          handed instanceof ScalarEvent scalar
              && (scalar.getScalarStyle() == DumperOptions.ScalarStyle.LITERAL
                  || scalar.getScalarStyle() == DumperOptions.ScalarStyle.FOLDED);
      takenComment =
          afterNode && !blockScalarHeader && !afterBlockScalar
              ? comment
              : new CommentEvent(
                  CommentType.BLOCK,
                  comment.getValue(),
                  comment.getStartMark(),
                  comment.getEndMark());
      return takenComment;
    }
    return raw;
  }

  private void rawTake() {
    if (takenComment == null) {
      parser.getEvent();
    } else {
      takenComment = null;
    }
  }

  /** Where the parser is: the start of the last event looked at, for errors that carry no mark. */
  public Mark lastMark() {
    return lastMark;
  }

  private void childDone() {
    Collection parent = open.peek();
    if (parent != null) {
      parent.children++;
    }
  }

  private Event compact(Event raw) {
    switch (raw.getEventId()) {
      case Scalar:
        {
          ScalarEvent e = (ScalarEvent) raw;
          Mark mark = open.size() <= MARKED_SCALAR_DEPTH ? light(e.getStartMark()) : null;
          return new ScalarEvent(
              e.getAnchor(),
              e.getTag(),
              e.getImplicit(),
              shared(e.getValue()),
              mark,
              null,
              e.getScalarStyle());
        }
      case MappingStart:
        {
          MappingStartEvent e = (MappingStartEvent) raw;
          return new MappingStartEvent(
              e.getAnchor(),
              e.getTag(),
              e.getImplicit(),
              light(e.getStartMark()),
              null,
              e.getFlowStyle());
        }
      case SequenceStart:
        {
          SequenceStartEvent e = (SequenceStartEvent) raw;
          return new SequenceStartEvent(
              e.getAnchor(),
              e.getTag(),
              e.getImplicit(),
              light(e.getStartMark()),
              null,
              e.getFlowStyle());
        }
      case MappingEnd:
        return new MappingEndEvent(null, null);
      case SequenceEnd:
        return new SequenceEndEvent(null, null);
      case Comment:
        {
          CommentEvent e = (CommentEvent) raw;
          return new CommentEvent(
              e.getCommentType(),
              e.getValue(),
              light(e.getStartMark()),
              afterDash(e.getStartMark()) ? CommentPlacement.ON_INDICATOR_LINE : null);
        }
      default:
        return raw; // stream, document and alias events: the composer does not keep their marks
    }
  }

  /**
   * Whether a comment is on a sequence item's dash line ({@code - # note}), which snakeyaml reports
   * as a block comment like one on a line of its own: told from the text before it. A mark with no
   * snippet ({@link LinearScanner} keeps none for a comment where this is false) is not.
   */
  static boolean afterDash(Mark mark) {
    if (mark == null || mark.getBuffer() == null) {
      return false;
    }
    int[] buffer = mark.getBuffer();
    int i = Math.min(mark.getPointer(), buffer.length) - 1;
    while (i >= 0 && buffer[i] == ' ') {
      i--;
    }
    return i >= 0 && buffer[i] == '-' && (i == 0 || buffer[i - 1] == ' ' || buffer[i - 1] == '\n');
  }

  private Mark light(Mark mark) {
    return mark == null
        ? null
        : new Mark(source, mark.getIndex(), mark.getLine(), mark.getColumn(), NO_SNIPPET, 0);
  }

  private String shared(String value) {
    if (value.length() > SHARED_VALUE_MAX_LENGTH) {
      return value;
    }
    String known = sharedValues.get(value);
    if (known != null) {
      return known;
    }
    if (sharedValues.size() < SHARED_VALUES_MAX) {
      sharedValues.put(value, value);
    }
    return value;
  }

  /** An open mapping or sequence: how many child nodes it has, and a mapping's keys so far. */
  private static final class Collection {

    final boolean mapping;
    int children;
    private Map<String, Integer> keyLines;

    Collection(boolean mapping) {
      this.mapping = mapping;
    }

    void key(String key, Mark mark) {
      if (keyLines == null) {
        keyLines = new HashMap<>(8);
      }
      Integer firstLine = keyLines.putIfAbsent(key, mark == null ? 0 : mark.getLine() + 1);
      if (firstLine != null) {
        throw RefusedStructure.duplicateKey(
            mark,
            "duplicate key '"
                + key
                + "' in one mapping: first at line "
                + firstLine
                + ", again at line "
                + (mark == null ? 0 : mark.getLine() + 1)
                + ". YAML readers disagree on which value wins: remove one of them.");
      }
    }
  }
}
