package io.unboundedcloud.racer.krm.realfiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Packages with comments at random places (seeded): the corpus files without block scalars (a
 * comment line inside one would be its text), each with comment lines put between random lines at a
 * random indentation (the line's before or after, column 0, or deeper) and in-line comments after
 * random plain values.
 */
public final class RandomComments {

  private static final Pattern PLAIN_VALUE = Pattern.compile("^\\s*(- )?[\\w./-]+: [\\w./-]+$");

  /** A line that starts an entry (a key or an item), where a comment line may go before it. */
  private static final Pattern ENTRY = Pattern.compile("^\\s*(- |#|[\\w./\"-]+:( |$))");

  private static final Pattern BLOCK_SCALAR = Pattern.compile("(?m)[|>][-+0-9]*\\s*$");

  private RandomComments() {}

  /** The corpus files (by relative path) with comments put in at places chosen by {@code seed}. */
  public static Map<String, String> files(long seed) {
    Random random = new Random(seed);
    Map<String, String> files = new TreeMap<>();
    RealFiles.texts(RealFiles.corpus())
        .forEach(
            (path, text) -> {
              String lf = text.replace("\r\n", "\n");
              if (!BLOCK_SCALAR.matcher(lf).find() && random.nextInt(3) == 0) {
                files.put(path, withComments(lf, random));
              }
            });
    return files;
  }

  private static String withComments(String text, Random random) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      boolean last = i == lines.size() - 1;
      if (!last && ENTRY.matcher(line).find() && random.nextInt(6) == 0) {
        int indent =
            switch (random.nextInt(4)) {
              case 0 -> 0;
              case 1 -> indentOf(line);
              case 2 -> i > 0 ? indentOf(lines.get(i - 1)) : 0;
              default -> indentOf(line) + 2;
            };
        out.add(" ".repeat(indent) + "# random " + random.nextInt(1000));
      }
      if (PLAIN_VALUE.matcher(line).matches() && random.nextInt(8) == 0) {
        line += " # in-line " + random.nextInt(1000);
      }
      out.add(line);
    }
    return String.join("\n", out);
  }

  private static int indentOf(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i == line.length() ? 0 : i;
  }
}
