package io.unboundedcloud.racer.krm;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The class-data archive's training run (src/main/runtime/assemble.sh): racer-krm as {@link Main}
 * runs it, once per input, in one JVM. A Java 25 AOT cache records a single process, and what that
 * process never ran is linked again on every start: a training on one input left out the
 * kustomize-sized run that creates the DaemonSet (its string concatenations and lambdas were spun
 * at run time), so the training runs each way racer-krm is started.
 *
 * <p>Each argument is one run: a file is a ResourceList on stdin (function mode), a folder is
 * {@code render FOLDER}. Output is dropped; a run that fails ends the training with its exit code
 * (as {@link Main} ends a run), and assemble.sh with it.
 */
public final class TrainingRun {
  private TrainingRun() {}

  public static void main(String[] args) throws IOException {
    System.setOut(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
    for (String arg : args) {
      Path input = Path.of(arg);
      if (Files.isDirectory(input)) {
        System.setIn(new ByteArrayInputStream(new byte[0]));
        Main.main(new String[] {"render", arg});
      } else {
        System.setIn(new ByteArrayInputStream(Files.readAllBytes(input)));
        Main.main(new String[0]);
      }
    }
  }
}
