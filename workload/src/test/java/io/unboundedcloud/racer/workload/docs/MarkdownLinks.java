package io.unboundedcloud.racer.workload.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Relative links of a Markdown file that do not resolve: to a file or folder missing from the
 * checkout, or outside it. Inline links and images ({@code [text](target)}) and reference
 * definitions ({@code [name]: target}) count; links with a scheme ({@code https:}, {@code mailto:})
 * and in-page anchors are not files and are left alone, as is anything inside code (fences and
 * backticks), which is text shown, not a link. An absolute target ({@code /docs/x.md}) is refused
 * too: renderers disagree on what it means.
 */
final class MarkdownLinks {
  private static final Pattern INLINE =
      Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern DEFINITION =
      Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.\\-]*:");
  private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");

  private MarkdownLinks() {}

  /** One link that does not resolve: its line (from 1), its target as written and why. */
  record Broken(int line, String target, String reason) {}

  /**
   * @param root the checkout's root
   * @param file the Markdown file, relative to {@code root}
   * @param text its content
   */
  static List<Broken> in(Path root, Path file, String text) {
    List<Broken> broken = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    boolean fenced = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.stripLeading().startsWith("```") || line.stripLeading().startsWith("~~~")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      String prose = CODE_SPAN.matcher(line).replaceAll("");
      List<String> targets = new ArrayList<>();
      Matcher inline = INLINE.matcher(prose);
      while (inline.find()) {
        targets.add(inline.group(1));
      }
      Matcher definition = DEFINITION.matcher(prose);
      if (definition.matches()) {
        targets.add(definition.group(1));
      }
      for (String target : targets) {
        String reason = problem(root, file, target);
        if (reason != null) {
          broken.add(new Broken(i + 1, target, reason));
        }
      }
    }
    return broken;
  }

  private static String problem(Path root, Path file, String target) {
    if (SCHEME.matcher(target).find() || target.startsWith("#")) {
      return null;
    }
    String path = target.replaceAll("[#?].*$", "");
    if (path.startsWith("/")) {
      return "an absolute path; link relative to " + file;
    }
    Path parent = file.getParent() == null ? Path.of("") : file.getParent();
    Path resolved = root.resolve(parent).resolve(path).normalize();
    if (!resolved.startsWith(root.normalize())) {
      return "outside the repository";
    }
    if (!Files.exists(resolved)) {
      return "no such file or folder: " + root.normalize().relativize(resolved);
    }
    return null;
  }
}
