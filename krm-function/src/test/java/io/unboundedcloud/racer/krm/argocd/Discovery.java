package io.unboundedcloud.racer.krm.argocd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * plugin.yaml's discover rule, evaluated the way Argo CD's plugin server does
 * (cmpserver/plugin/plugin.go, matchRepository) on an app folder:
 *
 * <ul>
 *   <li>{@code fileName}: Go's {@code filepath.Glob(appPath/fileName)}: a shell pattern whose
 *       {@code *} and {@code ?} stop at {@code /}, so it looks only where its path says (the app
 *       folder's root for a bare name). Java's {@code glob:} syntax agrees on those; {@code **} and
 *       {@code {a,b}} are Java-only and refused here.
 *   <li>{@code find.glob}: {@code zglob.Glob(appPath/glob)} (github.com/mattn/go-zglob): {@code
 *       **}{@code /} is any run of folders, none included, {@code *} stops at {@code /}, every
 *       other character is literal, symlinks never match.
 *   <li>{@code find.command} needs the sidecar's tools and is not evaluated here.
 * </ul>
 */
final class Discovery {
  private final String fileName;
  private final String glob;

  Discovery(Map<String, Object> plugin) {
    this.fileName = ArgoCdExample.at(plugin, "spec", "discover", "fileName");
    this.glob = ArgoCdExample.at(plugin, "spec", "discover", "find", "glob");
    if (fileName == null && glob == null) {
      throw new IllegalArgumentException(
          "plugin.yaml has no discover.fileName or discover.find.glob to evaluate");
    }
  }

  /** Whether Argo CD would hand an Application whose path is this folder to the plugin. */
  boolean claims(Path appFolder) {
    return fileName != null ? matchesFileName(appFolder) : matchesGlob(appFolder);
  }

  private boolean matchesFileName(Path appFolder) {
    if (fileName.contains("**") || fileName.contains("{")) {
      throw new IllegalArgumentException(
          "discover.fileName " + fileName + " is not Go filepath.Glob syntax");
    }
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + fileName);
    int depth = Path.of(fileName).getNameCount();
    return anyEntry(
        appFolder,
        depth,
        relative -> relative.getNameCount() == depth && matcher.matches(relative));
  }

  private boolean matchesGlob(Path appFolder) {
    if (!glob.contains("*")) {
      return Files.exists(appFolder.resolve(glob));
    }
    Pattern pattern = Pattern.compile(zglobRegex(glob));
    return anyEntry(
        appFolder,
        Integer.MAX_VALUE,
        relative ->
            !Files.isSymbolicLink(appFolder.resolve(relative))
                && pattern.matcher(relative.toString()).matches());
  }

  /** go-zglob's translation of a pattern relative to the app folder. */
  static String zglobRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (glob.startsWith("**/", i)) {
        regex.append("(.*/)?");
        i += 2;
      } else if (c == '*') {
        regex.append("[^/]*");
      } else if (c == '/' || Character.isLetterOrDigit(c) && c < 128 || c > 255) {
        regex.append(c);
      } else {
        regex.append(String.format("[\\x%02X]", (int) c));
      }
    }
    return regex.toString();
  }

  private static boolean anyEntry(
      Path folder, int depth, java.util.function.Predicate<Path> matches) {
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (Stream<Path> walk = Files.walk(folder, depth)) {
      return walk.filter(entry -> !entry.equals(folder)).map(folder::relativize).anyMatch(matches);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
