package io.unboundedcloud.racer.krm.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Test support: copies of example folders, byte snapshots of them, and the objects their YAML
 * holds.
 */
final class PackageFiles {
  private PackageFiles() {}

  /** Copies the tree {@code from} to {@code to} (which must not exist yet). */
  static Path copy(Path from, Path to) {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path source : paths.toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target);
        }
      }
      return to;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + " to " + to, e);
    }
  }

  /**
   * Every file under {@code dir}, by its path relative to it ('/'-separated), with its exact bytes
   * as ISO-8859-1 text (one char a byte: equal snapshots are equal bytes, and a failure shows a
   * readable diff).
   */
  static Map<String, String> snapshot(Path dir) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path file : paths.filter(Files::isRegularFile).toList()) {
        String relative = dir.relativize(file).toString().replace('\\', '/');
        files.put(relative, new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir, e);
    }
  }

  /** Writes a {@link #snapshot} back as files under {@code dir}. */
  static Path restore(Map<String, String> snapshot, Path dir) {
    try {
      for (Map.Entry<String, String> file : snapshot.entrySet()) {
        Path target = dir.resolve(file.getKey());
        Files.createDirectories(target.getParent());
        Files.write(target, file.getValue().getBytes(StandardCharsets.ISO_8859_1));
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir, e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  static void write(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** The objects of a YAML stream, each a plain map (fails on a document that is not a mapping). */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> objects(String yamlStream) {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yamlStream)) {
      if (document == null) {
        continue;
      }
      if (!(document instanceof Map<?, ?>)) {
        throw new AssertionError("a YAML document that is not an object: " + document);
      }
      objects.add((Map<String, Object>) document);
    }
    return objects;
  }

  /** The objects of a file's content in a {@link #snapshot}. */
  static List<Map<String, Object>> objectsInFile(String snapshotContent) {
    return objects(
        new String(snapshotContent.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
  }

  /** The comment lines (trimmed, in order) of a YAML text. */
  static List<String> commentLines(String yaml) {
    return yaml.lines().map(String::strip).filter(line -> line.startsWith("#")).toList();
  }
}
