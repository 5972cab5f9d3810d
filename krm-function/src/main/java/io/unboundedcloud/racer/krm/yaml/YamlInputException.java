package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.Optional;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/**
 * The YAML input cannot be used. The message is written for the user who sent the input, complete
 * on one line: where ({@code source:line:column}, 1-based), what is wrong, and what to do. Print
 * {@link #getMessage()} to stderr, never the stack trace.
 */
public final class YamlInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final int column;
  private transient Node items;
  private boolean duplicateKey;
  private boolean expansion;
  private boolean deepNesting;

  private YamlInputException(String source, int line, int column, String message, Throwable cause) {
    super(message, cause);
    this.source = source;
    this.line = line;
    this.column = column;
  }

  /** A problem at a position; {@code mark} may be null when snakeyaml gave none. */
  static YamlInputException at(String source, Mark mark, String problem, Throwable cause) {
    int line = mark == null ? 0 : mark.getLine() + 1;
    int column = mark == null ? 0 : mark.getColumn() + 1;
    return new YamlInputException(
        source, line, column, location(source, line, column) + problem, cause);
  }

  static YamlInputException at(String source, Mark mark, String problem) {
    return at(source, mark, problem, null);
  }

  /** A problem with the input as a whole (empty, too large, unreadable). */
  static YamlInputException of(String source, String problem, Throwable cause) {
    return new YamlInputException(source, 0, 0, location(source, 0, 0) + problem, cause);
  }

  /**
   * The refusal of an input longer than {@code maxInputBytes}: the limit named, and what to do. For
   * a caller that measures the input before it reads it as YAML.
   */
  public static YamlInputException tooLarge(String source, long maxInputBytes, Throwable cause) {
    return tooLarge(source, maxInputBytes, 0, cause);
  }

  /**
   * As {@link #tooLarge(String, long, Throwable)}, for an input read after others of the same run
   * had spent {@code spentBefore} bytes of its budget.
   */
  public static YamlInputException tooLarge(
      String source, long maxInputBytes, long spentBefore, Throwable cause) {
    String size = bytes(maxInputBytes);
    if (spentBefore == 0) {
      return of(
          source,
          "the input is larger than "
              + size
              + ", the most this function reads; refused. Split it"
              + " into smaller inputs.",
          cause);
    }
    return of(
        source,
        "the inputs are larger than "
            + size
            + " together, the most one run reads (all files and stdin): the"
            + " inputs before this one took "
            + bytes(spentBefore)
            + " of it; refused. Read fewer or smaller inputs in each run.",
        cause);
  }

  /**
   * The refusal, from their sizes and before any is parsed, of inputs that together pass the byte
   * budget of one run ({@code maxInputBytes}); {@code given} says how much was given, and in which
   * files.
   */
  public static YamlInputException overBudget(String given, long maxInputBytes) {
    return new YamlInputException(
        "input",
        0,
        0,
        "the input is larger than "
            + bytes(maxInputBytes)
            + ", the most one run reads, all files and stdin together: "
            + given
            + "; refused. Read fewer or smaller files in each run.",
        null);
  }

  /** {@code count} bytes as a message says them: exact MiB, or bytes. */
  public static String bytes(long count) {
    return count % (1 << 20) == 0 ? (count >> 20) + " MiB" : count + " bytes";
  }

  /** An input that could not be read at all (an I/O error of the stream or file). */
  public static YamlInputException unreadable(String source, java.io.IOException cause) {
    return of(source, "could not read the input: " + cause.getMessage(), cause);
  }

  /**
   * Where a message says the problem is: the source (a file's path, cut after {@link
   * QuotedText#PATH_SHOWN} characters: a path can be the input's too), and the line and column.
   */
  private static String location(String source, int line, int column) {
    String shown = QuotedText.cutPath(source);
    return line == 0 ? shown + ": " : shown + ":" + line + ":" + column + ": ";
  }

  /** The start of the message that says where: {@code source:line:column: }. */
  public String location() {
    return location(source, line, column);
  }

  /**
   * The input's {@code items}, as parsed, when the envelope was readable but a part of it was not:
   * a function writes them back unchanged so no item is lost, even on failure. Empty otherwise.
   */
  public Optional<Node> items() {
    return Optional.ofNullable(items);
  }

  /** This exception with the parsed items of the envelope it was thrown for. */
  YamlInputException withItems(Node parsedItems) {
    this.items = parsedItems;
    return this;
  }

  /**
   * Whether the input was refused for a key repeated in one mapping: its items can still be read
   * with both entries kept ({@link YamlReader#keepingItems}) and go back as they came.
   */
  public boolean isDuplicateKey() {
    return duplicateKey;
  }

  YamlInputException forDuplicateKey() {
    this.duplicateKey = true;
    return this;
  }

  /**
   * Whether the input was refused for what its aliases stand for in characters (the run's byte
   * budget, or their proportion to the input): YAML that kubectl reads, so that a function can give
   * it back as it came, aliases unexpanded.
   */
  public boolean isExpansion() {
    return expansion;
  }

  YamlInputException forExpansion() {
    this.expansion = true;
    return this;
  }

  /**
   * Whether the input was refused for nesting deeper than the reader's limit ({@link
   * YamlLimits#maxNestingDepth()}): kpt and kubectl read up to 10,000 levels, so that a function
   * can give such a text back as it came ({@link ResourceListOutline} reads that deep).
   */
  public boolean isDeepNesting() {
    return deepNesting;
  }

  YamlInputException forDeepNesting() {
    this.deepNesting = true;
    return this;
  }

  /** Where the input came from: {@code stdin} or a file name. */
  public String source() {
    return source;
  }

  /** 1-based line of the problem, 0 when the problem concerns the input as a whole. */
  public int line() {
    return line;
  }

  /** 1-based column of the problem, 0 when the problem concerns the input as a whole. */
  public int column() {
    return column;
  }
}
