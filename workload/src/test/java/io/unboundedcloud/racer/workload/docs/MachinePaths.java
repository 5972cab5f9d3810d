package io.unboundedcloud.racer.workload.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Paths that exist only on one developer's machine or on the workbench the project was written on,
 * cited as if every reader had them. A reader of the repository has only the repository.
 *
 * <p>Refused ({@link #REFUSED}): anything under a user's home folder (Linux, macOS and Windows
 * homes, and root's), under the workbench (its top folder, and its shared design notes, fixtures
 * and seed folders, also when reached by a relative path), under removable or scratch mounts, a
 * file below a folder of the temporary folder (something a run left there), and {@code file:} URLs.
 * The tests of {@code RepositoryTextTest} spell out each case.
 *
 * <p>Allowed, because they are the same on every machine or inside the image: system paths (proc,
 * sys, dev, etc, usr, var, run, opt), the temporary folder itself and one level under it (a scratch
 * copy in an example command), and the {@link #IN_CONTAINER} paths of the images we document.
 */
final class MachinePaths {
  /** Paths inside a container image, the same wherever it runs. */
  static final List<String> IN_CONTAINER =
      List.of(
          // Argo CD's repo-server image: the plugin server's config and plugins
          "/home/argocd/",
          // where Argo CD's plugin server unpacks a repository
          "/tmp/_cmp_server/",
          // the racer-krm image's warm renderer: its socket's folder (examples/argocd/README.md)
          "/tmp/racer-krm/");

  static final Pattern REFUSED =
      Pattern.compile(
          "(?<![\\w.~$}\\-/])("
              + "/(?:home|Users)/[\\w.\\-]+"
              + "|/(?:root|work|workspace|mnt|media)(?=/|\\b)"
              + "|/tmp/[^\\s/`'\")\\]]+/[^\\s`'\")\\]]*"
              + "|[A-Za-z]:\\\\Users\\\\"
              + "|file:/"
              + ")"
              + "|(?:\\.\\./)*\\bshared/(?:design|fixtures)\\b|\\.\\./seeds/");

  private MachinePaths() {}

  /** One refused path: its line (from 1) and the path as written. */
  record Finding(int line, String path) {}

  /** Every refused path in {@code text}, in order. */
  static List<Finding> in(String text) {
    List<Finding> findings = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher matcher = REFUSED.matcher(lines[i]);
      while (matcher.find()) {
        if (!allowed(lines[i], matcher.start())) {
          findings.add(new Finding(i + 1, matcher.group()));
        }
      }
    }
    return findings;
  }

  private static boolean allowed(String line, int start) {
    return IN_CONTAINER.stream().anyMatch(prefix -> line.startsWith(prefix, start));
  }
}
