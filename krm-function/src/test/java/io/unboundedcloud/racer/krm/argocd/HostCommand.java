package io.unboundedcloud.racer.krm.argocd;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** A program these tests need from the machine (setpriv, kubectl), looked up on this JVM's PATH. */
public final class HostCommand {
  private HostCommand() {}

  public static Optional<Path> find(String name) {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .filter(dir -> !dir.isEmpty())
        .map(dir -> Path.of(dir, name))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
