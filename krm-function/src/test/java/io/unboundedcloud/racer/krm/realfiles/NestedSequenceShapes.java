package io.unboundedcloud.racer.krm.realfiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sequences of sequences with comments in each place kyaml writes one around them (Argo Workflows'
 * {@code steps:} has this shape), as files of a package: every combination of a nesting depth
 * ({@code - - x}, {@code - - - x}), what the innermost items are (a scalar, a mapping, an empty
 * flow sequence, a flow sequence) and a set of comment places:
 *
 * <ul>
 *   <li>above an outer dash, at the sequence's column (the first item and a later one);
 *   <li>on an outer dash's line, the nested sequence on the lines below ({@code - # note});
 *   <li>on the innermost dash's line before a mapping's first key ({@code - - # note});
 *   <li>between the innermost items, at their column;
 *   <li>at the end of the innermost sequence, at its column, before the next outer item;
 *   <li>in-line after a scalar.
 * </ul>
 *
 * Each text is written as kpt writes such a file, so that the function, given it in a ResourceList,
 * has to give it back unchanged, and through kpt has to write the file as {@code cat} does on every
 * run.
 */
public final class NestedSequenceShapes {

  /** A comment place of the list above. */
  enum Place {
    ABOVE_FIRST,
    ABOVE_LATER,
    ON_OUTER_DASH,
    ON_INNER_DASH,
    BETWEEN_INNER,
    END_OF_INNER,
    IN_LINE
  }

  /** What the innermost sequence holds. */
  enum Leaf {
    SCALAR,
    MAPPING,
    EMPTY_FLOW,
    FLOW
  }

  private NestedSequenceShapes() {}

  /** The files, by relative path ({@code nested-sequences/...yaml}), in a stable order. */
  public static Map<String, String> files() {
    Map<String, String> files = new TreeMap<>();
    for (int depth = 2; depth <= 3; depth++) {
      for (Leaf leaf : Leaf.values()) {
        List<List<Place>> sets = new ArrayList<>();
        for (Place place : Place.values()) {
          sets.add(List.of(place));
        }
        sets.add(List.of(Place.values()));
        for (List<Place> places : sets) {
          String name =
              "d"
                  + depth
                  + "-"
                  + leaf.name().toLowerCase().replace('_', '-')
                  + "-"
                  + (places.size() == 1
                      ? places.get(0).name().toLowerCase().replace('_', '-')
                      : "all");
          String text = document(name, depth, leaf, places);
          if (text != null) {
            files.put("nested-sequences/" + name + ".yaml", text);
          }
        }
      }
    }
    return files;
  }

  /** One document, or null where the places do not apply to the leaf. */
  static String document(String name, int depth, Leaf leaf, List<Place> places) {
    boolean applies =
        places.size() > 1
            || switch (places.get(0)) {
              case ON_INNER_DASH -> leaf == Leaf.MAPPING;
              case IN_LINE -> leaf == Leaf.SCALAR;
              default -> true;
            };
    if (!applies) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    text.append("apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTemplate\nmetadata:\n  name: ")
        .append(name)
        .append("\nspec:\n  steps:\n");
    for (int item = 0; item < 2; item++) {
      outerItem(text, depth, leaf, places, item);
    }
    text.append("  parallelism: 1\n");
    return text.toString();
  }

  private static void outerItem(
      StringBuilder text, int depth, Leaf leaf, List<Place> places, int item) {
    int column = 2;
    if (places.contains(item == 0 ? Place.ABOVE_FIRST : Place.ABOVE_LATER)) {
      line(text, column, "# above outer item " + item);
    }
    StringBuilder prefix = new StringBuilder(" ".repeat(column));
    if (places.contains(Place.ON_OUTER_DASH)) {
      text.append(prefix).append("- # on the outer dash of item ").append(item).append('\n');
      column += 2;
      prefix = new StringBuilder(" ".repeat(column));
    }
    int dashes = places.contains(Place.ON_OUTER_DASH) ? depth - 1 : depth;
    prefix.append("- ".repeat(dashes));
    int leafColumn = column + 2 * dashes;
    int innerColumn = leafColumn - 2;
    for (int j = 0; j < 2; j++) {
      if (j == 1) {
        if (places.contains(Place.BETWEEN_INNER)) {
          line(text, innerColumn, "# between inner items of " + item);
        }
        prefix = new StringBuilder(" ".repeat(innerColumn) + "- ");
      }
      leaf(text, prefix.toString(), leafColumn, leaf, places, item + "" + j);
    }
    if (places.contains(Place.END_OF_INNER)) {
      line(text, innerColumn, "# end of the inner items of " + item);
    }
  }

  private static void leaf(
      StringBuilder text, String prefix, int column, Leaf leaf, List<Place> places, String id) {
    switch (leaf) {
      case SCALAR ->
          text.append(prefix)
              .append("step-")
              .append(id)
              .append(places.contains(Place.IN_LINE) ? " # in-line " + id : "")
              .append('\n');
      case MAPPING -> {
        if (places.contains(Place.ON_INNER_DASH)) {
          text.append(prefix).append("# on the inner dash of ").append(id).append('\n');
          line(text, column, "name: step-" + id);
        } else {
          text.append(prefix).append("name: step-").append(id).append('\n');
        }
        line(text, column, "template: say");
      }
      case EMPTY_FLOW -> text.append(prefix).append("[]\n");
      case FLOW -> text.append(prefix).append("[a, b]\n");
    }
  }

  private static void line(StringBuilder text, int column, String content) {
    text.append(" ".repeat(column)).append(content).append('\n');
  }
}
