package io.unboundedcloud.racer.workload.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The repository's files as git knows them: tracked, plus untracked ones not ignored (a new doc is
 * checked before it is added), minus those deleted from the working tree. Walking the folder
 * instead would also check build output ({@code target/}, {@code node_modules/}), which is not the
 * repository's text.
 */
final class TrackedFiles {
  private TrackedFiles() {}

  /**
   * Why the files cannot be listed here (no {@code .git}, no git on the PATH), or null when they
   * can.
   */
  static String unavailable(Path root) {
    if (!Files.exists(root.resolve(".git"))) {
      return root + " is not a git checkout (no .git), so there is no list of tracked files";
    }
    for (String folder :
        System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, "git"))) {
        return null;
      }
    }
    return "git is not on the PATH";
  }

  /** The files, as paths relative to {@code root}, in git's order. */
  static List<Path> list(Path root) throws IOException, InterruptedException {
    Process git =
        new ProcessBuilder(
                "git",
                "-C",
                root.toString(),
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    byte[] out = git.getInputStream().readAllBytes();
    if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
      throw new IllegalStateException(
          "git ls-files failed in " + root + "; run it there to see why");
    }
    List<Path> files = new ArrayList<>();
    for (String name : new String(out, StandardCharsets.UTF_8).split("\0")) {
      if (!name.isEmpty() && Files.isRegularFile(root.resolve(name))) {
        files.add(Path.of(name));
      }
    }
    return files;
  }
}
