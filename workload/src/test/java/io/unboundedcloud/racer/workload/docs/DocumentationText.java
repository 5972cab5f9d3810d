package io.unboundedcloud.racer.workload.docs;

import java.nio.file.Path;

/**
 * The part of a file that documents: all of a Markdown or plain-text file, the comments of source,
 * build and configuration files. Data (string literals, YAML values, captured traffic in test
 * fixtures) is not documentation: a fixture may rightly hold the path a tool sent, such as kpt's
 * package path.
 *
 * <p>Text outside the documentation is blanked to spaces, keeping line breaks, so a finding keeps
 * its line number.
 */
final class DocumentationText {
  enum Kind {
    PROSE,
    JAVA,
    HASH_COMMENTS,
    XML,
    NONE
  }

  private DocumentationText() {}

  static Kind kindOf(Path file) {
    String name = file.getFileName().toString();
    if (name.endsWith(".md") || name.endsWith(".txt")) {
      return Kind.PROSE;
    }
    if (name.endsWith(".java")) {
      return Kind.JAVA;
    }
    if (name.endsWith(".yaml")
        || name.endsWith(".yml")
        || name.endsWith(".sh")
        || name.endsWith(".properties")
        || name.equals("Dockerfile")
        || name.startsWith(".git")
        || name.equals(".helmignore")
        || !name.contains(".")) {
      return Kind.HASH_COMMENTS;
    }
    if (name.endsWith(".xml")) {
      return Kind.XML;
    }
    return Kind.NONE;
  }

  /** The documentation of {@code text}, a file of {@code kind}, everything else blanked. */
  static String of(Kind kind, String text) {
    return switch (kind) {
      case PROSE -> text;
      case JAVA -> javaComments(text);
      case HASH_COMMENTS -> hashComments(text);
      case XML -> between(text, "<!--", "-->");
      case NONE -> "";
    };
  }

  private static String javaComments(String text) {
    StringBuilder kept = blank(text);
    int i = 0;
    int n = text.length();
    while (i < n) {
      if (text.startsWith("//", i)) {
        int end = text.indexOf('\n', i);
        end = end < 0 ? n : end;
        copy(text, kept, i, end);
        i = end;
      } else if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        copy(text, kept, i, end);
        i = end;
      } else if (text.startsWith("\"\"\"", i)) {
        int end = text.indexOf("\"\"\"", i + 3);
        i = end < 0 ? n : end + 3;
      } else if (text.charAt(i) == '"' || text.charAt(i) == '\'') {
        char quote = text.charAt(i);
        i++;
        while (i < n && text.charAt(i) != quote && text.charAt(i) != '\n') {
          i += text.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
      } else {
        i++;
      }
    }
    return kept.toString();
  }

  /**
   * A {@code #} at the start of a line or after a blank starts a comment (not inside a word or a
   * URL).
   */
  private static String hashComments(String text) {
    StringBuilder kept = blank(text);
    int lineStart = 0;
    while (lineStart < text.length()) {
      int end = text.indexOf('\n', lineStart);
      end = end < 0 ? text.length() : end;
      for (int i = lineStart; i < end; i++) {
        if (text.charAt(i) == '#'
            && (i == lineStart || Character.isWhitespace(text.charAt(i - 1)))) {
          copy(text, kept, i, end);
          break;
        }
      }
      lineStart = end + 1;
    }
    return kept.toString();
  }

  private static String between(String text, String open, String close) {
    StringBuilder kept = blank(text);
    int from = text.indexOf(open);
    while (from >= 0) {
      int end = text.indexOf(close, from);
      end = end < 0 ? text.length() : end + close.length();
      copy(text, kept, from, end);
      from = text.indexOf(open, end);
    }
    return kept.toString();
  }

  private static StringBuilder blank(String text) {
    StringBuilder blank = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      blank.append(text.charAt(i) == '\n' ? '\n' : ' ');
    }
    return blank;
  }

  private static void copy(String text, StringBuilder kept, int from, int to) {
    for (int i = from; i < to; i++) {
      kept.setCharAt(i, text.charAt(i));
    }
  }
}
