package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.CommentEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.tokens.CommentToken;
import org.yaml.snakeyaml.tokens.Token;

/**
 * Runs of comment lines (and blank lines, which are comment tokens too) carried through snakeyaml's
 * parser as one token each, and handed on after it as the events the parser makes of each line.
 *
 * <p>snakeyaml's parser takes the comments after a mapping's {@code :} by recursion, one stack
 * frame per comment line ({@code ParserImpl$ParseBlockMappingValueComment.produce}), so about
 * 16,500 comment lines after {@code data:} overflowed the 4 MiB stack and the input was refused as
 * nesting too deeply: a count of lines taken for depth. Everywhere else it takes a comment token as
 * one event of its own, whatever comes before or after it. So a run joined into one token gives,
 * after the parser, one event where the run's lines would each have given theirs in the same place;
 * that event is split back into the lines' own events (type, text and marks as the parser makes
 * them), and what follows the parser cannot tell the difference.
 *
 * <p>A joined token is known by the identity of its start mark, a copy of its first line's made for
 * it; the parser passes a comment token's marks on to its event unchanged.
 */
public final class CommentRuns {

  private static final int[] NO_SNIPPET = new int[0];

  private final Map<Mark, Run> runs = new IdentityHashMap<>();

  /** One token for {@code comments}; the token itself for one. */
  Token join(Run comments) {
    if (comments.size() == 1) {
      return comments.get(0);
    }
    CommentToken first = (CommentToken) comments.get(0);
    Mark start = first.getStartMark();
    Mark key =
        new Mark(
            start.getName(),
            start.getIndex(),
            start.getLine(),
            start.getColumn(),
            start.getBuffer(),
            start.getPointer());
    runs.put(key, comments);
    return new CommentToken(first.getCommentType(), first.getValue(), key, key);
  }

  /** {@code parser}, whose scanner joined runs here, with each run's event split into its lines. */
  public Parser splitting(Parser parser) {
    return new Splitting(parser);
  }

  /**
   * Comment tokens in the order they came, held in a few bytes a line: a run of a million comment
   * lines held as snakeyaml's tokens (a token and two marks each) took about 130 MB. The first is
   * kept as it came; each later one is on a line of its own (the comment before it ends its line),
   * so its mark needs no snippet of the text: its index, line and column are what is read of it.
   */
  static final class Run extends AbstractList<Token> {
    private Token first;
    private int size;
    private int[] indexes = new int[0];
    private int[] lines = new int[0];
    private int[] columns = new int[0];
    private CommentType[] types = new CommentType[0];
    private String[] values = new String[0];

    @Override
    public boolean add(Token token) {
      CommentToken comment = (CommentToken) token;
      if (size == 0) {
        first = comment;
      } else {
        int i = size - 1;
        if (i == indexes.length) {
          int capacity = Math.max(8, 2 * i);
          indexes = Arrays.copyOf(indexes, capacity);
          lines = Arrays.copyOf(lines, capacity);
          columns = Arrays.copyOf(columns, capacity);
          types = Arrays.copyOf(types, capacity);
          values = Arrays.copyOf(values, capacity);
        }
        Mark mark = comment.getStartMark();
        indexes[i] = mark.getIndex();
        lines[i] = mark.getLine();
        columns[i] = mark.getColumn();
        types[i] = comment.getCommentType();
        values[i] = comment.getValue();
      }
      size++;
      modCount++;
      return true;
    }

    @Override
    public Token get(int index) {
      Objects.checkIndex(index, size);
      if (index == 0) {
        return first;
      }
      int i = index - 1;
      Mark mark =
          new Mark(first.getStartMark().getName(), indexes[i], lines[i], columns[i], NO_SNIPPET, 0);
      return new CommentToken(types[i], values[i], mark, mark);
    }

    @Override
    public int size() {
      return size;
    }

    /** Each in-line comment made a block comment, a line of its own. */
    Run asLines() {
      if (size > 0) {
        first = asLine(first);
      }
      for (int i = 0; i < size - 1; i++) {
        if (types[i] == CommentType.IN_LINE) {
          types[i] = CommentType.BLOCK;
        }
      }
      return this;
    }

    /** A comment as a line of its own: an in-line one where it moves would join another node. */
    static Token asLine(Token comment) {
      CommentToken token = (CommentToken) comment;
      return token.getCommentType() == CommentType.IN_LINE
          ? new CommentToken(
              CommentType.BLOCK, token.getValue(), token.getStartMark(), token.getEndMark())
          : token;
    }
  }

  private final class Splitting implements Parser {
    private final Parser parser;

    /** The run being handed on, line by line; null when none. */
    private Run run;

    /** The next line of {@link #run} to hand on. */
    private int next;

    /** The event of that line, made when looked at. */
    private Event line;

    Splitting(Parser parser) {
      this.parser = parser;
    }

    @Override
    public boolean checkEvent(Event.ID choice) {
      Event next = peekEvent();
      return next != null && next.is(choice);
    }

    @Override
    public Event peekEvent() {
      if (run == null) {
        Event event = parser.peekEvent();
        Run joined = event instanceof CommentEvent ? runs.remove(event.getStartMark()) : null;
        if (joined == null) {
          return event;
        }
        parser.getEvent();
        run = joined;
        next = 0;
      }
      if (line == null) {
        // as the parser makes a comment token's event
        CommentToken token = (CommentToken) run.get(next);
        line =
            new CommentEvent(
                token.getCommentType(), token.getValue(), token.getStartMark(), token.getEndMark());
      }
      return line;
    }

    @Override
    public Event getEvent() {
      Event event = peekEvent();
      if (run == null) {
        parser.getEvent();
      } else {
        line = null;
        if (++next == run.size()) {
          run = null;
        }
      }
      return event;
    }
  }
}
