package io.unboundedcloud.racer.chart.support;

import java.util.ArrayList;
import java.util.List;

/**
 * How a Helm lays out the documents of {@code helm template}, where Helms differ in whitespace
 * only. Helm 4.2.3 ends the output of each template file but the last with one empty line (before
 * the {@code ---} that opens the next file's first document); Helm 3 and 4.1 do not, and the
 * documents of one template file are laid out alike by all three. {@code Helm42LayoutTest} holds
 * this to be the whole difference, on every example values file; {@link #read} takes that line
 * away, so that the byte-for-byte tests hold Helm 4.2 to every other byte.
 */
public enum TemplateLayout {
  /** Helm 3 and 4.1: documents separated by {@code ---} lines alone. */
  PLAIN,
  /** Helm 4.2.3: one empty line more at the end of each template file's output but the last. */
  EMPTY_LINE_AFTER_EACH_FILE;

  private static final String SEPARATOR = "---";
  private static final String SOURCE = "# Source: ";

  /**
   * {@code printed} as {@link #PLAIN} prints it: each empty line that stands right before a {@code
   * ---} line taken away, nothing else.
   */
  public String read(String printed) {
    if (this == PLAIN) {
      return printed;
    }
    List<String> lines = printed.lines().toList();
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      boolean beforeSeparator = i + 1 < lines.size() && lines.get(i + 1).equals(SEPARATOR);
      if (!(lines.get(i).isEmpty() && beforeSeparator)) {
        kept.add(lines.get(i));
      }
    }
    return join(kept, printed);
  }

  /**
   * {@code plain} ({@link #PLAIN}'s output) as this layout prints it: for Helm 4.2.3, an empty line
   * before each {@code ---} whose document comes from another template file than the one before.
   */
  public String print(String plain) {
    if (this == PLAIN) {
      return plain;
    }
    List<String> lines = plain.lines().toList();
    List<String> printed = new ArrayList<>();
    String file = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.equals(SEPARATOR) && i + 1 < lines.size() && lines.get(i + 1).startsWith(SOURCE)) {
        String next = lines.get(i + 1);
        if (file != null && !file.equals(next)) {
          printed.add("");
        }
        file = next;
      }
      printed.add(line);
    }
    return join(printed, plain);
  }

  /** The lines joined, ending with a line break where {@code original} does. */
  private static String join(List<String> lines, String original) {
    String text = String.join("\n", lines);
    return original.endsWith("\n") ? text + "\n" : text;
  }
}
