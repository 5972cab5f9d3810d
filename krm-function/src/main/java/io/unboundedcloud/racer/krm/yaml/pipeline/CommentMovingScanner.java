package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.scanner.Scanner;
import org.yaml.snakeyaml.tokens.CommentToken;
import org.yaml.snakeyaml.tokens.ScalarToken;
import org.yaml.snakeyaml.tokens.Token;

/**
 * Sits between snakeyaml's scanner and its parser, and moves the comments its parser refuses to the
 * nearest place it takes them, keeping each comment. snakeyaml's parser takes a comment token only
 * where a node or an entry may start; PyYAML, yaml.v3 and so kyaml read comments in three more
 * places of block context, and kpt sends them (a file that starts {@code --- !!map} then {@code #
 * note} reaches a function as {@code - !!map}, then the comment, then the object):
 *
 * <ul>
 *   <li>between an explicit key and its {@code :} ({@code ? key # note}, or a comment line before
 *       the {@code :}): moved after the {@code :}, where a comment is the key's, as in {@code key:
 *       # note}; the writer puts it on the entry's line, as kyaml does ({@code key: value # note});
 *   <li>right after the {@code ?} of an explicit key ({@code ? # note}): moved before the {@code
 *       ?}, a comment line above the entry;
 *   <li>after a node's tag or anchor, before its content ({@code key: !!map # note}, {@code - !t},
 *       a comment line, then the mapping): before a block mapping or sequence it moves into it,
 *       ahead of its first entry (a line of its own there, as kyaml writes a comment line after
 *       {@code --- !!map}); before anything else it moves before the tag (after a {@code :}, the
 *       key's comment again; elsewhere a line of its own).
 * </ul>
 *
 * Flow collections are left alone: their comments are kept with their text ({@link FlowText}).
 * Holds at most the tokens of one node's properties and the comments after them.
 *
 * <p>In block context, each run of comment tokens it hands on together goes to the parser as one
 * token ({@link CommentRuns}; the parser after it splits them again), so that no count of comment
 * lines costs the parser's recursion stack.
 */
public final class CommentMovingScanner implements Scanner {

  private final Scanner scanner;
  private final Deque<Token> ready = new ArrayDeque<>();
  private final CommentRuns runs = new CommentRuns();

  /** How deep in flow collections the tokens taken from the scanner are; 0 in block context. */
  private int flowDepth;

  /** The token taken from the scanner last. */
  private Token last;

  /**
   * @param scanner snakeyaml's scanner, with comments turned on
   */
  public CommentMovingScanner(Scanner scanner) {
    this.scanner = scanner;
  }

  /** Where the runs of comments handed on as one token are split again after the parser. */
  public CommentRuns runs() {
    return runs;
  }

  @Override
  public boolean checkToken(Token.ID... choices) {
    Token next = peekToken();
    if (next == null) {
      return false;
    }
    if (choices.length == 0) {
      return true;
    }
    for (Token.ID choice : choices) {
      if (next.getTokenId() == choice) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Token peekToken() {
    if (ready.isEmpty()) {
      fill();
    }
    return ready.peekFirst();
  }

  @Override
  public Token getToken() {
    if (ready.isEmpty()) {
      fill();
    }
    return ready.pollFirst();
  }

  @Override
  public void resetDocumentIndex() {
    scanner.resetDocumentIndex();
  }

  /**
   * Takes the next token, and when comments follow it where the parser refuses them, moves them.
   */
  private void fill() {
    Token before = last;
    Token token = take();
    if (token == null) {
      return;
    }
    if (flowDepth > 0) {
      ready.add(token);
      return;
    }
    switch (token.getTokenId()) {
      case Key -> afterKeyIndicator(token);
      case Comment -> beforeValueIndicator(token);
      case Anchor, Tag -> afterProperties(token, before);
      default -> ready.add(token);
    }
  }

  /** {@code ? # note}: the comments go before the {@code ?}, as lines of their own. */
  private void afterKeyIndicator(Token key) {
    addRun(comments(new CommentRuns.Run()).asLines());
    ready.add(key);
  }

  /** Comments then {@code :} (an explicit key's value): the comments go after the {@code :}. */
  private void beforeValueIndicator(Token first) {
    CommentRuns.Run comments = new CommentRuns.Run();
    comments.add(first);
    comments(comments);
    if (scanner.checkToken(Token.ID.Value)) {
      ready.add(take());
    }
    addRun(comments);
  }

  /**
   * A node's anchor and tag, then comments. Before a block collection, a comment line goes into it
   * (kyaml's place), and so does an in-line comment but after a {@code :} (it stays the key's, on
   * the line); before anything else, every comment goes before the properties.
   */
  private void afterProperties(Token first, Token before) {
    List<Token> properties = new ArrayList<>();
    properties.add(first);
    while (scanner.checkToken(Token.ID.Anchor, Token.ID.Tag)) {
      properties.add(take());
    }
    CommentRuns.Run comments = comments(new CommentRuns.Run());
    if (comments.isEmpty() || !contentFollows(before)) {
      // an empty node (a tag with no value), the comments after it: snakeyaml takes them there
      ready.addAll(properties);
      addRun(comments);
      return;
    }
    if (!scanner.checkToken(Token.ID.BlockMappingStart, Token.ID.BlockSequenceStart)) {
      addRun(comments);
      ready.addAll(properties);
      return;
    }
    boolean afterColon = before != null && before.getTokenId() == Token.ID.Value;
    CommentRuns.Run inside = new CommentRuns.Run();
    for (Token comment : comments) {
      if (afterColon && ((CommentToken) comment).getCommentType() == CommentType.IN_LINE) {
        ready.add(comment);
      } else {
        inside.add(CommentRuns.Run.asLine(comment));
      }
    }
    ready.addAll(properties);
    ready.add(take());
    addRun(inside);
  }

  /** Comment tokens handed on together, as one token. */
  private void addRun(CommentRuns.Run comments) {
    if (!comments.isEmpty()) {
      ready.add(runs.join(comments));
    }
  }

  /**
   * Whether the node whose properties were taken has content after the comments: not when what
   * comes next ends it (the next key, a {@code :}, the end of a block or a document); a {@code -}
   * is its content only after a {@code :} ({@code key: !!seq}, then a sequence at the key's
   * indent), elsewhere the next item.
   */
  private boolean contentFollows(Token before) {
    if (scanner.checkToken(Token.ID.BlockEntry)) {
      return before != null && before.getTokenId() == Token.ID.Value;
    }
    return scanner.checkToken()
        && !scanner.checkToken(
            Token.ID.Key,
            Token.ID.Value,
            Token.ID.BlockEnd,
            Token.ID.FlowEntry,
            Token.ID.FlowMappingEnd,
            Token.ID.FlowSequenceEnd,
            Token.ID.DocumentStart,
            Token.ID.DocumentEnd,
            Token.ID.StreamEnd);
  }

  /** The comment tokens next in the scanner, taken into {@code comments}, which it returns. */
  private CommentRuns.Run comments(CommentRuns.Run comments) {
    while (scanner.checkToken(Token.ID.Comment)) {
      comments.add(take());
    }
    return comments;
  }

  /** The scanner's next token, following flow collections; null at the end. */
  private Token take() {
    if (!scanner.checkToken()) {
      return null;
    }
    Token token = scanner.getToken();
    last = token;
    switch (token.getTokenId()) {
      case FlowMappingStart, FlowSequenceStart -> flowDepth++;
      case FlowMappingEnd, FlowSequenceEnd -> flowDepth = Math.max(0, flowDepth - 1);
      case Scalar -> UnicodeEscapes.check((ScalarToken) token);
      default -> {}
    }
    return token;
  }
}
