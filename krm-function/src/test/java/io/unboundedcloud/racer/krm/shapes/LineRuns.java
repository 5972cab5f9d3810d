package io.unboundedcloud.racer.krm.shapes;

import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs of comment lines and blank lines, of any length, in every place of a document where a line
 * of its own may stand: before the first key, in mappings, in sequences and sequences of sequences,
 * inside flow collections, beside block scalars, at the end. None of them is nesting: issue 52
 * (point 3) asks that they never count as depth, whatever their length within the byte budget.
 * Comment runs are in kyaml's form (the column of what follows them), so kpt's identity gives a
 * document of them back as it came; what kyaml does with blank lines (it drops most, keeps one
 * between two comment lines) only kpt says.
 */
public final class LineRuns {

  private LineRuns() {}

  /** What a run's lines are. */
  public enum Kind {
    /** {@code # run N}, each line numbered. */
    COMMENTS,
    /** Empty lines. */
    BLANK,
    /** A comment line, then an empty line, in turn. */
    MIXED;

    /** {@code count} lines of this kind, each indented by {@code indent}. */
    String lines(String indent, int count) {
      StringBuilder out = new StringBuilder();
      for (int i = 1; i <= count; i++) {
        boolean comment = this == COMMENTS || this == MIXED && i % 2 == 1;
        out.append(comment ? indent + "# run " + i + "\n" : "\n");
      }
      return out.toString();
    }
  }

  /**
   * A place for a run: the text before it, the indentation of its comment lines (the column of what
   * follows, as kyaml writes them), the text after it.
   */
  public enum Place {
    BEFORE_THE_FIRST_KEY("", "", "kind: Blob\nspec:\n  a: b\n"),
    AFTER_A_KEY("kind: Blob\nspec:\n", "  ", "  a: b\n"),
    BETWEEN_ENTRIES("kind: Blob\nspec:\n  a: b\n", "  ", "  c: d\n"),
    AT_A_MAPPING_S_END("kind: Blob\nspec:\n  a: b\n", "  ", "other: x\n"),
    BEFORE_SEQUENCE_ITEMS("kind: Blob\nlist:\n", "", "- a\n- b\n"),
    BETWEEN_SEQUENCE_ITEMS("kind: Blob\nlist:\n- a\n", "", "- b\n"),
    IN_A_SEQUENCE_OF_SEQUENCES("kind: Blob\nlist:\n- - a\n", "  ", "  - b\n- c\n"),
    INSIDE_A_FLOW_SEQUENCE("kind: Blob\nargs: [a, # first\n", "  ", "  b]\n"),
    INSIDE_A_FLOW_MAPPING("kind: Blob\ndata: {a: 1, # one\n", "  ", "  b: 2}\n"),
    AFTER_A_BLOCK_SCALAR("kind: Blob\nscript: |\n  echo hi\n", "", "next: x\n"),
    AFTER_A_BLOCK_SCALAR_ITEM("kind: Blob\nlist:\n- |\n  text\n", "", "- b\n"),
    BEFORE_A_BLOCK_SCALAR("kind: Blob\nfirst: x\n", "", "script: >\n  folded\n"),
    AT_THE_END("kind: Blob\nspec:\n  a: b\n", "", "");

    private final String before;
    private final String indent;
    private final String after;

    Place(String before, String indent, String after) {
      this.before = before;
      this.indent = indent;
      this.after = after;
    }

    /** The document with {@code count} lines of {@code kind} here, its first line {@code head}. */
    public String document(String head, Kind kind, int count) {
      String run = kind.lines(indent, count);
      return this == BEFORE_THE_FIRST_KEY
          ? run + head + before + after
          : head + before + run + after;
    }

    /**
     * Whether a comment of this place's own stands next to a run: there kyaml may keep a blank line
     * of it (between two comment lines).
     */
    public boolean besideAComment() {
      return before.contains("#");
    }
  }

  /**
   * Every place with every kind of run, at each of {@code counts} lines, one document each, named
   * by place, kind and count, with {@code apiVersion} and {@code metadata.name} as kpt needs them.
   */
  public static List<Document> every(int... counts) {
    List<Document> documents = new ArrayList<>();
    for (Place place : Place.values()) {
      for (Kind kind : Kind.values()) {
        for (int count : counts) {
          documents.add(of(place, kind, count));
        }
      }
    }
    return documents;
  }

  /** One document: {@code count} lines of {@code kind} at {@code place}. */
  public static Document of(Place place, Kind kind, int count) {
    String name = (place + "-" + kind + "-" + count).toLowerCase().replace('_', '-');
    return new Document(
        name,
        place.document(
            "apiVersion: example.com/v1\nmetadata:\n  name: " + name + "\n", kind, count));
  }
}
