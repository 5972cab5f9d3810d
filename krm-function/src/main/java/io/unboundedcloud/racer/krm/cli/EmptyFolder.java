package io.unboundedcloud.racer.krm.cli;

import java.nio.file.Path;
import java.util.List;

/** The message for a folder named on the command line that holds no manifest file to read. */
final class EmptyFolder {
  private EmptyFolder() {}

  /**
   * @param folder the folder as named
   * @param files every regular file under it (none of them a .yaml or .yml manifest)
   */
  static String message(Path folder, List<Path> files) {
    List<String> builds =
        files.stream()
            .map(file -> file.getFileName().toString())
            .filter(ManifestFiles.SKIPPED_FILES::contains)
            .distinct()
            .toList();
    return folder
        + ": no .yaml or .yml files under it"
        + (builds.isEmpty()
            ? ""
            : " other than "
                + String.join(", ", builds)
                + ", which racer-krm does not build ("
                + builds.stream()
                    .map(name -> name + " is " + BuildFile.of(Path.of(name)).orElseThrow().advice())
                    .distinct()
                    .collect(java.util.stream.Collectors.joining("; "))
                + ")")
        + ": name the folders or files that hold racer-settings, the function config and the cache"
        + " origins";
  }
}
