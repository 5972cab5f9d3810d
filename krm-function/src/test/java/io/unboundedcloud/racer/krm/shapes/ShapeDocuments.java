package io.unboundedcloud.racer.krm.shapes;

import io.unboundedcloud.racer.krm.shapes.ShapeParts.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Kubernetes objects made of {@link ShapeParts}: every part in each place a part can stand ({@link
 * #everyShape()}), and random compositions of several parts, nested in mappings and sequences
 * ({@link #random(long, List)}).
 */
public final class ShapeDocuments {

  /** Where a part stands in its object. */
  public enum Place {
    /** An entry of the object's {@code data}. */
    DATA,
    /** An entry of a mapping two levels under {@code data}. */
    NESTED_MAPPING,
    /** The entries of an item of a block sequence under {@code data}. */
    SEQUENCE_ITEM,
    /** An entry of {@code data} in a document tagged {@code --- !!map}. */
    TAGGED_DOCUMENT,
    /** An entry of {@code data} in an object with a comment at its top and one at its end. */
    COMMENTED_DOCUMENT
  }

  /**
   * One generated object.
   *
   * @param name its {@code metadata.name}, which names the case in failures and files
   * @param document the object as a file holds it (from column 0)
   */
  public record Document(String name, String document) {
    /** The file it is written to in a package. */
    public String fileName() {
      return name + ".yaml";
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private ShapeDocuments() {}

  /**
   * Every part in every place, one object each (the case's name is the part's and the place's), and
   * the forms of a whole document: a document tag followed by a comment.
   */
  public static List<Document> everyShape() {
    List<Document> documents = new ArrayList<>();
    String tagThenComment = "document-tag-then-comment";
    documents.add(
        new Document(
            tagThenComment,
            "--- !!map\n# after the tag\n" + header(tagThenComment) + "data:\n  a: b\n"));
    for (Part part : ShapeParts.all()) {
      for (Place place : Place.values()) {
        documents.add(of(part, place));
      }
    }
    return documents;
  }

  /** {@code part} alone in {@code place}. */
  public static Document of(Part part, Place place) {
    String name =
        part.name() + "--" + place.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    String body =
        switch (place) {
          case DATA, TAGGED_DOCUMENT, COMMENTED_DOCUMENT -> indent(part.text(), 2);
          case NESTED_MAPPING -> "  outer:\n    inner:\n" + indent(part.text(), 6);
          case SEQUENCE_ITEM -> "  items:\n" + asSequenceItem(part.text(), 2);
        };
    String document = header(name) + "data:\n" + body;
    return new Document(
        name,
        switch (place) {
          case TAGGED_DOCUMENT -> "--- !!map\n" + document;
          case COMMENTED_DOCUMENT ->
              "# at the top of the document\n" + document + "# at the end of the document\n";
          default -> document;
        });
  }

  /**
   * An object of several parts drawn from {@code parts} with {@code seed}, nested at random in
   * mappings and in sequence items (indented under their key or at its indent), with comments
   * between them.
   */
  public static Document random(long seed, List<Part> parts) {
    Random random = new Random(seed);
    String name = "random-" + Long.toUnsignedString(seed, 36);
    StringBuilder body = new StringBuilder();
    List<Part> pool = new ArrayList<>(parts);
    java.util.Collections.shuffle(pool, random);
    int count = 2 + random.nextInt(Math.min(7, pool.size() - 1));
    body.append(block(random, pool.subList(0, count), 0));
    return new Document(name, header(name) + "data:\n" + indent(body.toString(), 2));
  }

  /** The parts as entries of one block mapping, some of them in nested mappings and sequences. */
  private static String block(Random random, List<Part> parts, int depth) {
    StringBuilder text = new StringBuilder();
    int i = 0;
    while (i < parts.size()) {
      int take = 1 + random.nextInt(Math.min(3, parts.size() - i));
      List<Part> group = parts.subList(i, i + take);
      String key = "group-" + depth + "-" + i;
      if (random.nextInt(5) == 0) {
        text.append("# before ").append(key).append('\n');
      }
      switch (depth > 2 ? 0 : random.nextInt(3)) {
        case 0 -> group.forEach(part -> text.append(part.text()));
        case 1 -> text.append(key).append(":\n").append(indent(block(random, group, depth + 1), 2));
        default -> {
          int dashIndent = random.nextBoolean() ? 0 : 2;
          text.append(key).append(":\n");
          for (Part part : group) {
            String entries =
                random.nextBoolean() ? part.text() : block(random, List.of(part), depth + 1);
            text.append(asSequenceItem(entries, dashIndent));
          }
        }
      }
      i += take;
    }
    return text.toString();
  }

  private static String header(String name) {
    return "apiVersion: shapes.example.com/v1\nkind: Shape\nmetadata:\n  name: " + name + "\n";
  }

  /** Every line that is not empty indented by {@code spaces} (an empty line stays empty). */
  static String indent(String text, int spaces) {
    String pad = " ".repeat(spaces);
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      out.append(line.isEmpty() ? "" : pad + line).append('\n');
    }
    return out.substring(0, out.length() - 1);
  }

  /** Entries as one item of a block sequence whose dash stands at {@code dashIndent}. */
  static String asSequenceItem(String entries, int dashIndent) {
    String indented = indent(entries, dashIndent + 2);
    return " ".repeat(dashIndent) + "- " + indented.substring(dashIndent + 2);
  }
}
