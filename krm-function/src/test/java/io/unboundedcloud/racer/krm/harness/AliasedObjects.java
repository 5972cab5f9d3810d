package io.unboundedcloud.racer.krm.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates the class of inputs whose aliases stand for much more than their text: objects of a
 * kind racer-krm passes through ({@code example.com/v1 Shared}), each anchoring one value in its
 * {@code spec} (a scalar, or a flow mapping of scalars) of a chosen size and aliasing it a chosen
 * number of times, with plain text before and after; spread over several objects, documents and
 * files. Sizes are drawn so that some runs pass the bound on what aliases may stand for and some do
 * not, and no run comes near the 128 MiB budget or yaml.v3's node rule.
 */
public final class AliasedObjects {
  private AliasedObjects() {}

  /**
   * One object as a block mapping at column 0.
   *
   * @param anchor the anchor's name, unique in the run
   * @param mapping whether the value is a flow mapping of scalars (of up to 8 KiB each)
   * @param size the characters of the value's text
   * @param aliases how many keys alias it ({@code copy-1}, {@code copy-2} ...)
   * @param before characters of a plain value written before the anchor (none when 0)
   * @param after characters of a plain value written after the aliases (none when 0)
   */
  public static String object(
      String anchor, boolean mapping, int size, int aliases, int before, int after) {
    StringBuilder text =
        new StringBuilder("apiVersion: example.com/v1\nkind: Shared\nmetadata:\n  name: ")
            .append(anchor)
            .append("\n  namespace: racer\nspec:\n");
    if (before > 0) {
      text.append("  before: ").append("b".repeat(before)).append('\n');
    }
    text.append("  value: &").append(anchor).append(' ');
    if (mapping) {
      text.append('{');
      int chunk = 8192;
      for (int written = 0, entry = 0; written < size; written += chunk, entry++) {
        text.append(entry == 0 ? "" : ", ")
            .append('e')
            .append(entry)
            .append(": ")
            .append("v".repeat(Math.min(chunk, size - written)));
      }
      text.append("}\n");
    } else {
      text.append("v".repeat(size)).append('\n');
    }
    for (int i = 1; i <= aliases; i++) {
      text.append("  copy-").append(i).append(": *").append(anchor).append('\n');
    }
    if (after > 0) {
      text.append("  after: ").append("a".repeat(after)).append('\n');
    }
    return text.toString();
  }

  /**
   * A run drawn from {@code random}: up to {@code files} files of up to 3 documents, each an object
   * as {@link #object} writes it, anchors named {@code a0}, {@code a1} ... in order.
   */
  public static List<List<String>> run(Random random, int files) {
    List<List<String>> run = new ArrayList<>();
    int anchor = 0;
    for (int file = 0, count = 1 + random.nextInt(files); file < count; file++) {
      List<String> documents = new ArrayList<>();
      for (int document = 0, n = 1 + random.nextInt(3); document < n; document++) {
        // sizes spread over 1 KiB to 256 KiB, aliases 0 to 48, little text besides: from well
        // within the bound to well past it (about 2 runs in 5 pass it); at most 12 MiB expanded
        // in a document, so that a run never comes near the 128 MiB budget
        int size = 1024 << random.nextInt(8);
        documents.add(
            object(
                "a" + anchor++,
                random.nextBoolean(),
                size + random.nextInt(size),
                random.nextInt(49),
                random.nextInt(4) == 0 ? 0 : random.nextInt(16 << 10),
                random.nextInt(4) == 0 ? 0 : random.nextInt(16 << 10)));
      }
      run.add(documents);
    }
    return run;
  }

  /** The objects of a file as a stream of YAML documents. */
  public static String stream(List<String> documents) {
    return String.join("---\n", documents);
  }

  /** An object as an entry of a ResourceList's items, indented under its dash. */
  public static String item(String object) {
    return "- " + object.strip().replace("\n", "\n  ") + "\n";
  }
}
