package io.unboundedcloud.racer.krm;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The run the class-data archive is recorded from (src/main/runtime/assemble.sh; the JVM calls it
 * the training run): racer-krm as {@link Main} runs it, once per input, in one JVM. A Java 25 AOT
 * cache records a single process, and what that process never ran is linked again on every start: a
 * training on one input left out the kustomize-sized run that creates the DaemonSet (its string
 * concatenations and lambdas were spun at run time), so the training runs each way racer-krm is
 * started.
 *
 * <p>Each argument is one run: a file is a ResourceList on stdin (function mode), a folder is
 * {@code render FOLDER}. Output is dropped; a run that fails ends the training with its exit code
 * (as {@link Main} ends a run), and assemble.sh with it.
 *
 * <p>It reads its inputs with {@code java.io}, as the function reads its stdin: every class the
 * training loads is in the cache and loaded at every start, and {@code java.nio.file} would have
 * put the NIO file system and its channels (some 60 classes) into every function run.
 */
public final class ArchiveRecordingRun {
  private ArchiveRecordingRun() {}

  public static void main(String[] args) throws IOException {
    System.setOut(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
    for (String arg : args) {
      File input = new File(arg);
      if (input.isDirectory()) {
        System.setIn(new ByteArrayInputStream(new byte[0]));
        Main.main(new String[] {"render", arg});
      } else {
        try (InputStream file = new FileInputStream(input)) {
          System.setIn(new ByteArrayInputStream(file.readAllBytes()));
        }
        Main.main(new String[0]);
      }
    }
  }
}
