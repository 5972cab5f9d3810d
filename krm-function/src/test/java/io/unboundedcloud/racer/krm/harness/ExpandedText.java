package io.unboundedcloud.racer.krm.harness;

import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * The oracle of the rule that what a run's aliases stand for is bounded by what it was sent,
 * counted naively from SnakeYAML's event stream, nothing of the reader used: a document's text as
 * written is the characters of each scalar event (at least one each) and one for each mapping and
 * list it starts; an alias stands for what its anchor's events added up to, aliases inside it
 * counted as what they stand for. A run passes while, document after document, what its aliases
 * stood for so far is at most {@link #FLOOR} plus {@link #RATIO} times what its documents held as
 * written so far.
 */
public final class ExpandedText {
  /** The figures the rule was decided with, written here again so the test does not borrow them. */
  public static final long FLOOR = 1_048_576;

  public static final long RATIO = 16;

  private ExpandedText() {}

  /**
   * One document: its characters as written, what its aliases stand for together, and the anchor of
   * its first alias that stands for the most (null when it has none).
   */
  public record Document(long written, long expanded, String largest) {}

  /** The documents of {@code text} that hold a node, in order. */
  public static List<Document> documents(String text) {
    List<Document> documents = new ArrayList<>();
    Map<String, Long> anchors = new HashMap<>();
    // the characters added since each open anchored collection started, innermost last
    Deque<long[]> open = new ArrayDeque<>();
    Deque<String> openNames = new ArrayDeque<>();
    Deque<Boolean> anchoredStack = new ArrayDeque<>();
    long written = 0;
    long expanded = 0;
    String largest = null;
    long most = -1;
    boolean any = false;
    for (Event event : new Yaml().parse(new StringReader(text))) {
      long own = 0;
      long through = 0;
      if (event instanceof ScalarEvent scalar) {
        own = Math.max(1, scalar.getValue().length());
        if (scalar.getAnchor() != null) {
          anchors.put(scalar.getAnchor(), own);
        }
      } else if (event instanceof AliasEvent alias) {
        through = anchors.get(alias.getAnchor());
        if (through > most) {
          most = through;
          largest = alias.getAnchor();
        }
      } else if (event instanceof CollectionStartEvent start) {
        own = 1;
      } else if (event instanceof CollectionEndEvent) {
        if (anchoredStack.pop()) {
          anchors.put(openNames.pop(), open.pop()[0]);
        }
      } else if (event instanceof DocumentEndEvent) {
        if (any) {
          documents.add(new Document(written, expanded, largest));
        }
        written = 0;
        expanded = 0;
        largest = null;
        most = -1;
        any = false;
      }
      if (event instanceof NodeEvent) {
        any = true;
        written += own;
        expanded += through;
        for (long[] counted : open) {
          counted[0] += own + through;
        }
      }
      if (event instanceof CollectionStartEvent start) {
        boolean anchored = start.getAnchor() != null;
        anchoredStack.push(anchored);
        if (anchored) {
          open.push(new long[] {1});
          openNames.push(start.getAnchor());
        }
      }
    }
    return documents;
  }

  /**
   * The index of the first of {@code run}'s documents, in the order the run reads them, at which
   * its aliases pass the bound, or -1 when the run passes.
   */
  public static int firstPastTheBound(List<Document> run) {
    return firstPastTheBound(run, run.size());
  }

  /**
   * The same for a run of two sets of inputs (diff's sides), the second starting at document {@code
   * secondSetFrom}: from there on the bound has a second {@link #FLOOR}.
   */
  public static int firstPastTheBound(List<Document> run, int secondSetFrom) {
    long written = 0;
    long expanded = 0;
    for (int i = 0; i < run.size(); i++) {
      written += run.get(i).written();
      expanded += run.get(i).expanded();
      long floor = i < secondSetFrom ? FLOOR : 2 * FLOOR;
      if (expanded > floor + RATIO * written) {
        return i;
      }
    }
    return -1;
  }
}
