package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A refusal of the ResourceList for a problem in the text of one of its items (a key written twice,
 * an item that is no object or has no kind, YAML that does not parse, an alias or a nesting the
 * limits refuse), told about that item instead of about the ResourceList kpt or kustomize
 * generated: the result carries the item's {@code resourceRef} and file (from its {@code
 * config.kubernetes.io/path} and {@code index} annotations or their {@code internal.} twins, {@link
 * Item#ref()}), and every line in the message is counted in the item's own text, its first line
 * being line 1. Neither kpt nor kustomize sends the line an object starts at in its file, so that
 * is the nearest line the function can name. A problem outside the items (the envelope, the
 * function config) keeps its position in the input.
 *
 * <p>The item is found by the lines of the input: the entries of the block sequence under {@code
 * items:} (kpt and kustomize write it so). Its identity comes from its node when the envelope was
 * read ({@link YamlInputException#items()}); when the YAML did not parse, from the lines of its
 * text (apiVersion, kind, metadata's name and namespace, the file annotations).
 */
public final class ItemTextProblem {

  private static final Pattern LINE = Pattern.compile("\\bline (\\d+)(, column (\\d+))?");

  /**
   * What a line in the object's text is counted from, said in every message: kpt re-writes an
   * object (its annotations added, blank lines dropped) and kustomize sorts its keys, so no line of
   * the text they send can be turned into a line of the file.
   */
  static final String COUNTED =
      "(its first line is line 1; kpt and kustomize send no line in the file)";

  private static final Pattern ENTRY = Pattern.compile("^ *(- |-$)");
  private static final Pattern FIELD =
      Pattern.compile("^( *)(?:- )?([\\w./-]+):[ \\t]*(.*?)[ \\t]*$");
  private static final List<String> ANNOTATIONS =
      List.of(
          Item.PATH_ANNOTATION,
          Item.INTERNAL_PATH_ANNOTATION,
          Item.INDEX_ANNOTATION,
          Item.INTERNAL_INDEX_ANNOTATION);

  /** How many lines of an item are kept to find its identity when its YAML did not parse. */
  static final int KEPT_LINES = 1_000;

  private ItemTextProblem() {}

  /**
   * The input's first {@code count} lines, of which only those from the last {@code items:} entry
   * that starts before the end are kept ({@link #KEPT_LINES} at most); the others are null. An
   * input of megabytes is never held whole.
   */
  private static String[] linesUpTo(InputStream input, int count) throws IOException {
    String[] lines = new String[count];
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
    int kept = 0;
    for (int i = 0; i < count; i++) {
      String line = reader.readLine();
      if (line == null) {
        break;
      }
      boolean entry = ENTRY.matcher(line).find() || line.startsWith("items:");
      if (entry) {
        kept = 0;
      }
      // the structure's lines (entries, shallow keys) always; an item's other lines up to a bound
      if (entry || kept++ < KEPT_LINES || !line.startsWith("    ")) {
        lines[i] = line;
      } else {
        lines[i] = "    ";
      }
    }
    return lines;
  }

  /**
   * The error result for {@code refused}: {@code prefix} and the message, about the item whose text
   * holds the problem when there is one.
   *
   * @param input the input as it was read, or {@code null} when it was not kept; read only up to
   *     the problem's line, and of the item's lines only the first {@value #KEPT_LINES} are kept
   */
  public static Result of(String prefix, YamlInputException refused, InputStream input) {
    Result plain = Result.error(prefix + refused.getMessage());
    if (refused.line() == 0 || input == null) {
      return plain;
    }
    String[] lines;
    try {
      lines = linesUpTo(input, refused.line());
    } catch (IOException | UncheckedIOException unreadable) {
      return plain;
    }
    Span span = Span.holding(lines, refused.line() - 1);
    if (span == null) {
      return plain;
    }
    ResourceRef ref = span.ref(lines, refused.items().orElse(null));
    String location = refused.location();
    String problem = refused.getMessage();
    problem = problem.startsWith(location) ? problem.substring(location.length()) : problem;
    int column = Math.max(1, refused.column() - span.indent());
    String message =
        "line "
            + span.lineInItem(refused.line())
            + ", column "
            + column
            + " of the object's text "
            + COUNTED
            + ": "
            + span.countedInItem(problem);
    Result result = Result.error(prefix + message);
    // an item that is no object has nothing to name it by
    boolean named = ref.kind() != null || ref.name() != null || ref.filePath() != null;
    return named ? result.withResource(ref) : result;
  }

  /**
   * The lines of one item: {@code first} (its dash) to {@code end} (exclusive), 0-based, its text
   * indented by {@code indent} columns, the {@code index}th item of the list.
   */
  private record Span(int first, int end, int indent, int index) {

    /** The item whose lines hold {@code line} (0-based), or null when none does. */
    static Span holding(String[] lines, int line) {
      int items = -1;
      for (int i = 0; i < lines.length && items < 0; i++) {
        if (lines[i] != null && lines[i].startsWith("items:") && lines[i].substring(6).isBlank()) {
          items = i;
        }
      }
      if (items < 0 || line <= items) {
        return null;
      }
      int dash = -1;
      int first = -1;
      int index = -1;
      for (int i = items + 1; i < lines.length; i++) {
        String text = lines[i];
        if (text == null || text.isBlank() || text.stripLeading().startsWith("#")) {
          continue;
        }
        int indent = text.length() - text.stripLeading().length();
        boolean entry = ENTRY.matcher(text).find();
        if (dash < 0) {
          if (!entry) {
            return null;
          }
          dash = indent;
        }
        boolean starts = indent == dash && entry;
        boolean outside = indent < dash || (indent == dash && !entry);
        if (starts || outside) {
          if (first >= 0 && line >= first && line < i) {
            return new Span(first, i, dash + 2, index);
          }
          if (outside) {
            return null;
          }
          first = i;
          index++;
        }
      }
      return first >= 0 && line >= first ? new Span(first, lines.length, dash + 2, index) : null;
    }

    /** {@code line} (1-based, of the input) counted in the item: its first line is 1. */
    int lineInItem(int line) {
      return line - first;
    }

    /**
     * {@code problem} with each line number of the input within the item counted in the item, and
     * the column after it ({@code line 6, column 5}) in the item's text.
     */
    String countedInItem(String problem) {
      Matcher matcher = LINE.matcher(problem);
      StringBuilder out = new StringBuilder();
      while (matcher.find()) {
        int line = Integer.parseInt(matcher.group(1));
        String counted = matcher.group();
        if (line > first && line <= end) {
          counted = "line " + lineInItem(line);
          if (matcher.group(3) != null) {
            counted += ", column " + Math.max(1, Integer.parseInt(matcher.group(3)) - indent);
          }
        }
        matcher.appendReplacement(out, counted);
      }
      return matcher.appendTail(out).toString();
    }

    /** The item's resourceRef: from its node when the items were read, else from its lines. */
    ResourceRef ref(String[] lines, Node items) {
      if (items instanceof SequenceNode sequence
          && index < sequence.getValue().size()
          && sequence.getValue().get(index) instanceof MappingNode node
          && node.getStartMark() != null
          && node.getStartMark().getLine() == first) {
        return new Item(node).ref();
      }
      return new Item(fieldsOf(lines)).ref();
    }

    /**
     * What a result needs of an item whose YAML does not parse, from its lines: apiVersion and kind
     * (at its top level), metadata's name and namespace, and the annotations that name its file.
     */
    private MappingNode fieldsOf(String[] lines) {
      MappingNode item = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
      MappingNode metadata = Nodes.ensureMapping(item, "metadata");
      MappingNode annotations = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
      boolean inMetadata = false;
      for (int i = first; i < end; i++) {
        if (lines[i] == null) {
          continue;
        }
        Matcher field = FIELD.matcher(i == first ? lines[i].replaceFirst("- ", "  ") : lines[i]);
        if (!field.matches()) {
          continue;
        }
        int depth = field.group(1).length() - indent;
        String key = field.group(2);
        String value = unquoted(field.group(3));
        if (depth == 0) {
          inMetadata = key.equals("metadata");
          if (key.equals("apiVersion") || key.equals("kind")) {
            Nodes.put(item, key, value);
          }
        } else if (inMetadata && depth == 2 && (key.equals("name") || key.equals("namespace"))) {
          Nodes.put(metadata, key, value);
        } else if (inMetadata && ANNOTATIONS.contains(key)) {
          Nodes.put(annotations, key, value);
        }
      }
      if (!annotations.getValue().isEmpty()) {
        Nodes.put(metadata, "annotations", annotations);
      }
      return item;
    }

    private static String unquoted(String value) {
      String text = value.replaceFirst("[ \\t]+#.*$", "");
      if (text.length() >= 2
          && (text.charAt(0) == '\'' || text.charAt(0) == '"')
          && text.charAt(text.length() - 1) == text.charAt(0)) {
        return text.substring(1, text.length() - 1);
      }
      return text;
    }
  }
}
