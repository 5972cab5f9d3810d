package io.unboundedcloud.racer.workload.docs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The methods of a Java source file and their lengths in lines, from the line of the declaration
 * (its annotations and Javadoc left out) to the line of its closing brace. Constructors, compact
 * record constructors and initializer blocks count as methods; a lambda or an anonymous class
 * counts in the method that holds it, as its reader must read it there.
 *
 * <p>It reads text, not a syntax tree: comments, string and character literals and text blocks are
 * blanked first (keeping their line breaks), so a brace in them counts for nothing; then each brace
 * that opens a member of a type body is a method when what precedes it is a declaration with a
 * parameter list, or a record's compact constructor, and no field initializer ({@code =}).
 */
final class MethodLengths {
  /** One method: the type it is declared in, its name, its first line and its length. */
  record Method(String type, String name, int line, int lines) {
    @Override
    public String toString() {
      return type + "." + name + " " + lines + " (line " + line + ")";
    }
  }

  private static final Pattern TYPE_HEADER =
      Pattern.compile("\\b(class|interface|enum|record)\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern ANNOTATION_INTERFACE =
      Pattern.compile("@\\s*interface\\s+([\\w$]+)");
  private static final Pattern NAME_BEFORE_PARAMETERS =
      Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(");
  private static final Pattern LAST_WORD = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*$");

  private MethodLengths() {}

  /** The methods of {@code source}, in the order they open. */
  static List<Method> of(String source) {
    String code = codeOnly(source);
    List<Method> methods = new ArrayList<>();
    // Each open brace: the type whose body it opens (null when not a type body), or the method.
    Deque<Block> open = new ArrayDeque<>();
    int headerStart = 0;
    int line = 1;
    // a brace inside parentheses (an annotation's array, a lambda passed on) opens no member
    int parentheses = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '\n') {
        line++;
      } else if (c == '(') {
        parentheses++;
      } else if (c == ')') {
        parentheses = Math.max(0, parentheses - 1);
      } else if (parentheses > 0) {
        continue;
      } else if (c == '{') {
        Block outer = open.peek();
        String header = code.substring(headerStart, i);
        Block block;
        if (outer == null || outer.type != null) {
          block = member(outer, header, line);
        } else {
          block = Block.inner(outer);
        }
        open.push(block);
        headerStart = i + 1;
      } else if (c == '}') {
        Block closed = open.pop();
        if (closed.methodName != null) {
          methods.add(
              new Method(
                  closed.owner.type, closed.methodName, closed.line, line - closed.line + 1));
        }
        headerStart = i + 1;
      } else if (c == ';') {
        if (!open.isEmpty() && open.peek().isEnum) {
          open.peek().pastConstants = true;
        }
        headerStart = i + 1;
      }
    }
    return methods;
  }

  /** The block a brace opens in a type body (or at the top of the file). */
  private static Block member(Block outer, String header, int line) {
    String cleaned = withoutAnnotations(header);
    Matcher annotation = ANNOTATION_INTERFACE.matcher(cleaned);
    if (annotation.find()) {
      return Block.type(annotation.group(1), false);
    }
    Matcher type = TYPE_HEADER.matcher(cleaned);
    if (type.find() && !cleaned.contains("=") && !cleaned.contains("new ")) {
      return Block.type(type.group(2), type.group(1).equals("enum"));
    }
    if (outer == null) {
      return Block.type("?", false);
    }
    if (cleaned.contains("=") || cleaned.contains("new ")) {
      return Block.inner(outer); // a field's initializer: an array, a lambda, an anonymous class
    }
    int firstLine = line - newlines(header, firstCodeOffset(header, cleaned));
    Matcher named = NAME_BEFORE_PARAMETERS.matcher(cleaned);
    if (named.find()) {
      // an enum constant with a body is a type body, as an anonymous class is
      if (outer.isEnum && !outer.pastConstants && isEnumConstant(cleaned, named.group(1))) {
        return Block.type(outer.type + "." + named.group(1), false);
      }
      return Block.method(outer, named.group(1), firstLine);
    }
    Matcher word = LAST_WORD.matcher(cleaned.strip());
    String name = word.find() ? word.group(1) : "";
    if (name.equals("static") || cleaned.isBlank()) {
      return Block.method(outer, name.isEmpty() ? "{initializer}" : "{static}", firstLine);
    }
    if (outer.isEnum && !outer.pastConstants) {
      return Block.type(
          outer.type + "." + name, false); // an enum constant with a body and no arguments
    }
    return Block.method(outer, name, firstLine); // a record's compact constructor
  }

  private static boolean isEnumConstant(String header, String name) {
    String before = header.substring(0, header.indexOf(name)).strip();
    return before.isEmpty() || before.endsWith(",");
  }

  /** The header without its annotations ({@code @Name} and its arguments), each blanked. */
  static String withoutAnnotations(String header) {
    StringBuilder out = new StringBuilder(header);
    int i = 0;
    while (i < out.length()) {
      if (out.charAt(i) == '@'
          && !header.startsWith("@interface", i)
          && i + 1 < out.length()
          && Character.isJavaIdentifierStart(out.charAt(i + 1))) {
        int j = i + 1;
        while (j < out.length()
            && (Character.isJavaIdentifierPart(out.charAt(j)) || out.charAt(j) == '.')) {
          j++;
        }
        int k = j;
        while (k < out.length() && Character.isWhitespace(out.charAt(k))) {
          k++;
        }
        if (k < out.length() && out.charAt(k) == '(') {
          int depth = 0;
          for (; k < out.length(); k++) {
            if (out.charAt(k) == '(') {
              depth++;
            } else if (out.charAt(k) == ')' && --depth == 0) {
              break;
            }
          }
          j = Math.min(k + 1, out.length());
        }
        for (int b = i; b < j; b++) {
          if (out.charAt(b) != '\n') {
            out.setCharAt(b, ' ');
          }
        }
        i = j;
      } else {
        i++;
      }
    }
    return out.toString();
  }

  private static int firstCodeOffset(String header, String cleaned) {
    for (int i = 0; i < cleaned.length(); i++) {
      if (!Character.isWhitespace(cleaned.charAt(i))) {
        return i;
      }
    }
    return header.length();
  }

  private static int newlines(String text, int from) {
    int n = 0;
    for (int i = from; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        n++;
      }
    }
    return n;
  }

  /** The source with comments and the insides of literals blanked, line breaks kept. */
  static String codeOnly(String text) {
    StringBuilder out = new StringBuilder(text);
    int i = 0;
    int n = text.length();
    while (i < n) {
      int end;
      if (text.startsWith("//", i)) {
        end = text.indexOf('\n', i);
        end = end < 0 ? n : end;
      } else if (text.startsWith("/*", i)) {
        end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
      } else if (text.startsWith("\"\"\"", i)) {
        end = i + 3;
        while (end < n && !text.startsWith("\"\"\"", end)) {
          end += text.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(n, end + 3);
      } else if (text.charAt(i) == '"' || text.charAt(i) == '\'') {
        char quote = text.charAt(i);
        end = i + 1;
        while (end < n && text.charAt(end) != quote && text.charAt(end) != '\n') {
          end += text.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(n, end + 1);
      } else {
        i++;
        continue;
      }
      for (int b = i; b < end; b++) {
        if (out.charAt(b) != '\n') {
          out.setCharAt(b, ' ');
        }
      }
      i = end;
    }
    return out.toString();
  }

  /** An open brace: a type body, a method's body, or a block inside one. */
  private static final class Block {
    final String type;
    final boolean isEnum;
    boolean pastConstants; // an enum body's constants end at its first semicolon
    final Block owner;
    final String methodName;
    final int line;

    private Block(String type, boolean isEnum, Block owner, String methodName, int line) {
      this.type = type;
      this.isEnum = isEnum;
      this.owner = owner;
      this.methodName = methodName;
      this.line = line;
    }

    static Block type(String name, boolean isEnum) {
      return new Block(name, isEnum, null, null, 0);
    }

    static Block method(Block owner, String name, int line) {
      return new Block(null, false, owner, name, line);
    }

    static Block inner(Block outer) {
      return new Block(null, false, outer, null, 0);
    }
  }
}
