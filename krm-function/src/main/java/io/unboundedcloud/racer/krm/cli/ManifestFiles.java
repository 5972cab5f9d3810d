package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The YAML files the command line modes read: named files, directories walked for .yaml and .yml
 * files, and the one-object function config file. Lists ({@code kind: List}) stand for their items.
 */
final class ManifestFiles {
  /** Files in a directory that are build instructions, not manifests. */
  static final Set<String> SKIPPED_FILES =
      Set.of("kustomization.yaml", "kustomization.yml", "Kustomization", "Kptfile");

  private ManifestFiles() {}

  /** A path that cannot be read as the command needs it; the message says which and why. */
  static final class Unusable extends RuntimeException {
    Unusable(String message) {
      super(message);
    }
  }

  /**
   * The objects of every file to read, in order.
   *
   * @param command the command reading them, for the warning about skipped kustomizations
   * @param sources told which file each object came from
   * @throws io.unboundedcloud.racer.krm.yaml.YamlInputException when a file is not valid YAML of
   *     objects
   * @throws Unusable when a path does not exist
   */
  static List<MappingNode> objects(
      List<Path> paths, String command, PrintStream stderr, SourceFiles sources) {
    List<MappingNode> objects = new ArrayList<>();
    for (Path file : files(paths, command, stderr)) {
      List<MappingNode> read = YamlReader.readManifests(file);
      sources.read(file, read);
      objects.addAll(read);
    }
    return objects;
  }

  /** The function config file: exactly one object. */
  static MappingNode functionConfig(Path file, SourceFiles sources) {
    List<MappingNode> configs = YamlReader.readManifests(file);
    sources.read(file, configs);
    if (configs.size() != 1) {
      throw new Unusable(
          file + " holds " + configs.size() + " objects; the function config is one ConfigMap");
    }
    return configs.get(0);
  }

  /** The files to read: each named file, and every .yaml/.yml file under each directory, sorted. */
  static List<Path> files(List<Path> paths, String command, PrintStream stderr) {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> walk = Files.walk(path)) {
          List<Path> found = walk.filter(Files::isRegularFile).sorted().toList();
          if (found.stream().noneMatch(ManifestFiles::isManifestFile)) {
            throw new Unusable(EmptyFolder.message(path, found));
          }
          for (Path file : found) {
            if (isManifestFile(file)) {
              files.add(file);
            } else if (SKIPPED_FILES.contains(file.getFileName().toString())) {
              stderr.println(
                  "warning: "
                      + file
                      + " is not read: "
                      + command
                      + " reads manifests only, so its patches and"
                      + " generators are not applied; build a kustomization with kustomize");
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else if (Files.isRegularFile(path)) {
        files.add(path);
      } else {
        throw new Unusable(path + ": no such file or directory");
      }
    }
    return files;
  }

  private static boolean isManifestFile(Path file) {
    String name = file.getFileName().toString();
    return (name.endsWith(".yaml") || name.endsWith(".yml")) && !SKIPPED_FILES.contains(name);
  }
}
