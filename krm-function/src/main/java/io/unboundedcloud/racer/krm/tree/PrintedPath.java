package io.unboundedcloud.racer.krm.tree;

/**
 * Reads a field path as {@link FieldPath#toString} prints it, one step at a time: {@code .key} (a
 * plain key; the first has no dot), {@code ["key"]}, {@code [name=NAME]} or {@code [name="NAME"]},
 * {@code [0]}, and last only an unclosed {@code [name=PREFIX}, the items whose names start so. In
 * quotes, a {@code \\} makes the next character itself.
 */
final class PrintedPath {
  private static final String NAMED = "[name=";

  private final String text;
  private int at;

  PrintedPath(String text) {
    this.text = text;
  }

  FieldPath readInto(FieldPath path) {
    FieldPath read = path;
    while (at < text.length()) {
      int start = at;
      char c = text.charAt(at);
      if (start == 0 ? c != '[' : c == '.') {
        at += start == 0 ? 0 : 1;
        String key = plainKey();
        if (key.isEmpty()) {
          throw noStep(start);
        }
        read = read.key(key);
      } else if (text.startsWith("[\"", at)) {
        at++;
        String key = quoted(start);
        close(start);
        read = read.key(key);
      } else if (text.startsWith(NAMED, at)) {
        read = named(read, start);
      } else if (c == '[') {
        read = read.index(index(start));
      } else {
        throw noStep(start);
      }
    }
    return read;
  }

  private FieldPath named(FieldPath path, int start) {
    at += NAMED.length();
    String name;
    if (at < text.length() && text.charAt(at) == '"') {
      name = quoted(start);
    } else {
      int end = text.indexOf(']', at);
      name = text.substring(at, end < 0 ? text.length() : end);
      at += name.length();
    }
    if (at == text.length()) {
      return path.namedFrom(name);
    }
    close(start);
    return path.named(name);
  }

  private String plainKey() {
    int start = at;
    while (at < text.length() && plainKeyChar(text.charAt(at))) {
      at++;
    }
    return text.substring(start, at);
  }

  private static boolean plainKeyChar(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '_'
        || c == '-';
  }

  /** The text between the quote at {@code at} and its closing quote, the escapes undone. */
  private String quoted(int start) {
    StringBuilder value = new StringBuilder();
    at++;
    while (at < text.length() && text.charAt(at) != '"') {
      if (text.charAt(at) == '\\' && at + 1 < text.length()) {
        at++;
      }
      value.append(text.charAt(at++));
    }
    if (at == text.length()) {
      throw noStep(start);
    }
    at++;
    return value.toString();
  }

  private int index(int start) {
    int digits = ++at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      at++;
    }
    if (at == digits || at - digits > 9) {
      throw noStep(start);
    }
    int index = Integer.parseInt(text.substring(digits, at));
    close(start);
    return index;
  }

  private void close(int start) {
    if (at >= text.length() || text.charAt(at) != ']') {
      throw noStep(start);
    }
    at++;
  }

  private IllegalArgumentException noStep(int start) {
    return new IllegalArgumentException("no path step at character " + start);
  }
}
