package io.unboundedcloud.racer.workload.docs;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checkout's root folder, found from the working directory (Maven runs tests in the module's
 * folder).
 */
final class RepositoryRoot {
  private RepositoryRoot() {}

  /**
   * The nearest folder at or above the working directory holding the parent pom and the workload
   * module.
   */
  static Path find() {
    Path start = Path.of("").toAbsolutePath();
    for (Path folder = start; folder != null; folder = folder.getParent()) {
      if (Files.isRegularFile(folder.resolve("pom.xml"))
          && Files.isRegularFile(folder.resolve("workload/pom.xml"))) {
        return folder;
      }
    }
    throw new IllegalStateException(
        "no racer-krm checkout at or above "
            + start
            + " (a folder with pom.xml and workload/pom.xml); run from inside the repository");
  }
}
