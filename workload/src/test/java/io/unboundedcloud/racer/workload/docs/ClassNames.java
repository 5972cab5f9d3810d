package io.unboundedcloud.racer.workload.docs;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The simple names of the repository's Java classes, one per source file, and those that more than
 * one file declares: a reader who meets a name meets one class.
 */
final class ClassNames {
  private ClassNames() {}

  /**
   * Each simple name that more than one source file declares, with those files; {@code
   * package-info} and {@code module-info} are not classes.
   */
  static Map<String, List<Path>> sharedNames(List<Path> files) {
    Map<String, List<Path>> byName =
        files.stream()
            .filter(file -> file.getFileName().toString().endsWith(".java"))
            .filter(file -> !isInfo(file))
            .collect(
                Collectors.groupingBy(ClassNames::simpleName, TreeMap::new, Collectors.toList()));
    byName.values().removeIf(paths -> paths.size() < 2);
    return byName;
  }

  private static String simpleName(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".java".length());
  }

  private static boolean isInfo(Path file) {
    String name = simpleName(file);
    return name.equals("package-info") || name.equals("module-info");
  }
}
